import Compositor
import LayerTree

/// `offscreen-sim render <scene> --frame N -o out.svg`: one frame's screen as SVG, with
/// Instruments' colour overlays.
enum RenderCommand: ToolCommand {
  static let name = "render"
  static let summary = "Draw one frame as SVG with Instruments' colour overlays (offscreen, raster cache, overdraw, images)."
  static let usageLine =
    "offscreen-sim render <scene.json | -> -o <out.svg | -> [--frame N|worst] [--overlay offscreen|raster|blended|misaligned|all] [--device ID]"
  static let help = """
    OVERVIEW: \(summary)

    USAGE: \(usageLine)

    Each visible layer is drawn at its place with its corner radius: text as grey bars, images as
    a light fill (no pixels are rendered). A caption gives the scene, device, frame and counts; a
    legend explains the colours. Overlays and colours: docs/pictures.md.

    ARGUMENTS:
      <scene.json>          A scene file (docs/scene-format.md), or - to read standard input.

    OPTIONS:
      -o, --output <file>   Where to write the SVG (required); - writes it to standard output.
      --frame <n|worst>     The frame to draw, from 0 (default 0). 'worst' picks the frame with the
                            most offscreen passes (else the most GPU time). A frame past the last
                            is an error that names the range.
      --overlay <overlay>   offscreen (default): yellow on every layer that takes an offscreen
                              pass, darker when nested inside another pass;
                            raster: green raster cache hits, red misses;
                            blended: overdraw per layer, Android's 1x blue, 2x green, 3x pink,
                              4x+ red;
                            misaligned: magenta on scaled or misaligned images;
                            all: every overlay. A comma-separated list also works: offscreen,raster.
      --device <id>         Run on this device instead of the scene's own (see 'offscreen-sim devices').
      --device-file <f>     Load a device profile from JSON and run on it (docs/cost-model.md).
      -h, --help            Show this help.

    EXIT CODES:
      0  the picture was written
      2  usage error (no -o, a frame out of range), the scene cannot be read, or the file cannot
         be written

    EXAMPLE:
      offscreen-sim render scenes/qqmusic-home-v1.json -o v1.svg
      offscreen-sim render scenes/timeline-cell.json --frame worst --overlay all -o cell.svg

    """

  static func run(_ arguments: [String], io: ToolIO) throws -> ExitCode {
    let parsed = try ParsedArguments(
      arguments, options: Set(["-o", "--output", "--frame", "--overlay"]).union(DeviceSelection.options), flags: [])
    guard parsed.positional.count == 1 else {
      throw UsageError(
        parsed.positional.isEmpty ? "missing the scene file to draw" : "expected one scene file, found \(parsed.positional.count)")
    }
    let output = try OutputFile.path(parsed, what: "SVG")
    let overlays = try parseOverlays(parsed.value("--overlay"))
    let frameOption = try parseFrame(parsed.value("--frame"))
    let devices = try DeviceSelection(parsed, io: io)
    let simulated = try SimulatedScene.load(parsed.positional[0], devices: devices, io: io)
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
    try OutputFile(io: io).write(FramePictureFormatter.document(input), to: output)
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
      if !value.contains(","), let suggestion = closest(value, in: names) { message += "; did you mean '\(suggestion)'?" }
      throw UsageError(message + " (expected one of: \(names.joined(separator: ", ")), or a comma-separated list)")
    }
    return overlays
  }
}
