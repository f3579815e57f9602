/// Reads a `budgets` object: a scene's `budgets` key, or a whole budgets file (`--budgets`).
///
/// Every key, value and device is checked and every problem recorded with its JSON path and
/// line:column, like the rest of the scene: an unknown budget or device comes with the nearest
/// known name ("did you mean `maxGpuMsP95`?"). A project configuration's `budgets` key
/// (SceneBatch's `ProjectConfigDecoder`) is read by it too.
public struct BudgetsReader {
  let context: DecodingContext
  /// The device ids a budget may name.
  let devices: [String]

  /// A reader recording its problems in `context`; `devices`: the ids a budget may name.
  public init(context: DecodingContext, devices: [String]) {
    self.context = context
    self.devices = devices
  }

  /// The keys of a budgets object: the limits, then `devices` and `checkOn`.
  static let keys = BudgetKind.allCases.map(\.rawValue) + ["devices", "checkOn"]

  /// Reads the budgets at `path`. `sceneDevice` is the device the scene file names, when the
  /// budgets belong to a scene: without `checkOn` only that device is checked, so an override
  /// for another device is reported as never used. Nil when a problem leaves nothing to use.
  public func read(_ value: JSONValue, _ path: JSONPath, sceneDevice: String?) -> Budgets? {
    guard let members = context.members(value, path, expected: "a budgets object such as { \"maxOffscreenPassesPerFrame\": 0 }")
    else { return nil }
    var budgets = Budgets()
    var ok = true
    var overrides: [(member: JSONValue.Member, device: String)] = []
    for member in context.unique(members, in: path) {
      switch member.key {
      case "devices":
        guard let deviceMembers = context.members(member.value, path.key("devices"), expected: "an object of device ids") else {
          ok = false
          continue
        }
        let devicesPath = path.key("devices")
        for deviceMember in context.unique(deviceMembers, in: devicesPath) {
          guard knownDevice(deviceMember.key, devicesPath, key: deviceMember.key, at: deviceMember.keyOffset) else {
            ok = false
            continue
          }
          guard let limits = readLimits(deviceMember.value, devicesPath.key(deviceMember.key), what: "a device's budgets") else {
            ok = false
            continue
          }
          budgets.deviceLimits[deviceMember.key] = limits
          overrides.append((deviceMember, deviceMember.key))
        }
      case "checkOn":
        if let list = readDeviceList(member.value, path) { budgets.checkOn = list } else { ok = false }
      default:
        if let kind = BudgetKind(rawValue: member.key) {
          if let limit = readLimit(kind, member, path) { budgets.limits.append(limit) } else { ok = false }
        } else {
          unknownKey(member, path, known: Self.keys, what: "the budgets")
          ok = false
        }
      }
    }
    budgets.limits.sort { Self.order($0.kind) < Self.order($1.kind) }

    // An override for a device that is never checked is a mistake the user cannot see otherwise.
    let checked = budgets.checkOn ?? sceneDevice.map { [$0] }
    if let checked {
      for (member, device) in overrides where !checked.contains(device) {
        let devicesPath = path.key("devices")
        let fix =
          budgets.checkOn == nil
          ? "add \"checkOn\": [\(([sceneDevice ?? ""] + [device]).map { "\"\($0)\"" }.joined(separator: ", "))] to check on it too"
          : "add \"\(device)\" to `checkOn`"
        context.error(
          devicesPath, key: device, at: member.keyOffset,
          "budgets for \(device) are never checked: the scene is checked on \(checked.joined(separator: ", ")) only",
          notes: [fix])
        ok = false
      }
    }
    return ok ? budgets : nil
  }

  /// Records an unknown key with the nearest known one, or the known keys when none is near.
  private func unknownKey(_ member: JSONValue.Member, _ path: JSONPath, known: [String], what: String) {
    let notes =
      suggestion(for: member.key, in: known).map { ["did you mean `\($0)`?"] }
      ?? ["known keys of \(what): \(known.joined(separator: ", "))"]
    context.error(path, key: member.key, at: member.keyOffset, "unknown key `\(member.key)` in \(what)", notes: notes)
  }

  /// ``suggestion(for:in:)`` while the problems found are fewer than ``SceneErrors/shownLimit``
  /// (``DecodingContext/suggestion(for:in:)``).
  private func suggestion(for word: String, in names: [String]) -> String? {
    guard context.diagnostics.count < SceneErrors.shownLimit else { return nil }
    return Self.suggestion(for: word, in: names)
  }

  /// The nearest name by edit distance, or else the only name that starts with the word (or
  /// that the word starts with), ignoring case: `maxGpuMs` -> `maxGpuMsP95`.
  static func suggestion(for word: String, in names: [String]) -> String? {
    if let near = nearest(to: word, in: names) { return near }
    let lower = word.lowercased()
    guard lower.count >= 3 else { return nil }
    let prefixed = names.filter { $0.lowercased().hasPrefix(lower) || lower.hasPrefix($0.lowercased()) }
    return prefixed.count == 1 ? prefixed[0] : nil
  }

  private static func order(_ kind: BudgetKind) -> Int { BudgetKind.allCases.firstIndex(of: kind) ?? 0 }

  /// A device's object: limits only.
  private func readLimits(_ value: JSONValue, _ path: JSONPath, what: String) -> [Budgets.Limit]? {
    guard let members = context.members(value, path, expected: "an object of budgets such as { \"maxGpuMsP95\": 12 }") else {
      return nil
    }
    var limits: [Budgets.Limit] = []
    var ok = true
    for member in context.unique(members, in: path) {
      guard let kind = BudgetKind(rawValue: member.key) else {
        unknownKey(member, path, known: BudgetKind.allCases.map(\.rawValue), what: what)
        ok = false
        continue
      }
      if let limit = readLimit(kind, member, path) { limits.append(limit) } else { ok = false }
    }
    limits.sort { Self.order($0.kind) < Self.order($1.kind) }
    return ok ? limits : nil
  }

  /// One limit's value, in the range its figure can take.
  private func readLimit(_ kind: BudgetKind, _ member: JSONValue.Member, _ path: JSONPath) -> Budgets.Limit? {
    let value: Double?
    switch kind {
    case .maxOffscreenPassesPerFrame:
      value = context.integer(member.value, path, member.key, in: 0...1_000_000_000).map(Double.init)
    case .minRasterHitRate:
      value = context.number(member.value, path, member.key, in: 0...1)
    case .minFps:
      value = context.number(member.value, path, member.key, in: 0...1000)
    case .maxGpuMsP95, .maxMainThreadMsP95, .maxHitchTimeRatio, .maxMemoryBytes:
      value = context.nonNegative(member.value, path, member.key)
    }
    guard let value else { return nil }
    return Budgets.Limit(kind: kind, value: value, location: context.source.location(ofOffset: member.keyOffset))
  }

  /// `checkOn`: a non-empty list of known devices, each once.
  private func readDeviceList(_ value: JSONValue, _ path: JSONPath) -> [String]? {
    guard case .array(let items) = value.kind, !items.isEmpty else {
      context.error(
        path, key: "checkOn", at: value.offset,
        "expected a non-empty array of device ids such as [\"iphone-7\"], found \(context.describe(value))")
      return nil
    }
    var list: [String] = []
    var ok = true
    let listPath = path.key("checkOn")
    for (index, item) in items.enumerated() {
      let itemPath = listPath.rendered + "[\(index)]"
      guard case .string(let device) = item.kind else {
        context.error(itemPath, at: item.offset, "expected a device id, found \(context.describe(item))")
        ok = false
        continue
      }
      guard knownDevice(device, listPath, key: "", at: item.offset, rendered: itemPath) else {
        ok = false
        continue
      }
      if list.contains(device) {
        context.error(itemPath, at: item.offset, "\"\(device)\" is listed twice")
        ok = false
        continue
      }
      list.append(device)
    }
    return ok ? list : nil
  }

  /// True for a known device; otherwise records the problem with the nearest known id.
  private func knownDevice(_ device: String, _ path: JSONPath, key: String, at offset: Int, rendered: String? = nil) -> Bool {
    if devices.contains(device) { return true }
    var notes: [String] = []
    if let suggestion = suggestion(for: device, in: devices) { notes.append("did you mean \"\(suggestion)\"?") }
    notes.append("known devices: \(devices.joined(separator: ", "))")
    context.error(rendered ?? path.rendered(appending: key), at: offset, "unknown device \"\(device)\"", notes: notes)
    return false
  }
}

/// Reads a budgets file (`offscreen-sim check --budgets file.json`): one budgets object, as a
/// scene's `budgets` key holds.
public enum BudgetsDecoder {
  /// Decodes `bytes`; `devices` are the device ids a budget may name. Throws every problem found,
  /// in file order.
  public static func decode(_ bytes: [UInt8], devices: [String]) throws(SceneErrors) -> Budgets {
    let (value, source) = try JSONReader.parseFile(bytes)
    let context = DecodingContext(source: source)
    let budgets = BudgetsReader(context: context, devices: devices.sorted()).read(value, .document, sceneDevice: nil)
    if let budgets, context.diagnostics.isEmpty { return budgets }
    throw SceneErrors(context.sortedDiagnostics)
  }
}

extension DecodingContext {
  /// The problems in file order, those without a place first; ties keep the order found.
  public var sortedDiagnostics: [Diagnostic] {
    diagnostics.enumerated().sorted { lhs, rhs in
      let l = lhs.element.location ?? SourceLocation(line: 0, column: 0)
      let r = rhs.element.location ?? SourceLocation(line: 0, column: 0)
      return l != r ? l < r : lhs.offset < rhs.offset
    }.map(\.element)
  }
}
