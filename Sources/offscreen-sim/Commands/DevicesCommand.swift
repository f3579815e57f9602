import Compositor
import LayerTree

/// `offscreen-sim devices`: lists the device profiles.
enum DevicesCommand: ToolCommand {
  static let name = "devices"
  static let summary = "List the devices a scene can run on."
  static let usageLine = "offscreen-sim devices [--device-file F]"
  static let help = """
    OVERVIEW: \(summary)

    USAGE: \(usageLine)

    OPTIONS:
      --device-file <f>   Also list a device profile loaded from JSON.
      -h, --help          Show this help.

    Memory bandwidth and the GPU and CPU speeds (relative to the A8) come from public hardware
    facts; docs/cost-model.md gives each source.

    """

  static func run(_ arguments: [String], io: ToolIO) throws -> ExitCode {
    let parsed = try ParsedArguments(arguments, options: ["--device-file"], flags: [])
    if !parsed.positional.isEmpty { throw UsageError("devices takes no arguments") }
    let selection = try DeviceSelection(parsed, io: io)
    var rows = [["id", "name", "points", "scale", "rendered pixels", "refresh", "GPU", "bandwidth", "GPU x", "CPU x"]]
    for device in selection.devices {
      rows.append([
        device.id, device.name,
        "\(formatNumber(device.screen.points.width))x\(formatNumber(device.screen.points.height))",
        "@\(formatNumber(device.screen.scale))x",
        "\(formatNumber(device.renderedPixels.width))x\(formatNumber(device.renderedPixels.height))",
        "\(formatNumber(device.refreshRate)) Hz", device.gpu,
        "\(formatNumber(device.memoryBandwidth / 1e9)) GB/s", formatNumber(device.gpuSpeed), formatNumber(device.cpuSpeed),
      ])
    }
    io.out(TextTable.render(rows))
    return .success
  }
}
