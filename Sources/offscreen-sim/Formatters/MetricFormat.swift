import Compositor

/// Metric values and changes as people read them: `4.291 ms`, `10.6 MiB`, `95%`, `+12 (+25%)`.
/// Safe for any number a saved report may hold.
enum MetricFormat {
  /// A value in its unit; `-` when there is none. `precise` shows bytes in full as well
  /// (`5,000,000 B (4.8 MiB)`), for limits whose edge matters.
  static func value(_ value: Double?, _ unit: ReportMetric.Unit, precise: Bool = false) -> String {
    guard let value else { return "-" }
    switch unit {
    case .count: return plain(value)
    case .milliseconds: return plain(value) + " ms"
    case .bytes where precise && abs(value) >= 1024: return plain(value) + " B (\(bytes(value)))"
    case .bytes: return bytes(value)
    case .pixels: return plain(value) + " px"
    case .fraction: return plain(value * 100, decimals: 1) + "%"
    case .fps: return plain(value) + " fps"
    case .msPerSecond: return plain(value) + " ms/s"
    case .factor: return plain(value) + "x"
    case .cores: return plain(value) + " cores"
    }
  }

  /// The signed change and, when the before value is not zero, the relative change:
  /// `-23.548 ms (-85%)`; `-` when a side has no value, `0` when equal.
  static func change(_ change: MetricChange) -> String {
    guard let delta = change.change else { return "-" }
    if delta == 0 { return "0" }
    let sign = delta > 0 ? "+" : "-"
    var text: String
    switch change.unit {
    case .fraction: text = sign + plain(abs(delta) * 100, decimals: 1) + " pts"
    default: text = sign + value(abs(delta), change.unit)
    }
    if change.unit != .fraction, let relative = change.relativeChange {
      text += " (\(percent(relative)))"
    }
    return text
  }

  /// `+25%`, `-3.4%`: whole percent from 10% on, one decimal below.
  static func percent(_ fraction: Double) -> String {
    guard fraction.isFinite else { return "n/a" }
    let percent = fraction * 100
    let sign = percent > 0 ? "+" : (percent < 0 ? "-" : "")
    return sign + plain(abs(percent), decimals: abs(percent) >= 10 ? 0 : 1) + "%"
  }

  /// `1,234,567`, `4.291`, `0.5`: grouped digits, at most `decimals` decimals, no trailing zeros.
  static func plain(_ value: Double, decimals: Int = 3) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    guard abs(value) < 1e15 else { return String(value) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int64(scaled / scale)
    var fraction = Int64(scaled) - whole * Int64(scale)
    var fractionText = ""
    if fraction > 0 {
      var digits = decimals
      while fraction % 10 == 0 && digits > 0 {
        fraction /= 10
        digits -= 1
      }
      let raw = String(fraction)
      fractionText = "." + String(repeating: "0", count: max(0, digits - raw.count)) + raw
    }
    let negative = value < 0 && (whole != 0 || !fractionText.isEmpty)
    return (negative ? "-" : "") + Readable.count(Double(whole)) + fractionText
  }

  /// `812 B`, `4.5 KiB`, `10.6 MiB`, `1.2 GiB`: binary units (IEC 80000-13: 1 KiB = 1,024 B,
  /// 1 MiB = 1,024 KiB), named as such.
  static func bytes(_ value: Double) -> String {
    guard value.isFinite else { return plain(value) }
    let size = abs(value)
    let sign = value < 0 ? "-" : ""
    if size < 1024 { return sign + plain(size) + " B" }
    if size < 1024 * 1024 { return sign + plain(size / 1024, decimals: 1) + " KiB" }
    if size < 1024 * 1024 * 1024 { return sign + plain(size / (1024 * 1024), decimals: 1) + " MiB" }
    return sign + plain(size / (1024 * 1024 * 1024), decimals: 1) + " GiB"
  }
}
