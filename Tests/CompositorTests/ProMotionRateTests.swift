import Compositor
import LayerTree
import Testing

/// Frame rates on ProMotion displays, from Apple's "Optimizing iPhone and iPad apps to support
/// ProMotion displays" and the `CADisableMinimumFrameDurationOnPhone` key's reference: on an
/// iPhone, Core Animation animations stay at the system default of 60 Hz unless the app sets the
/// key; UIKit scrolling runs at the display's rate; an iPad Pro needs no key. The frames are paced
/// at the content's rate: its budget and deadlines.
@Suite("ProMotion frame rates")
struct ProMotionRateTests {
  func scene(_ timeline: String, device: String) throws -> Scene {
    try TestScenes.decode(
      """
      {"version": 1, "device": "\(device)", "root": {"id": "root", "sublayers": [
        {"id": "box", "frame": [10, 10, 100, 100], "backgroundColor": "#FF0000"},
        {"id": "list", "frame": [0, 200, 300, 300], "masksToBounds": true, "sublayers": [
          {"id": "row", "frame": [0, 0, 300, 50], "backgroundColor": "#EEEEEE", "repeat": {"count": 20, "step": [0, 50]}}]}]},
       "timeline": \(timeline)}
      """)
  }

  let fade = #"{"duration": 1, "animations": [{"target": "box", "keyPath": "opacity", "fromValue": 1, "toValue": 0.5, "duration": 1}]"#

  /// A one-second fade on an iPhone 13 Pro (120 Hz): 60 frames, 60 fps, no hitch.
  @Test func animationsRunAt60HzOnAProMotionIPhone() throws {
    let report = Simulator.run(try scene(fade + "}", device: "iphone-13-pro"), on: DeviceCatalogue.device(id: "iphone-13-pro")!)
    #expect(report.frames.count == 60)
    #expect(report.summary.frameRate == 60)
    #expect(report.summary.performance.hitches == 0)
  }

