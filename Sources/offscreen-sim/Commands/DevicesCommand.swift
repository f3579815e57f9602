import Compositor
import LayerTree

/// `offscreen-sim devices`: lists the device profiles.
enum DevicesCommand: ToolCommand {
  static let name = "devices"
  static let summary = "List the devices a scene can run on."
  static let usageLine = "offscreen-sim devices"
  static let help = """
    OVERVIEW: \(summary)

    USAGE: \(usageLine)

    OPTIONS:
      -h, --help  Show this help.

    """

  static func run(_ arguments: [String], io: ToolIO) throws -> ExitCode {
    let parsed = try ParsedArguments(arguments, options: [], flags: [])
    if !parsed.positional.isEmpty { throw UsageError("devices takes no arguments") }
    var rows = [["id", "name", "points", "scale", "rendered pixels", "refresh", "GPU"]]
    for device in DeviceCatalogue.all {
      rows.append([
        device.id, device.name,
        "\(formatNumber(device.screen.points.width))x\(formatNumber(device.screen.points.height))",
        "@\(formatNumber(device.screen.scale))x",
        "\(formatNumber(device.renderedPixels.width))x\(formatNumber(device.renderedPixels.height))",
        "\(formatNumber(device.refreshRate)) Hz", device.gpu,
      ])
    }
    io.out(TextTable.render(rows))
    return .success
  }
}
