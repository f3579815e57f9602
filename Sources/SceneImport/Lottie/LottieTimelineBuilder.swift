import LayerTree

/// Maps a layer's frame numbers to the composition's: a precomp's children run at
/// `local x stretch + start` in the precomp layer's time (lottie-ios `PreCompLayer`'s simple
/// time remapping), composed down nested precomps.
struct TimeMap: Sendable {
  var scale = 1.0
  var offset = 0.0

  func apply(_ frame: Double) -> Double { frame * scale + offset }
  /// Inverse of ``apply(_:)``.
  func local(_ frame: Double) -> Double { (frame - offset) / scale }

  /// The map of a precomp's children: their frames stretched by `stretch` and shifted by `start`
  /// into this map's frames.
  func child(stretch: Double, start: Double) -> TimeMap {
    TimeMap(scale: scale * stretch, offset: apply(start))
  }
}

/// Collects the scene timeline while the layers are built: Lottie keyframes become chains of
/// `CABasicAnimation`-like segments, one per keyframe segment, each starting where the previous
/// ends (`beginTime`) and holding its value after it (as lottie-ios' `CAKeyframeAnimation`s do
/// with `fillMode` both); shape changes become content changes.
///
/// Scene time 0 is the first frame of the imported range; a keyframe at composition frame `f`
/// is at `(f - startFrame) / frameRate` seconds.
struct LottieTimelineBuilder {
  let startFrame: Double
  let frameRate: Double
  /// Seconds simulated; 0 for a single frame.
  let duration: Double
  private(set) var animations: [LayerAnimation] = []
  private(set) var contentChanges: [ContentChange] = []
  /// The bytes the entries take at least once written: their keys and values, and the layers they
  /// name (a written target is at most the layer's path, and at least its last part; the path is
  /// what grows with nesting).
  private(set) var estimatedBytes = 0
  /// Bytes an entry takes at least besides its target: `target`, `keyPath`, values and times.
  static let bytesPerEntry = 96

  static func bytes(_ targets: [String]) -> Int { targets.reduce(bytesPerEntry) { $0 + $1.utf8.count } }

  private mutating func add(_ animation: LayerAnimation) {
    animations.append(animation)
    estimatedBytes += Self.bytes(animation.targets)
  }

  private mutating func add(_ change: ContentChange) {
    contentChanges.append(change)
    estimatedBytes += Self.bytes(change.targets)
  }

  /// The shortest duration a segment is given (the scene format needs a duration > 0).
  static let minimumDuration = 0.001

  init(startFrame: Double, frameRate: Double, duration: Double) {
    self.startFrame = startFrame
    self.frameRate = frameRate
    self.duration = duration
  }

  /// Seconds from the start of the range for composition frame `frame`.
  func seconds(_ frame: Double) -> Double { (frame - startFrame) / frameRate }

  /// The property's local frame at scene time 0.
  func startLocalFrame(_ time: TimeMap) -> Double { time.local(startFrame) }

  var isAnimated: Bool { duration > 0 }

  /// Adds the segments of a keyframed property of the layer at `target`. `value` turns a keyframe
  /// value into the animated value; `at` evaluates the property between keyframes.
  ///
  /// Only what changes is added: a segment between two different values, and a jump where a hold
  /// keyframe (or a keyframe at the same time) gives way to a different value. A value that
  /// stays is already what the layer shows, the scene's own value or the end of the segment
  /// before, held.
  mutating func animate<V>(
    _ property: Keyframed<V>, time: TimeMap, target: String, keyPath: AnimatableKeyPath, value: (V) -> AnimationValue,
    at evaluate: (Double) -> V
  ) {
    guard isAnimated, property.isAnimated else { return }
    let keyframes = property.keyframes
    let values = keyframes.map { value($0.value) }
    for index in 0..<(keyframes.count - 1) {
      let current = keyframes[index]
      let next = keyframes[index + 1]
      guard values[index] != values[index + 1] else { continue }
      var begin = seconds(time.apply(current.time))
      let end = seconds(time.apply(next.time))
      if begin >= duration { break }
      if current.hold || end <= begin {
        // A jump to the next value at the next keyframe's time.
        guard end > 0, end < duration else { continue }
        add(
          LayerAnimation(
            targets: [target], keyPath: keyPath, fromValue: values[index + 1], toValue: values[index + 1], beginTime: end,
            duration: Self.minimumDuration))
        continue
      }
      guard end > 0 else { continue }
      var from = values[index]
      var timing = BezierEasing.nearestTimingFunction(current.easing)
      if begin < 0 {
        // The segment started before the range: from its value at the range's first frame.
        from = value(evaluate(startLocalFrame(time)))
        begin = 0
        timing = .linear
      }
      add(
        LayerAnimation(
          targets: [target], keyPath: keyPath, fromValue: from, toValue: values[index + 1], beginTime: begin,
          duration: max(end - begin, Self.minimumDuration), timingFunction: timing))
    }
  }

