import Compositor
import LayerTree
import Testing

/// Frame rates on ProMotion displays, from Apple's "Optimizing iPhone and iPad apps to support
/// ProMotion displays" and the `CADisableMinimumFrameDurationOnPhone` key's reference: on an
/// iPhone, Core Animation animations stay at the system default of 60 Hz unless the app sets the
/// key; UIKit scrolling runs at the display's rate; an iPad Pro needs no key.
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
}
