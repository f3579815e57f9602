import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// What a frame redraws (`Damage.swift`), from WWDC14 session 419: "Only dirty regions are
/// redrawn", and a static blur is applied once. Every expectation below follows from that rule
/// and the scene, not from the tool's output.
@Suite("Damage")
struct DamageTests {
  static func run(_ json: String) throws -> SimulationReport {
    let scene = try TestScenes.decode(json)
    return Simulator.run(scene, on: DeviceCatalogue.device(id: scene.device)!)
  }

  /// A screen over which nothing changes for half a second: after the first frame (the screen's
  /// first display, redrawn whole) no frame redraws anything, so none costs GPU time, even with
  /// a shadow without a path on screen (its pass keeps its target).
  @Test func aQuietFrameCostsNoGPUTime() throws {
    let report = try Self.run(
      ##"""
      {"version": 1, "device": "iphone-6", "root": {"id": "root", "backgroundColor": "#FFFFFF", "sublayers": [
        {"id": "card", "frame": [20, 100, 335, 120], "backgroundColor": "#EEEEEE", "shadowOpacity": 0.3, "shadowRadius": 4,
         "sublayers": [{"id": "title", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 12}}]}]},
       "timeline": {"duration": 0.5}}
      """##)
    #expect(report.frames.count == 30)
    #expect(report.frames[0].cost.gpuMs > 0)
    for frame in report.frames.dropFirst() {
      #expect(frame.cost.gpuMs == 0, "frame \(frame.index): \(frame.cost.gpuMs) ms")
    }
  }

  /// A static screen under a full-screen blurred bar with a 20 pt spinner on top of the bar,
  /// turning: the spinner is drawn after the blur, so it is not the blur's backdrop; the blur's
  /// passes run in the first frame only ("we only applied the blur once"), and later frames
  /// redraw the spinner's place alone: far less GPU time than the first.
  @Test func aStaticBlurRunsOnceUnderASpinner() throws {
    let report = try Self.run(
      ##"""
      {"version": 1, "device": "iphone-6", "root": {"id": "root", "sublayers": [
        {"id": "photo", "frame": [0, 0, 375, 667], "contents": {"type": "image", "pixelSize": [750, 1334], "opaque": true}},
        {"id": "bar", "class": "UIVisualEffectView", "frame": [0, 0, 375, 64]},
        {"id": "spinner", "frame": [177, 22, 20, 20], "backgroundColor": "#333333", "cornerRadius": 10}]},
       "timeline": {"duration": 0.5, "animations": [
         {"target": "spinner", "keyPath": "transform.rotation", "fromValue": 0, "toValue": 360, "duration": 0.5}]}}
      """##)
    let first = report.frames[0].cost
    #expect(first.gpu["effectBlur", default: 0] > 0)
    for frame in report.frames.dropFirst() {
      #expect(frame.cost.gpu["effectBlur", default: 0] == 0)
      #expect(frame.cost.gpu["passSwitches", default: 0] == 0)
      // The spinner's place (at most its 20 x 20 pt turned: 29 x 29 pt) is under 1% of the screen.
      #expect(frame.cost.gpuMs < first.gpuMs / 20, "frame \(frame.index): \(frame.cost.gpuMs) ms")
      #expect(frame.cost.gpuMs > 0)
    }
  }

  /// The same spinner behind the bar (drawn before it): it damages the blur's backdrop, so the
  /// blur runs again in every frame.
  @Test func aChangingBackdropRunsTheBlurAgain() throws {
    let report = try Self.run(
      ##"""
      {"version": 1, "device": "iphone-6", "root": {"id": "root", "sublayers": [
        {"id": "photo", "frame": [0, 0, 375, 667], "contents": {"type": "image", "pixelSize": [750, 1334], "opaque": true}},
        {"id": "spinner", "frame": [177, 22, 20, 20], "backgroundColor": "#333333", "cornerRadius": 10},
        {"id": "bar", "class": "UIVisualEffectView", "frame": [0, 0, 375, 64]}]},
       "timeline": {"duration": 0.5, "animations": [
         {"target": "spinner", "keyPath": "transform.rotation", "fromValue": 0, "toValue": 360, "duration": 0.5}]}}
      """##)
    for frame in report.frames {
      #expect(frame.cost.gpu["effectBlur", default: 0] > 0, "frame \(frame.index)")
    }
  }

  /// Scrolling moves every layer in the scroll view: every frame of a scroll redraws the table and
  /// runs the passes in it again (QQ Music v1: its rounded cards' passes in every frame).
  @Test func scrollingRunsEveryPassAgain() throws {
    let bytes = try [UInt8](Data(contentsOf: Repository.scenesFolder.appendingPathComponent("qqmusic-home-v1.json")))
    let scene = try SceneDecoder.decode(bytes, options: .init(devices: DeviceCatalogue.screens))
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: scene.device)!)
    for frame in report.frames {
      #expect(frame.offscreenPasses > 0)
      #expect(frame.cost.gpu["passSwitches", default: 0] > 0, "frame \(frame.index)")
    }
  }

  /// A still screen (no timeline) is costed on its steady frame redrawn whole, as if it animated:
  /// its GPU time is what the screen costs to draw, not zero.
  @Test func aStillScreenIsCostedRedrawnWhole() throws {
    let report = try Self.run(
      ##"""
      {"version": 1, "device": "iphone-6", "root": {"id": "root", "sublayers": [
        {"id": "card", "frame": [20, 100, 335, 120], "backgroundColor": "#EEEEEE", "shadowOpacity": 0.3, "shadowRadius": 4,
         "sublayers": [{"id": "title", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 12}}]}]}}
      """##)
    #expect(report.summary.performance.gpuMs.mean > 0)
    #expect(abs(report.summary.performance.gpuMs.mean - report.frames[0].cost.gpuMs) < 1e-9)
  }
}