  /// Hides the layer at `target` outside frames `[inFrame, outFrame)` of its composition, as
  /// lottie-ios' `isHidden` keyframe animation does: opacity 0 segments that end by being
  /// removed, listed after the layer's own opacity segments so they win while they last.
  mutating func visibility(inFrame: Double, outFrame: Double, time: TimeMap, target: String) {
    guard isAnimated else { return }
    let shown = seconds(time.apply(inFrame))
    let hidden = seconds(time.apply(outFrame))
    if shown > 0 {
      add(
        LayerAnimation(
          targets: [target], keyPath: .opacity, fromValue: .number(0), toValue: .number(0), beginTime: 0,
          duration: min(shown, duration + 1), removedOnCompletion: true))
    }
    if hidden < duration {
      let begin = max(0, hidden)
      add(
        LayerAnimation(
          targets: [target], keyPath: .opacity, fromValue: .number(0), toValue: .number(0), beginTime: begin,
          duration: duration - begin + 1, removedOnCompletion: true))
    }
  }

  /// Whether frames `[inFrame, outFrame)` of the layer's composition reach into the range at all
  /// (a single frame: whether they hold its first frame).
  func isEverShown(inFrame: Double, outFrame: Double, time: TimeMap) -> Bool {
    let shown = seconds(time.apply(inFrame))
    let hidden = seconds(time.apply(outFrame))
    if !isAnimated { return shown <= 0 && hidden > 0 }
    return hidden > 0 && shown < duration && hidden > shown
  }

  /// The layers at `targets` get new contents (a new path, colour or trim, which the render
  /// server rasterizes again) in every frame of each span of the property's frames: a span of
  /// some length changes continuously, a span of no length is a jump at one time.
  mutating func contentChanges(_ spans: [(start: Double, end: Double)], time: TimeMap, targets: [String]) {
    guard isAnimated, !targets.isEmpty, !spans.isEmpty else { return }
    var times: [Double] = []
    var intervals: [(Double, Double)] = []
    for span in spans {
      let start = seconds(time.apply(span.start))
      let end = seconds(time.apply(span.end))
      if end <= start {
        if start > 0, start < duration { times.append(start) }
      } else if end > 0, start < duration {
        intervals.append((max(0, start), min(end, duration)))
      }
    }
    intervals.sort { $0.0 < $1.0 }
    var merged: [(Double, Double)] = []
    for interval in intervals {
      if let last = merged.last, interval.0 <= last.1 {
        merged[merged.count - 1].1 = max(last.1, interval.1)
      } else {
        merged.append(interval)
      }
    }
    // A change every millisecond: one in every frame of the span, whatever the frame rate.
    for (start, end) in merged where end > start {
      add(ContentChange(targets: targets, rate: 1000, beginTime: start, endTime: end))
    }
    // A jump inside a span changes nothing more; the spans are sorted and apart, so the span that
    // could hold a time is found by halving (a path of 100,000 hold keyframes has as many jumps).
    let jumps = times.filter { time in
      var (low, high) = (0, merged.count)
      while low < high {
        let middle = (low + high) / 2
        if merged[middle].1 <= time { low = middle + 1 } else { high = middle }
      }
      return low == merged.count || time < merged[low].0
    }
    if !jumps.isEmpty {
      add(ContentChange(targets: targets, times: Array(Set(jumps)).sorted()))
    }
  }
}
