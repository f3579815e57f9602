import LayerTree

/// Reads a user's device profile (`--device-file profile.json`), reporting every problem with
/// its JSON path and line:column, as scene files are.
///
/// A profile may start from a known device with `basedOn` and change only some values:
///
/// ```json
/// {"id": "iphone-6-plus-slow", "basedOn": "iphone-6-plus", "memoryBandwidth": 10e9}
/// ```
public enum DeviceProfileReader {
  public static let keys = [
    "id", "name", "basedOn", "points", "scale", "panelPixels", "refreshRate", "gpu", "gpuFamily", "memoryBandwidth", "gpuSpeed",
    "cpuSpeed", "systemCache", "displayGamut", "idiom", "rasterCache", "coefficients", "calibration",
  ]

  /// The keys of a calibrated profile's `calibration` object, as `offscreen-sim calibrate` writes
  /// it (docs/calibration.md).
  public static let calibrationKeys = [
    "measurements", "digest", "toolVersion", "base", "fitted", "held", "cases", "error", "leaveOneOutError",
  ]

  public static func read(_ bytes: [UInt8]) throws(SceneErrors) -> DeviceProfile {
    let (value, source) = try JSONReader.parseFile(bytes)
    let context = DecodingContext(source: source)
    let profile = read(value, context: context)
    if let profile, context.diagnostics.isEmpty { return profile }
    throw SceneErrors(context.diagnostics)
  }

