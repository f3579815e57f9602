import LayerTree

/// A project's settings for `check` and `compare`, from its `.offscreen-sim.json`: the scenes to
/// check, the devices, budgets for scenes without their own, the gates and tolerance of
/// comparisons, and which budgets and gates only warn. Every key is optional; options on the
/// command line override them.
///
/// ```json
/// {
///   "//": "keys starting with // are comments, and so is $comment",
///   "extends": "recommended",
///   "scenes": ["scenes/**/*.json"],
///   "devices": ["iphone-13-pro"],
///   "budgets": { "maxOffscreenPassesPerFrame": 2 },
///   "gates": ["default", "findings"],
///   "tolerance": 5,
///   "levels": { "findings": "warning", "maxGpuMsP95": "warning" }
/// }
/// ```
public struct ProjectConfig: Sendable, Hashable {
  /// What a budget or a gate does when it is not met.
  public enum Level: String, Sendable, Hashable, CaseIterable {
    /// The run fails: exit code 1.
    case error
    /// The result is printed as a warning; the run does not fail for it.
    case warning
  }

  /// The preset the file builds on, if any (``ProjectConfig/presets``).
  public var extends: String?
  /// Scene files, folders or globs (`*`, `**`, `?`), relative to the file's folder.
  public var scenes: [String]?
  /// Device ids to check and compare on instead of the scenes' own.
  public var devices: [String]?
  /// Budgets for the scenes that have none of their own.
  public var budgets: Budgets?
  /// `--gate` values: metric ids and the keywords `default`, `all`, `none`, `findings`.
  public var gates: [String]?
  /// The tolerance of comparisons, in percent.
  public var tolerance: Double?
  /// Levels by budget name (`maxGpuMsP95`) or gate (`gpuMs.p95`, `findings`); the rest are errors.
  public var levels: [String: Level]

  public init(
    extends: String? = nil, scenes: [String]? = nil, devices: [String]? = nil, budgets: Budgets? = nil, gates: [String]? = nil,
    tolerance: Double? = nil, levels: [String: Level] = [:]
  ) {
    self.extends = extends
    self.scenes = scenes
    self.devices = devices
    self.budgets = budgets
    self.gates = gates
    self.tolerance = tolerance
    self.levels = levels
  }

  /// The level of a budget or gate: ``levels``, else error.
  public func level(of name: String) -> Level { levels[name] ?? .error }

  /// This file's settings over `base`'s: each key the file sets wins, levels key by key.
  public func over(_ base: ProjectConfig) -> ProjectConfig {
    ProjectConfig(
      extends: extends, scenes: scenes ?? base.scenes, devices: devices ?? base.devices, budgets: budgets ?? base.budgets,
      gates: gates ?? base.gates, tolerance: tolerance ?? base.tolerance, levels: base.levels.merging(levels) { _, own in own })
  }

  /// The presets a file can name in `extends`.
  ///
  /// `recommended`: comparisons fail when a default gate gets worse (offscreen passes, GPU and
  /// main-thread time p95, hitch time ratio, frame rate, raster cache hit rate, memory) and warn
  /// when a finding appears; every scene without budgets of its own is held to a hitch time
  /// ratio of 5 ms/s, as a warning: Apple's "good" band ends there (tech talk 10855: good under
  /// 5 ms/s, warning 5 to 10, critical from 10).
  public static let presets: [String: ProjectConfig] = [
    "recommended": ProjectConfig(
      budgets: Budgets(limits: [Budgets.Limit(kind: .maxHitchTimeRatio, value: 5)]), gates: ["default", "findings"],
      levels: ["findings": .warning, BudgetKind.maxHitchTimeRatio.rawValue: .warning])
  ]

  /// The file's keys, in the order `init` writes them.
  public static let keys = ["extends", "scenes", "devices", "budgets", "gates", "tolerance", "levels"]
}

