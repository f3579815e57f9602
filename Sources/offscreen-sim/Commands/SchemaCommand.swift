import Compositor
import LayerTree

/// `offscreen-sim schema`: writes the scene format's JSON Schema, generated from the format's
/// description; `scenes/scene.schema.json` is its output. `schema measurements` writes the
/// measurements file's (`measurements/measurements.schema.json`).
enum SchemaCommand: ToolCommand {
  static let output = SharedOptions.output("Write to this file instead of standard output (- for standard output).")

  static let documents = [
    Choice("scene", "a scene file (docs/scene-format.md): scenes/scene.schema.json."),
    Choice("measurements", "a measurements file (docs/calibration.md): measurements/measurements.schema.json."),
  ]

  static let declaration = CommandDeclaration(
    name: "schema", summary: "Write the scene format's JSON Schema (draft 2020-12), for editors; or the measurements file's.",
    discussion: """
      The schema is made from the same description of the format the readers follow; \
      scenes/scene.schema.json is its output. Point a scene's "$schema" key at it for completion \
      and checks in an editor. The tool checks more than a schema can: ids unique among siblings, \
      the layer count after repeat, timeline targets that name layers. 'schema measurements' writes the \
      schema of a measurements file (docs/calibration.md) the same way.
      """,
    arguments: [
      ArgumentDeclaration(
        "scene | measurements", kind: .oneOf(documents), count: 0...1, help: "Which file's schema. Default: scene.")
    ],
    options: [output],
    exitCodes: [
      ExitCodeNote(.success, "written"),
      ExitCodeNote(.usageOrInput, "usage error, or the file cannot be written"),
    ],
    examples: [
      "offscreen-sim schema -o scenes/scene.schema.json", "offscreen-sim schema measurements -o measurements/measurements.schema.json",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard parsed.positional.count <= 1 else { throw UsageError("schema takes at most one argument: scene or measurements") }
    let devices = DeviceCatalogue.all.map(\.id)
    let text: String
    switch parsed.positional.first ?? "scene" {
    case "scene": text = SceneSchema.rendered(devices: devices)
    case "measurements": text = MeasurementsFormat.schema(devices: devices)
    case let other:
      var message = "unknown document '\(other)'; expected scene or measurements"
      if let suggestion = nearest(to: other, in: documents.map(\.value)) { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message)
    }
    try OutputFile(io: io).write(text, to: parsed.value(Self.output) ?? "-", kind: .json)
    return .success
  }
}