  static func read(_ value: JSONValue, context: DecodingContext) -> DeviceProfile? {
    let path = JSONPath.document
    guard let all = context.members(value, path, expected: "a device profile object { \"id\": ..., ... }") else { return nil }
    let members = context.unique(all, in: path)
    var fields: [String: JSONValue] = [:]
    for member in members {
      if keys.contains(member.key) {
        fields[member.key] = member.value
      } else {
        context.unknownKey(member, in: path, known: keys, what: "a device profile")
      }
    }
    var base: DeviceProfile? = nil
    if let basedOn = fields["basedOn"], let id = context.string(basedOn, path, "basedOn") {
      base = DeviceCatalogue.device(id: id)
      if base == nil {
        let ids = DeviceCatalogue.all.map(\.id)
        // An alias of --device names the newest of a line, which moves: a file names the device.
        let suggestion =
          DeviceCatalogue.aliases.first { $0.name == id }.map {
            "`\($0.name)` is --device's name for \($0.meaning); a file names the device: \"\($0.id)\""
          } ?? nearest(to: id, in: ids).map { "did you mean \"\($0)\"?" }
        context.error(
          path, key: "basedOn", at: basedOn.offset, "unknown device \"\(id)\"",
          notes: (suggestion.map { [$0] } ?? []) + ["known devices: \(ids.joined(separator: ", "))"])
        return nil
      }
    }
    func required<T>(_ key: String, _ fromBase: T?, _ read: (JSONValue) -> T?) -> T? {
      if let value = fields[key] { return read(value) }
      if let fromBase { return fromBase }
      context.error(path.rendered, at: value.offset, "missing `\(key)` (or name a known device in `basedOn`)")
      return nil
    }
    let id = required("id", nil as String?) { context.string($0, path, "id") }
    let name = fields["name"].flatMap { context.string($0, path, "name") } ?? id ?? ""
    let points = required("points", base?.screen.points) { v in
      context.pair(v, path, "points", shape: "[width, height] in points").flatMap { w, h -> Size? in
        guard w > 0, h > 0 else {
          context.error(path, key: "points", at: v.offset, "expected a width and height > 0")
          return nil
        }
        return Size(w, h)
      }
    }
    let scale = required("scale", base?.screen.scale) { context.number($0, path, "scale", in: 1...4) }
    let refresh = required("refreshRate", base?.refreshRate) { context.number($0, path, "refreshRate", in: 10...240) }
    let bandwidth = required("memoryBandwidth", base?.memoryBandwidth) { context.number($0, path, "memoryBandwidth", in: 1e8...1e13) }
    let gpuSpeed = required("gpuSpeed", base?.gpuSpeed) { context.number($0, path, "gpuSpeed", in: 0.01...1000) }
    let cpuSpeed = required("cpuSpeed", base?.cpuSpeed) { context.number($0, path, "cpuSpeed", in: 0.01...1000) }
    let gpu = fields["gpu"].flatMap { context.string($0, path, "gpu") } ?? base?.gpu ?? "unknown"
    let family = fields["gpuFamily"].flatMap { context.string($0, path, "gpuFamily") } ?? base?.gpuFamily ?? "unknown"
    // The panel the rendered frame is sampled to (the frame's sampling stage is priced from it);
    // `null`: the panel shows the frame as rendered.
    var panel = base?.panelPixels
    if let value = fields["panelPixels"] {
      if case .null = value.kind {
        panel = nil
      } else if let (w, h) = context.pair(value, path, "panelPixels", shape: "[width, height] in pixels") {
        if (1...100_000).contains(w), (1...100_000).contains(h), w.rounded() == w, h.rounded() == h {
          panel = Size(w, h)
        } else {
          context.error(path, key: "panelPixels", at: value.offset, "expected a width and height of 1 to 100,000 whole pixels, or null")
        }
      }
    }
    let systemCache = fields["systemCache"].flatMap { context.number($0, path, "systemCache", in: 0...1e10) } ?? base?.systemCacheBytes ?? 0
    func named<T: RawRepresentable & CaseIterable>(_ key: String, _ fallback: T) -> T where T.RawValue == String {
      guard let value = fields[key], let text = context.string(value, path, key) else { return fallback }
      if let found = T(rawValue: text) { return found }
      let names = T.allCases.map(\.rawValue)
      context.error(
        path, key: key, at: value.offset, "unknown \(key) \"\(text)\"",
        notes: (nearest(to: text, in: names).map { ["did you mean \"\($0)\"?"] } ?? []) + [
          "expected one of: \(names.joined(separator: ", "))"
        ])
      return fallback
    }
    let gamut = named("displayGamut", base?.displayGamut ?? DisplayGamut.sRGB)
    let idiom = named("idiom", base?.idiom ?? DeviceIdiom.phone)
    var limits = base?.rasterCache ?? .standard
    if let value = fields["rasterCache"] {
      let cachePath = path.key("rasterCache")
      if let cacheMembers = context.members(value, cachePath, expected: "{ \"unusedLifetime\": seconds, \"screenAreaFactor\": x }") {
        for member in context.unique(cacheMembers, in: cachePath) {
          switch member.key {
          case "unusedLifetime":
            limits.unusedLifetime = context.number(member.value, cachePath, "unusedLifetime", in: 0.001...60) ?? limits.unusedLifetime
          case "screenAreaFactor":
            limits.screenAreaFactor = context.number(member.value, cachePath, "screenAreaFactor", in: 0...100) ?? limits.screenAreaFactor
          default:
            context.unknownKey(member, in: cachePath, known: ["unusedLifetime", "screenAreaFactor"], what: "`rasterCache`")
          }
        }
      }
    }
    var coefficients = base?.coefficients ?? .standard
    if let value = fields["coefficients"] { readCoefficients(value, into: &coefficients, path.key("coefficients"), context: context) }
    let calibration = fields["calibration"].flatMap { readCalibration($0, path.key("calibration"), context: context) }
    if let id, let problem = LayerPath.problem(withID: id) {
      context.error(path.rendered(appending: "id"), at: fields["id"]?.offset ?? value.offset, problem)
    }
    // The rendered frame: points x scale, a size every figure of a frame can be worked out from.
    if let points, let scale, points.width * scale > 100_000 || points.height * scale > 100_000 {
      context.error(
        path, key: "points", at: fields["points"]?.offset ?? fields["scale"]?.offset ?? value.offset,
        "the rendered frame is \(points.width * scale) x \(points.height * scale) pixels; expected at most 100,000 a side (points x scale)")
      return nil
    }
    guard let id, let points, let scale, let refresh, let bandwidth, let gpuSpeed, let cpuSpeed else { return nil }
    var profile = DeviceProfile(
      id: id, name: name, screen: DeviceScreen(points: points, scale: scale), panelPixels: panel, refreshRate: refresh, gpu: gpu,
      gpuFamily: family, memoryBandwidth: bandwidth, gpuSpeed: gpuSpeed, cpuSpeed: cpuSpeed, systemCacheBytes: systemCache,
      displayGamut: gamut, idiom: idiom)
    profile.rasterCache = limits
    profile.coefficients = coefficients
    profile.userProfile = UserProfile(basedOn: base?.id, calibration: calibration)
    return profile
  }

