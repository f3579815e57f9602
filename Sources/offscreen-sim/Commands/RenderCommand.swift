import Compositor
import LayerTree

/// `offscreen-sim render <scene> --frame N -o out.svg`: one frame's screen as SVG, with
/// Instruments' colour overlays.
enum RenderCommand: ToolCommand {
  static let output = SharedOptions.output(
    "Where to write the SVG; - writes it to standard output.", required: "where to write the SVG (- for standard output)")
  static let frame = OptionDeclaration(
    "--frame", value: "n|worst", kind: .suggested(["worst"]),
    help:
      "The frame to draw, from 0. 'worst' picks the frame with the most offscreen passes (else the most GPU time). A frame past the last is an error that names the range.",
    default: "0")
  static let overlay = OptionDeclaration(
    "--overlay", value: "overlay", kind: .suggested(Overlay.allCases.map(\.rawValue) + ["all"]),
    help: """
      What to colour; a comma-separated list also works: offscreen,raster. Default: offscreen.
        offscreen: yellow on every layer that takes an offscreen pass, darker when nested inside another pass.
        raster: green raster cache hits, red misses.
        blended: overdraw per layer, Android's 1x blue, 2x green, 3x pink, 4x+ red.
        misaligned: magenta on scaled or misaligned images.
        all: every overlay.
      """)

  static let declaration = CommandDeclaration(
    name: "render",
    summary: "Draw one frame as SVG with Instruments' colour overlays (offscreen, raster cache, overdraw, images).",
    discussion: """
      Each visible layer is drawn at its place with its corner radius: text as grey bars, images as a light fill (no \
      pixels are rendered). A caption gives the scene, device, frame and counts; a legend explains the colours. \
      Overlays and colours: docs/pictures.md.
      """,
    arguments: [SharedOptions.scene],
    options: [output, frame, overlay] + SharedOptions.deviceGroup + SharedOptions.limitGroup,
    exitCodes: [
      ExitCodeNote(.success, "the picture was written"),
      ExitCodeNote(
        .usageOrInput, "usage error (no -o, a frame out of range), the scene cannot be read, or the file cannot be written"),
    ],
    examples: [
      "offscreen-sim render scenes/qqmusic-home-v1.json -o v1.svg",
      "offscreen-sim render scenes/timeline-cell.json --frame worst --overlay all -o cell.svg",
    ])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
    guard parsed.positional.count == 1 else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing the scene file to draw" : "expected one scene file, found \(parsed.positional.count)")
    }
    let output = try OutputFile.path(parsed.value(Self.output))
    let overlays = try parseOverlays(parsed.value(Self.overlay))
    let frameOption = try parseFrame(parsed.value(Self.frame))
    let devices = try DeviceSelection(parsed, io: io)
    let keep: Simulator.KeptFrame
    switch frameOption {
    case .worst: keep = .worst
    case .index(let index): keep = .index(index)
    }
    let simulated = try SimulatedScene.load(parsed.positional[0], devices: devices, io: io, keeping: keep)
    let frameCount = simulated.report.frames.count
    let frame: Int
    switch frameOption {
    case .worst: frame = SimulatedScene.worstFrame(simulated.report)
    case .index(let index):
      guard index < frameCount else {
        throw UsageError(
          "frame \(index) is out of range: \(simulated.file) has \(Markup.plural(frameCount, "frame")) (0 to \(frameCount - 1))")
      }
      frame = index
    }
    let input = simulated.picture(frame: frame, overlays: overlays)
    try OutputFile(io: io, inputs: parsed.positional).write(FramePictureFormatter.document(input), to: output)
    if output != "-" {
      let plan = input.snapshot.plan
      let layers = plan.nodes.filter { !$0.offscreen.isEmpty }.count
      io.out(
        "wrote \(output): frame \(frame) of \(frameCount), \(overlays.map(\.rawValue).joined(separator: ", ")); \(Markup.plural(plan.offscreenPasses, "offscreen pass", "offscreen passes")) on \(Markup.plural(layers, "layer"))\n"
      )
    }
    return .success
  }

  enum FrameChoice: Equatable {
    case index(Int)
    case worst
  }

  static func parseFrame(_ value: String?) throws(UsageError) -> FrameChoice {
    guard let value else { return .index(0) }
    if value == "worst" { return .worst }
    guard let index = Int(value), index >= 0 else {
      throw UsageError("--frame expects a frame number from 0 or 'worst', found '\(value)'")
    }
    return .index(index)
  }

  static func parseOverlays(_ value: String?) throws(UsageError) -> [Overlay] {
    guard let value else { return [.offscreen] }
    guard let overlays = Overlay.parse(value) else {
      let names = Overlay.allCases.map(\.rawValue) + ["all"]
      var message = "unknown overlay '\(value)'"
      if !value.contains(","), let suggestion = nearest(to: value, in: names) { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message + " (expected one of: \(names.joined(separator: ", ")), or a comma-separated list)")
    }
    return overlays
  }
}
