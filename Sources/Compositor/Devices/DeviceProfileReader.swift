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
    "cpuSpeed", "systemCache", "displayGamut", "idiom", "rasterCache",
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
    var panel = base?.panelPixels
    if let value = fields["panelPixels"], let (w, h) = context.pair(value, path, "panelPixels", shape: "[width, height] in pixels") {
      panel = Size(w, h)
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
    if let id, let problem = LayerPath.problem(withID: id) {
      context.error(path.rendered(appending: "id"), at: fields["id"]?.offset ?? value.offset, problem)
    }
    guard let id, let points, let scale, let refresh, let bandwidth, let gpuSpeed, let cpuSpeed else { return nil }
    var profile = DeviceProfile(
      id: id, name: name, screen: DeviceScreen(points: points, scale: scale), panelPixels: panel, refreshRate: refresh, gpu: gpu,
      gpuFamily: family, memoryBandwidth: bandwidth, gpuSpeed: gpuSpeed, cpuSpeed: cpuSpeed, systemCacheBytes: systemCache,
      displayGamut: gamut, idiom: idiom)
    profile.rasterCache = limits
    return profile
  }
}