  /// `coefficients`: `{ "switchIdleTime": 0.12e-3, ... }`, each a cost-model coefficient a
  /// calibration fits (``FittedCoefficients``), within its bounds.
  static func readCoefficients(_ value: JSONValue, into coefficients: inout CostCoefficients, _ path: JSONPath, context: DecodingContext) {
    guard let members = context.members(value, path, expected: "an object of coefficients { \"switchIdleTime\": seconds, ... }") else {
      return
    }
    let known = FittedCoefficients.coefficients
    for member in context.unique(members, in: path) {
      guard let parameter = known.first(where: { $0.name == member.key }), case .coefficient(let keyPath) = parameter.target else {
        context.unknownKey(member, in: path, known: known.map(\.name), what: "`coefficients` (the coefficients a calibration fits)")
        continue
      }
      guard let number = context.number(member.value, path, member.key) else { continue }
      guard parameter.bounds.contains(number) else {
        context.error(
          path, key: member.key, at: member.value.offset,
          "expected a number from \(parameter.bounds.lowerBound) to \(parameter.bounds.upperBound), found \(number)",
          notes: ["the bounds of `\(parameter.name)`: \(parameter.boundsReason)"])
        continue
      }
      coefficients[keyPath: keyPath] = number
    }
  }

  /// `calibration`: what `offscreen-sim calibrate` says of the fit; its case count and errors are
  /// what reports' headers show.
  static func readCalibration(_ value: JSONValue, _ path: JSONPath, context: DecodingContext) -> CalibrationSummary? {
    guard let members = context.members(value, path, expected: "the `calibration` object `offscreen-sim calibrate` writes") else {
      return nil
    }
    var cases: Int? = nil
    var error: Double? = nil
    var leaveOneOut: Double? = nil
    var ok = true
    func strings(_ member: JSONValue.Member, known: [String]? = nil) {
      guard case .array(let items) = member.value.kind else {
        context.error(path, key: member.key, at: member.value.offset, "expected an array of names, found \(context.describe(member.value))")
        ok = false
        return
      }
      for (index, item) in items.enumerated() {
        guard let text = context.string(item, path.key(member.key).index(index), "") else {
          ok = false
          continue
        }
        if let known, !known.contains(text) {
          context.error(
            path.key(member.key).index(index).rendered, at: item.offset, "unknown fitted figure \"\(text)\"",
            notes: context.suggestion(for: text, in: known).map { ["did you mean \"\($0)\"?"] } ?? [])
          ok = false
        }
      }
    }
    func objects(
      _ member: JSONValue.Member, keys: [String], required: [String], what: String, _ each: (String, JSONValue, JSONPath) -> Void
    )
      -> Int?
    {
      guard case .array(let items) = member.value.kind else {
        context.error(
          path, key: member.key, at: member.value.offset, "expected an array of \(what), found \(context.describe(member.value))")
        ok = false
        return nil
      }
      for (index, item) in items.enumerated() {
        let itemPath = path.key(member.key).index(index)
        guard let fields = context.members(item, itemPath, expected: what) else {
          ok = false
          continue
        }
        let found = context.fields(fields, in: itemPath, known: keys, what: what)
        for key in required where found[key] == nil {
          context.error(itemPath.rendered, at: item.offset, "missing `\(key)`")
          ok = false
        }
        for key in keys { if let field = found[key] { each(key, field.value, itemPath) } }
      }
      return items.count
    }
    for (key, member) in context.fields(members, in: path, known: calibrationKeys, what: "`calibration`").sorted(by: {
      $0.value.keyOffset < $1.value.keyOffset
    }) {
      switch key {
      case "measurements", "digest", "toolVersion", "base":
        if context.string(member.value, path, key) == nil { ok = false }
      case "fitted":
        strings(member, known: FittedCoefficients.names)
      case "held":
        _ = objects(
          member, keys: ["name", "reason"], required: ["name", "reason"], what: "a held figure { \"name\": ..., \"reason\": ... }"
        ) {
          key, value, itemPath in
          if context.string(value, itemPath, key) == nil { ok = false }
        }
      case "cases":
        cases = objects(
          member, keys: ["id", "error", "leaveOneOutError"], required: ["id", "error"], what: "a case { \"id\": ..., \"error\": ... }"
        ) { key, value, itemPath in
          let read = key == "id" ? context.string(value, itemPath, key).map { _ in 0.0 } : context.nonNegative(value, itemPath, key)
          if read == nil { ok = false }
        }
      case "error":
        error = context.nonNegative(member.value, path, key)
      case "leaveOneOutError":
        leaveOneOut = context.nonNegative(member.value, path, key)
      default:
        break
      }
    }
    for key in ["cases", "error"] where members.first(where: { $0.key == key }) == nil {
      context.error(path.rendered, at: value.offset, "missing `\(key)` (a calibrated profile says how many cases it fits, and how well)")
      ok = false
    }
    guard ok, let cases, let error else { return nil }
    return CalibrationSummary(cases: cases, error: error, leaveOneOutError: leaveOneOut)
  }
}