  /// With `CADisableMinimumFrameDurationOnPhone` the same fade runs at the display's 120 Hz.
  @Test func theKeyLiftsTheLimit() throws {
    let report = Simulator.run(
      try scene(fade + #", "disableMinimumFrameDurationOnPhone": true}"#, device: "iphone-13-pro"),
      on: DeviceCatalogue.device(id: "iphone-13-pro")!)
    #expect(report.frames.count == 120)
    #expect(report.summary.frameRate == 120)
  }

  /// A UIKit scroll runs at the display's rate: 120 frames in a second.
  @Test func scrollingRunsAtTheDisplaysRate() throws {
    let report = Simulator.run(
      try scene(#"{"duration": 1, "scrolls": [{"target": "list", "velocity": 300}]}"#, device: "iphone-13-pro"),
      on: DeviceCatalogue.device(id: "iphone-13-pro")!)
    #expect(report.frames.count == 120)
  }

  /// An iPad Pro's ProMotion display runs Core Animation animations at 120 Hz without the key.
  @Test func iPadsNeedNoKey() throws {
    let report = Simulator.run(try scene(fade + "}", device: "ipad-pro-11-m4"), on: DeviceCatalogue.device(id: "ipad-pro-11-m4")!)
    #expect(report.frames.count == 120)
  }

  /// The key is written back by the scene writer.
  @Test func theKeyRoundTrips() throws {
    let original = try scene(fade + #", "disableMinimumFrameDurationOnPhone": true}"#, device: "iphone-13-pro")
    let text = try SceneEncoder.rendered(original)
    #expect(text.contains("disableMinimumFrameDurationOnPhone"))
    let decoded = try TestScenes.decode(text)
    #expect(decoded.timeline?.disablesMinimumFrameDuration == true)
  }

  // MARK: Pacing at the content's rate

  /// From the app's point of view a ProMotion display refreshes at the rate Core Animation renders
  /// the content, and a frame's deadline is the end of that interval (Apple, "Optimizing iPhone
  /// and iPad apps to support ProMotion displays"): 60 Hz content on a 120 Hz display is paced at
  /// 60 Hz, a whole fraction of the display's rate; so is 30 Hz on a 60 Hz display (WWDC21 session
  /// 10147: a fixed-rate display shows a whole fraction of its rate evenly) and 40 Hz on 120 Hz.
  /// 45 Hz is no whole fraction of 60 Hz: the display's own rate; content faster than the
  /// display runs at the display's rate.
  @Test func contentIsPacedAtAWholeFractionOfTheDisplaysRate() {
    #expect(FramePacing.rate(content: 60, display: 120) == 60)
    #expect(FramePacing.rate(content: 120, display: 120) == 120)
    #expect(FramePacing.rate(content: 40, display: 120) == 40)
    #expect(FramePacing.rate(content: 30, display: 60) == 30)
    #expect(FramePacing.rate(content: 45, display: 60) == 60)
    #expect(FramePacing.rate(content: 240, display: 60) == 60)
    #expect(abs(FramePacing(content: 60, display: 120).interval - 1000.0 / 60) < 1e-12)
  }

  /// A 60 Hz animation on an iPhone 13 Pro whose GPU needs 11 ms a frame, over one second: Core
  /// Animation renders it at 60 Hz, so each frame has 16.7 ms. Worked out by hand: frame k (content
  /// time 16.67k ms; the render server alone animates it, no commit) is ready at its deadline,
  /// (k + 1) intervals; the render server takes it there (0.4 ms) and the GPU ends 11.4 ms later,
  /// before the next vsync, where it shows: (k + 2) intervals, exactly one interval after the one
  /// before and one after its deadline (double buffered). 60 frames shown, no hitch, 60 fps.
  @Test func aSixtyHertzAnimationIsJudgedAtSixtyHertz() {
    let pacing = FramePacing(content: 60, display: 120)
    let stages = Array(repeating: FramePacing.Stage(mainThreadMs: 0, renderServerMs: 0.4, gpuMs: 11), count: 60)
    let result = pacing.run(stages, times: (0..<60).map { Double($0) * 1000 / 60 }, durationMs: 1000)
    #expect(result.hitches == 0)
    #expect(abs(result.fps - 60) < 1e-9)
    for (k, frame) in result.frames.enumerated() {
      #expect(frame.presentedAt.map { abs($0 - Double(k + 2) * 1000 / 60) < 1e-6 } == true, "frame \(k)")
    }
  }

  /// The same animation in an app that sets `CADisableMinimumFrameDurationOnPhone` runs at the
  /// display's 120 Hz and is judged against its 8.3 ms: a GPU that needs 11 ms a frame finishes at
  /// most 1000 / 11 = 90.9 frames a second, so frames show late, on render (no commit is late).
  @Test func withTheKeyTheSameAnimationIsJudgedAt120Hz() {
    let pacing = FramePacing(content: 120, display: 120)
    let stages = Array(repeating: FramePacing.Stage(mainThreadMs: 0, renderServerMs: 0.4, gpuMs: 11), count: 120)
    let result = pacing.run(stages, times: (0..<120).map { Double($0) * 1000 / 120 }, durationMs: 1000)
    #expect(result.fps <= 1000 / 11 + 1e-9)
    #expect(result.renderHitches > 0)
    #expect(result.commitHitches == 0)
  }

  /// A simulated fade on an iPhone 13 Pro: paced at 60 Hz, with the 60 Hz budget (1000 / 60 ms);
  /// with the key at the display's 120 Hz (1000 / 120 ms); a scroll at the display's rate either
  /// way.
  @Test func theReportsBudgetIsTheContents() throws {
    let device = DeviceCatalogue.device(id: "iphone-13-pro")!
    let animated = Simulator.run(try scene(fade + "}", device: "iphone-13-pro"), on: device).summary.performance
    #expect(abs(animated.budgetMs - 1000.0 / 60) < 1e-12)
    #expect(animated.contentRate == 60)
    #expect(animated.refreshRate == 120)
    let keyed = Simulator.run(
      try scene(fade + #", "disableMinimumFrameDurationOnPhone": true}"#, device: "iphone-13-pro"), on: device
    ).summary.performance
    #expect(abs(keyed.budgetMs - 1000.0 / 120) < 1e-12)
    #expect(keyed.contentRate == 120)
    let scroll = Simulator.run(
      try scene(#"{"duration": 1, "scrolls": [{"target": "list", "velocity": 300}]}"#, device: "iphone-13-pro"), on: device
    ).summary.performance
    #expect(abs(scroll.budgetMs - 1000.0 / 120) < 1e-12)
  }

  /// On every device: a 30 Hz timeline on a 60 Hz iPhone 6 has a 33.3 ms budget; a 45 Hz one, no
  /// whole fraction of 60, the display's 16.7 ms.
  @Test func aSlowerTimelineHasItsOwnBudgetOnAFixedDisplay() throws {
    let device = DeviceCatalogue.device(id: "iphone-6")!
    let thirty = Simulator.run(
      try scene(
        #"{"duration": 1, "frameRate": 30, "animations": [{"target": "box", "keyPath": "opacity", "toValue": 0.5, "duration": 1}]}"#,
        device: "iphone-6"),
      on: device
    ).summary.performance
    #expect(abs(thirty.budgetMs - 1000.0 / 30) < 1e-12)
    let fortyFive = Simulator.run(
      try scene(
        #"{"duration": 1, "frameRate": 45, "animations": [{"target": "box", "keyPath": "opacity", "toValue": 0.5, "duration": 1}]}"#,
        device: "iphone-6"),
      on: device
    ).summary.performance
    #expect(abs(fortyFive.budgetMs - 1000.0 / 60) < 1e-12)
  }
}
