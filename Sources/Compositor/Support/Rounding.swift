/// `value.rounded()`, to the nearest whole number with halves away from zero, without the C
/// library's `round`, which the baseline x86-64 target calls for it: the image checks round every
/// image layer's sizes every frame.
///
/// Below 2^52 in magnitude a double's truncation and the remainder are exact, so the result is
/// `rounded()`'s to the bit, the sign of a zero included; larger values are whole already, and
/// infinities and NaN are left to `rounded()`.
@inline(__always)
func roundedToNearest(_ value: Double) -> Double {
  guard abs(value) < 4_503_599_627_370_496 else { return value.rounded() }
  let whole = Double(Int64(value))
  let fraction = value - whole
  var result = whole
  if fraction >= 0.5 {
    result = whole + 1
  } else if fraction <= -0.5 {
    result = whole - 1
  }
  return result == 0 ? (value.sign == .minus ? -0.0 : 0.0) : result
}