/// Reads a project configuration file (`.offscreen-sim.json`), reporting every problem with its
/// JSON path and line:column like a scene: unknown keys with the nearest known one, devices,
/// gates and budget names that do not exist, values of the wrong type.
public enum ProjectConfigDecoder {
  /// Decodes `bytes` and applies the preset it extends. `devices` are the device ids it may
  /// name; `gates` the metric ids and keywords `gates` may hold (and levels may name, with the
  /// budget names). Throws every problem found, in file order.
  public static func decode(_ bytes: [UInt8], devices: [String], gates: [String]) throws(SceneErrors) -> ProjectConfig {
    let (value, source) = try JSONReader.parseFile(bytes)
    let context = DecodingContext(source: source)
    var config = ProjectConfig()
    guard let members = context.members(value, .document, expected: "an object of settings such as { \"extends\": \"recommended\" }")
    else { throw SceneErrors(context.sortedDiagnostics) }
    let path = JSONPath.document
    for member in context.unique(members, in: path) {
      // Comments: JSON has none, so keys starting with `//` and `$comment` hold them.
      if member.key.hasPrefix("//") || member.key == "$comment" { continue }
      switch member.key {
      case "extends":
        guard let name = context.string(member.value, path, member.key) else { continue }
        guard ProjectConfig.presets[name] != nil else {
          let known = ProjectConfig.presets.keys.sorted()
          context.error(
            path, key: member.key, at: member.value.offset, "unknown preset \"\(name)\"",
            notes: ["known presets: \(known.joined(separator: ", "))"])
          continue
        }
        config.extends = name
      case "scenes":
        config.scenes = strings(member, path, context: context, what: "scene paths or globs such as \"scenes/**/*.json\"") { _ in nil }
      case "devices":
        let known = Set(devices)
        config.devices = strings(member, path, context: context, what: "device ids") { name in
          known.contains(name) ? nil : unknown(name, in: devices, what: "device", context: context)
        }
      case "gates":
        let known = Set(gates)
        config.gates = strings(member, path, context: context, what: "metric ids or default, all, none, findings") { name in
          known.contains(name) ? nil : unknown(name, in: gates, what: "gate", context: context)
        }
      case "budgets":
        config.budgets = BudgetsReader(context: context, devices: devices.sorted()).read(
          member.value, path.key(member.key), sceneDevice: nil)
      case "tolerance":
        config.tolerance = context.number(member.value, path, member.key, in: 0...10_000)
      case "levels":
        config.levels = levels(member, path, context: context, names: BudgetKind.allCases.map(\.rawValue) + gates)
      default:
        context.unknownKey(member, in: path, known: ProjectConfig.keys, what: "the project configuration")
      }
    }
    if !context.diagnostics.isEmpty { throw SceneErrors(context.sortedDiagnostics) }
    if let preset = config.extends.flatMap({ ProjectConfig.presets[$0] }) { config = config.over(preset) }
    return config
  }

  /// A problem with an unknown name (message and notes), or nil when it is known.
  private static func known(_ name: String, in names: [String], what: String, context: DecodingContext) -> (String, [String])? {
    names.contains(name) ? nil : unknown(name, in: names, what: what, context: context)
  }

  /// The problem of a name not among `names`: the nearest known name is looked for only while
  /// the problems are few enough to be printed, so a file of 100,000 unknown names costs no
  /// 100,000 searches (``SceneErrors/shownLimit``).
  private static func unknown(_ name: String, in names: [String], what: String, context: DecodingContext) -> (String, [String]) {
    var notes: [String] = []
    if context.diagnostics.count < SceneErrors.shownLimit, let suggestion = nearest(to: name, in: names) {
      notes.append("did you mean \"\(suggestion)\"?")
    }
    notes.append("known \(what)s: \(names.joined(separator: ", "))")
    return ("unknown \(what) \"\(name)\"", notes)
  }

  /// A non-empty array of strings, each checked by `check` (a problem, or nil when it is fine).
  private static func strings(
    _ member: JSONValue.Member, _ path: JSONPath, context: DecodingContext, what: String, check: (String) -> (String, [String])?
  ) -> [String]? {
    guard case .array(let items) = member.value.kind, !items.isEmpty else {
      context.error(
        path, key: member.key, at: member.value.offset, "expected a non-empty array of \(what), found \(context.describe(member.value))")
      return nil
    }
    var list: [String] = []
    var listed = Set<String>()
    var ok = true
    for (index, item) in items.enumerated() {
      let itemPath = path.key(member.key).rendered + "[\(index)]"
      guard case .string(let text) = item.kind, !text.isEmpty else {
        context.error(itemPath, at: item.offset, "expected one of the \(what), found \(context.describe(item))")
        ok = false
        continue
      }
      if let (message, notes) = check(text) {
        context.error(itemPath, at: item.offset, message, notes: notes)
        ok = false
        continue
      }
      if listed.insert(text).inserted { list.append(text) }
    }
    return ok ? list : nil
  }

  /// `{ "maxGpuMsP95": "warning", "findings": "warning" }`.
  private static func levels(
    _ member: JSONValue.Member, _ path: JSONPath, context: DecodingContext, names: [String]
  ) -> [String: ProjectConfig.Level] {
    let levelsPath = path.key(member.key)
    guard let members = context.members(member.value, levelsPath, expected: "an object of levels such as { \"findings\": \"warning\" }")
    else { return [:] }
    var levels: [String: ProjectConfig.Level] = [:]
    for entry in context.unique(members, in: levelsPath) {
      if let (message, notes) = known(entry.key, in: names, what: "budget or gate", context: context) {
        context.error(levelsPath, key: entry.key, at: entry.keyOffset, message, notes: notes)
        continue
      }
      if let level = context.choice(entry.value, levelsPath, entry.key, as: ProjectConfig.Level.self) { levels[entry.key] = level }
    }
    return levels
  }
}
