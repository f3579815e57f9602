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
      docs/cost-model.md gives each source. --device also takes an alias listed under the table \
      (iphone-se: the newest iPhone SE); a file names the device by its id, so that its figures do not \
      move when a newer model takes the alias.
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
    var text = TextTable.render(rows)
    // The aliases, under the table; a loaded profile whose id is an alias's name hides the alias
    // (--device then names the profile).
    let ids = selection.devices.map(\.id)
    let aliases = DeviceCatalogue.aliases.filter { !ids.contains($0.name) && ids.contains($0.id) }
    if !aliases.isEmpty { text += "\n" + aliases.map { "--device \($0.name): \($0.id), \($0.meaning)\n" }.joined() }
    io.out(text)
    return .success
  }
}
