import LayerTree

/// One keyframe of a Lottie property: its value from `time` on, and how it moves to the next.
///
/// Lottie writes the easing of the segment that starts at a keyframe on that keyframe: `o` leaves
/// it, `i` arrives at the next one (lottie-ios `KeyframeGroup` decoding). A hold keyframe (`h: 1`)
/// keeps its value until the next one, which lottie-ios animates with
/// `CAAnimationCalculationMode.discrete`.
struct LottieKeyframe<Value: Sendable & Equatable>: Sendable, Equatable {
  /// In frames of the composition the layer belongs to.
  var time: Double
  var value: Value
  var hold: Bool = false
  /// The cubic Bézier timing of the segment to the next keyframe: `o.x`, `o.y`, `i.x`, `i.y`
  /// (the first dimension when a file writes one per dimension); linear when absent.
  var easing: (Double, Double, Double, Double) = (0, 0, 1, 1)

  static func == (lhs: LottieKeyframe, rhs: LottieKeyframe) -> Bool {
    lhs.time == rhs.time && lhs.value == rhs.value && lhs.hold == rhs.hold && lhs.easing == rhs.easing
  }
}

/// A Lottie property: a static value (one keyframe) or keyframes in time order.
struct Keyframed<Value: Sendable & Equatable>: Sendable, Equatable {
  var keyframes: [LottieKeyframe<Value>]
  /// The property carries an After Effects expression (`x`), which lottie-ios does not evaluate.
  var hasExpression = false

  init(_ value: Value) { keyframes = [LottieKeyframe(time: 0, value: value)] }
  init(keyframes: [LottieKeyframe<Value>], hasExpression: Bool = false) {
    self.keyframes = keyframes
    self.hasExpression = hasExpression
  }

  var isAnimated: Bool { keyframes.count > 1 }
  var first: Value { keyframes[0].value }

  /// The same keyframes with each value changed.
  func map<Other>(_ transform: (Value) -> Other) -> Keyframed<Other> {
    Keyframed<Other>(
      keyframes: keyframes.map { LottieKeyframe(time: $0.time, value: transform($0.value), hold: $0.hold, easing: $0.easing) },
      hasExpression: hasExpression)
  }

  /// The keyframe whose segment holds `time`: the last one at or before it (the first before all).
  func segmentIndex(at time: Double) -> Int {
    var low = 0
    var high = keyframes.count - 1
    if time <= keyframes[0].time { return 0 }
    while low < high {
      let mid = (low + high + 1) / 2
      if keyframes[mid].time <= time { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The spans of time, in the property's frames, over which its value changes: each eased
  /// segment between two different values, and a zero-length span at each jump (a hold keyframe
  /// followed by a different value).
  var changeSpans: [(start: Double, end: Double)] {
    var spans: [(start: Double, end: Double)] = []
    for (current, next) in zip(keyframes, keyframes.dropFirst()) where current.value != next.value {
      if current.hold || next.time <= current.time {
        spans.append((next.time, next.time))
      } else {
        spans.append((current.time, next.time))
      }
    }
    return spans
  }
}

extension Keyframed where Value == [Double] {
  /// The value at `time` (in the property's frames), eased along the segment's Bézier curve.
  func value(at time: Double) -> [Double] {
    let index = segmentIndex(at: time)
    let current = keyframes[index]
    guard index + 1 < keyframes.count, time > current.time, !current.hold else { return current.value }
    let next = keyframes[index + 1]
    let span = next.time - current.time
    guard span > 0 else { return next.value }
    let progress = BezierEasing.progress((time - current.time) / span, current.easing)
    return Self.mix(current.value, next.value, progress)
  }

  static func mix(_ a: [Double], _ b: [Double], _ f: Double) -> [Double] {
    guard a.count == b.count else { return f < 1 ? a : b }
    return zip(a, b).map { $0 + ($1 - $0) * f }
  }

  /// Component `index`, or `fallback` when the value is shorter.
  func component(_ index: Int, default fallback: Double) -> Keyframed<Double> {
    map { $0.count > index ? $0[index] : fallback }
  }
}

extension Keyframed where Value == Double {
  func value(at time: Double) -> Double {
    let index = segmentIndex(at: time)
    let current = keyframes[index]
    guard index + 1 < keyframes.count, time > current.time, !current.hold else { return current.value }
    let next = keyframes[index + 1]
    let span = next.time - current.time
    guard span > 0 else { return next.value }
    let progress = BezierEasing.progress((time - current.time) / span, current.easing)
    return current.value + (next.value - current.value) * progress
  }
}

/// The cubic Bézier timing curves of Lottie keyframes, as `CAMediaTimingFunction(controlPoints:)`
/// builds them in lottie-ios (`CALayer+addAnimation.swift`, `timingFunctions(for:)`).
enum BezierEasing {
  /// Eased progress for linear progress `x` in 0...1 along the curve from (0, 0) to (1, 1) with
  /// control points (x1, y1) and (x2, y2). Bisection on x(t), 40 steps.
  static func progress(_ x: Double, _ points: (Double, Double, Double, Double)) -> Double {
    let x = min(max(x, 0), 1)
    let (x1, y1, x2, y2) = points
    if x1 == y1 && x2 == y2 { return x }
    func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
      let u = 1 - t
      return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    let cx1 = min(max(x1, 0), 1)
    let cx2 = min(max(x2, 0), 1)
    var low = 0.0
    var high = 1.0
    for _ in 0..<40 {
      let mid = (low + high) / 2
      if bezier(mid, cx1, cx2) < x { low = mid } else { high = mid }
    }
    return bezier((low + high) / 2, y1, y2)
  }

  /// The scene timeline's named curve nearest to a Lottie easing: the one whose control points
  /// are closest (Euclidean distance over the four numbers). The timeline has only Core
  /// Animation's four named curves; which one is picked changes when in a segment a value is
  /// reached, not whether or how often the layer changes.
  static func nearestTimingFunction(_ points: (Double, Double, Double, Double)) -> TimingFunction {
    var best = TimingFunction.linear
    var bestDistance = Double.infinity
    for function in TimingFunction.allCases {
      let (a, b, c, d) = namedControlPoints(function)
      let distance =
        (points.0 - a) * (points.0 - a) + (points.1 - b) * (points.1 - b) + (points.2 - c) * (points.2 - c)
        + (points.3 - d) * (points.3 - d)
      if distance < bestDistance {
        bestDistance = distance
        best = function
      }
    }
    return best
  }

  /// `CAMediaTimingFunction`'s documented control points for its named functions.
  static func namedControlPoints(_ function: TimingFunction) -> (Double, Double, Double, Double) {
    switch function {
    case .linear: return (0, 0, 1, 1)
    case .easeIn: return (0.42, 0, 1, 1)
    case .easeOut: return (0, 0, 0.58, 1)
    case .easeInEaseOut: return (0.42, 0, 0.58, 1)
    }
  }
}
