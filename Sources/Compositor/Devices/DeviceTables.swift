import LayerTree

/// The docs' device tables, made from the catalogue: the chips the cost model reads
/// (docs/cost-model.md, "Devices: hardware facts") and the screens a scene can name
/// (docs/scene-format.md, "Devices"). A document marks each table with `<!-- devices: KIND -->`
/// and `<!-- end devices -->`; a test holds the text between the marks equal to what these
/// functions write, so that a device added to the catalogue reaches the docs.
public enum DeviceTables {
  /// The tables a document can hold, by the name its opening mark gives.
  public enum Kind: String, Sendable, CaseIterable {
    /// One row a chip (a set of chip figures), with the devices that have it.
    case chips
    /// One row a device: its screen, refresh rate and GPU.
    case screens
  }

  /// The opening mark of a table in a document.
  public static func openingMark(_ kind: Kind) -> String { "<!-- devices: \(kind.rawValue) -->" }
  public static let closingMark = "<!-- end devices -->"

  /// The table of `kind` for `devices`, as Markdown.
  public static func markdown(_ kind: Kind, devices: [DeviceProfile] = DeviceCatalogue.all) -> String {
    switch kind {
    case .chips: return chipsMarkdown(devices)
    case .screens: return screensMarkdown(devices)
    }
  }

  /// One row for each set of chip figures (GPU, Metal family, speeds, bandwidth, system cache), in
  /// the order of the first device that has it, naming every device that has it. A figure the
  /// catalogue assumes is marked "(assumed)".
  public static func chipsMarkdown(_ devices: [DeviceProfile]) -> String {
    var lines = [
      "| chip: devices | Metal family | `gpuSpeed` | `cpuSpeed` | bandwidth | system cache | compresses targets |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    var chips: [(chip: DeviceProfile, names: [String])] = []
    for device in devices {
      if let index = chips.firstIndex(where: { sameChip($0.chip, device) }) {
        chips[index].names.append(device.name)
      } else {
        chips.append((device, [device.name]))
      }
    }
    for (chip, names) in chips {
      func marked(_ text: String, _ figure: DeviceFigure) -> String {
        chip.assumedFigures.contains(figure) ? text + " (assumed)" : text
      }
      let cells = [
        "\(chip.gpu): \(names.joined(separator: ", "))",
        familyText(chip),
        marked(formatNumber(chip.gpuSpeed), .gpuSpeed),
        marked(formatNumber(chip.cpuSpeed), .cpuSpeed),
        marked("\(formatNumber(chip.memoryBandwidth / 1e9)) GB/s", .memoryBandwidth),
        marked(chip.systemCacheBytes == 0 ? "none" : "\(formatNumber(chip.systemCacheBytes / 1_048_576)) MB", .systemCache),
        chip.compressesRenderTargets ? "yes" : "no",
      ]
      lines.append(row(cells))
    }
    return lines.joined(separator: "\n")
  }

  /// One row a device: id, name, screen in points, scale, the pixels rendered (and the panel's,
  /// when the system downsamples), refresh rate, GPU and Metal family.
  public static func screensMarkdown(_ devices: [DeviceProfile]) -> String {
    var lines = [
      "| id | device | points | scale | rendered pixels | refresh | GPU (Metal family) |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for device in devices {
      var rendered = size(device.renderedPixels)
      if let panel = device.panelPixels { rendered += ", downsampled to the \(size(panel)) panel" }
      let cells = [
        "`\(device.id)`", device.name, size(device.screen.points), formatNumber(device.screen.scale), rendered,
        "\(formatNumber(device.refreshRate)) Hz", "\(device.gpu), \(familyText(device))",
      ]
      lines.append(row(cells))
    }
    return lines.joined(separator: "\n")
  }

  /// `text` with every marked table replaced by the one made from `devices`; a mark without its
  /// closing mark is left as it is.
  public static func regenerated(_ text: String, devices: [DeviceProfile] = DeviceCatalogue.all) -> String {
    var result = text
    for kind in Kind.allCases {
      let table = "\n" + markdown(kind, devices: devices) + "\n"
      var parts = result.components(separatedBy: openingMark(kind))
      for index in parts.indices.dropFirst() {
        guard let end = parts[index].range(of: closingMark) else { continue }
        parts[index] = table + parts[index][end.lowerBound...]
      }
      result = parts.joined(separator: openingMark(kind))
    }
    return result
  }

  /// Two profiles have the same chip when every figure the cost model reads of the chip is the
  /// same, and the catalogue assumes the same ones.
  static func sameChip(_ a: DeviceProfile, _ b: DeviceProfile) -> Bool {
    a.gpu == b.gpu && a.gpuFamily == b.gpuFamily && a.gpuSpeed == b.gpuSpeed && a.cpuSpeed == b.cpuSpeed
      && a.memoryBandwidth == b.memoryBandwidth && a.systemCacheBytes == b.systemCacheBytes && a.assumedFigures == b.assumedFigures
  }

  static func familyText(_ device: DeviceProfile) -> String {
    device.gpuFamily == DeviceProfile.preMetalFamily ? "none (OpenGL ES only)" : device.gpuFamily
  }

  static func size(_ size: Size) -> String { "\(formatNumber(size.width)) x \(formatNumber(size.height))" }

  static func row(_ cells: [String]) -> String {
    "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
  }
}
