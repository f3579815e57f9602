import Compositor
import LayerTree

/// `offscreen-sim devices`: lists the device profiles.
enum DevicesCommand: ToolCommand {
  static let deviceFile = OptionDeclaration(
    "--device-file", value: "file", kind: .file,
    help: "Also list a device profile loaded from JSON (docs/cost-model.md, \"Your own device\").")

  static let declaration = CommandDeclaration(
    name: "devices", summary: "List the devices a scene can run on.",
    discussion: """
      Memory bandwidth and the GPU and CPU speeds (relative to the A8) come from public hardware facts; \
      docs/cost-model.md gives each source.
      """,
    options: [deviceFile],
    exitCodes: [
      ExitCodeNote(.success, "the devices were listed"),
      ExitCodeNote(.usageOrInput, "usage error, or the device profile cannot be read"),
    ],
    examples: ["offscreen-sim devices", "offscreen-sim devices --device-file my-device.json"])

  static func run(_ parsed: ParsedArguments, io: ToolIO) throws -> ExitCode {
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
