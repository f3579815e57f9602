import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// The measurements file's reader, a figure's error, the fit's choice of what it can fit, and a
/// profile's coefficients reaching the cost model (docs/calibration.md).
@Suite("Calibration")
struct CalibrationTests {
  static let devices = DeviceCatalogue.all.map(\.id)

  /// A bundled scene put on `device`.
  static func scene(_ name: String, on device: String = "iphone-6") throws -> Scene {
    try SceneDecoder.decode(BundledScenes.bytes(name), options: SceneDecoder.Options(devices: TestDevices.screens, deviceOverride: device))
  }

  /// A case measuring `metric` of the scene as `truth` predicts it, within `tolerance` of the value.
  static func measured(_ name: String, on truth: DeviceProfile, base: DeviceProfile, _ metric: String, tolerance: Double = 0.01) throws
    -> Calibration.Case
  {
    let scene = try scene(name)
    let value = ReportMetrics.metric(id: metric)!.value(in: Simulator.run(scene, on: truth).summary)!
    return Calibration.Case(
      id: name, scene: scene, device: base, figures: [MeasuredFigure(metric: metric, bound: .value(value, tolerance: value * tolerance))])
  }

  static func parameters(_ names: String...) -> [FittedParameter] { names.map { FittedCoefficients.parameter(named: $0)! } }

  // MARK: A figure's error

  /// By the definitions of docs/calibration.md, worked by hand: 40 +/- 5 predicted 42.5 is half a
  /// tolerance over; 55-59 predicted 58 is half of the half-width (2) over the middle (57); a
  /// bound holds on its side, and past it counts margins of 5% of the bound.
  @Test func errorsAreInTolerances() {
    let fps = MeasuredFigure(metric: "fps", bound: .value(40, tolerance: 5))
    #expect(fps.error(42.5) == 0.5)
    #expect(fps.holds(45) && !fps.holds(45.5))
    #expect(fps.holds(45.5, toleranceScale: 2) && !fps.holds(42.5, toleranceScale: 0.4))
    let range = MeasuredFigure(metric: "fps", bound: .range(55, 59))
    #expect(range.error(58) == 0.5)
    #expect(range.error(53) == -2)
    #expect(range.holds(55) && range.holds(59) && !range.holds(54.9))
    // At least 55 fps: 52.25 is one margin (5% of 55 = 2.75 fps) short.
    let reached = MeasuredFigure(metric: "fps", bound: .atLeast(55))
    #expect(reached.error(60) == 0)
    #expect(abs(reached.error(52.25) + 1) < 1e-12)
    #expect(reached.holds(55) && !reached.holds(54.9))
    #expect(reached.holds(52.25, toleranceScale: 2), "a scale of 2 moves the bound by one margin")
    // Below 0.5 ms of main-thread time: the margin is the metric's smallest step, 0.1 ms, not 5%.
    let below = MeasuredFigure(metric: "mainThreadMs.mean", bound: .below(0.5))
    #expect(abs(below.error(0.7) - 2) < 1e-12)
    #expect(below.holds(0.5) && !below.holds(0.51))
    // A layer's passes must come out exactly; one off is two half-passes.
    let count = MeasuredFigure(metric: MeasurementsFormat.offscreenCountKey, layer: "root/card", bound: .exactly(2))
    #expect(count.error(3) == 2)
    #expect(count.holds(2) && !count.holds(3))
  }

  /// Errors in scaled tolerances (validate's `--tolerance-scale`), worked by hand from the
  /// definitions above: a value's or range's error over the scale, holding exactly within -1...1;
  /// a bound moved by (scale - 1) margins, its error 0 on its side (where it holds) and counted in
  /// margins past it.
  @Test func errorsInScaledTolerances() {
    let fps = MeasuredFigure(metric: "fps", bound: .value(40, tolerance: 5))
    // 42.5 is half a tolerance; at a scale of 0.5 a whole one (the edge: it holds).
    #expect(fps.error(42.5, toleranceScale: 0.5) == 1)
    #expect(fps.holds(42.5, toleranceScale: 0.5))
    #expect(abs(fps.error(43, toleranceScale: 0.5) - 1.2) < 1e-12 && !fps.holds(43, toleranceScale: 0.5))
    let range = MeasuredFigure(metric: "fps", bound: .range(55, 59))
    #expect(range.error(58, toleranceScale: 0.5) == 1 && range.holds(58, toleranceScale: 0.5))
    // At least 55 fps, margin 2.75: at a scale of 2 the bound is 52.25; 50.875 is half a margin short.
    let reached = MeasuredFigure(metric: "fps", bound: .atLeast(55))
    #expect(reached.error(52.25, toleranceScale: 2) == 0 && reached.holds(52.25, toleranceScale: 2))
    #expect(abs(reached.error(50.875, toleranceScale: 2) + 0.5) < 1e-12 && !reached.holds(50.875, toleranceScale: 2))
    // At a scale of 0.5 the bound moves up half a margin, to 56.375: 56 is short by 0.375 / 2.75.
    #expect(abs(reached.error(56, toleranceScale: 0.5) + 0.375 / 2.75) < 1e-12 && !reached.holds(56, toleranceScale: 0.5))
  }

  // MARK: The reader

  static let valid = """
    {
      "version": 1,
      "cases": [
        {
          "id": "feed",
          "scene": "feed.json",
          "device": "iphone-6",
          "ios": "10.2",
          "source": "our run",
          "method": "Instruments",
          "measured": {
            "fps": { "value": 40, "tolerance": 5, "weight": 2 },
            "gpuUtilization": { "min": 0.5, "max": 0.7 },
            "hitchTimeRatio": { "below": 10 },
            "offscreenCount": { "layers": { "root/card": 1 } }
          }
        },
        { "id": "mine", "scene": "../x.json", "deviceFile": "phone.json", "source": "s", "method": "m",
          "measured": { "fps": { "atLeast": 55 } } }
      ]
    }
    """

  @Test func readsEveryForm() throws {
    let file = try MeasurementsReader.read(Array(Self.valid.utf8), devices: Self.devices)
    #expect(file.cases.map(\.id) == ["feed", "mine"])
    let feed = file.cases[0]
    #expect(feed.device == .catalogue("iphone-6") && feed.ios == "10.2" && feed.scene == "feed.json")
    #expect(feed.figures.map(\.name) == ["fps", "gpuUtilization", "hitchTimeRatio", "offscreenCount root/card"])
    #expect(feed.figures[0].bound == .value(40, tolerance: 5) && feed.figures[0].weight == 2)
    #expect(feed.figures[1].bound == .range(0.5, 0.7) && feed.figures[2].bound == .below(10))
    #expect(feed.figures[3].bound == .exactly(1))
    #expect(file.cases[1].device == .file("phone.json") && file.cases[1].figures[0].bound == .atLeast(55))
  }

  /// Every problem at once, each at its JSON path and line:column, with the nearest known name
  /// for a misspelt one; lines and columns counted by hand in the text below (its lines start two
  /// spaces in: the string literal's indentation is not part of it).
  @Test func problemsNameTheirPathAndPlace() throws {
    let text = """
      {"version": 1, "cases": [
        {"id": "a", "scene": "s.json", "device": "iphone-6plus", "source": "x", "method": "y",
         "measured": {"fps": {"value": 40}, "gpuUtilisation": {"value": 0.9, "tolerance": 0.1}}},
        {"id": "a", "scene": "s.json", "device": "iphone-6", "deviceFile": "p.json", "method": "y",
         "measured": {"fps": {"min": 59, "max": 55}, "visibleLayers": {"value": 3, "tolerance": 1}}}
      ]}
      """
    let errors = try #require(caughtError(SceneErrors.self) { try MeasurementsReader.read(Array(text.utf8), devices: Self.devices) })
    let shown = errors.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.path): \($0.message)" }
    #expect(
      shown == [
        "2:44 cases[0].device: unknown device \"iphone-6plus\"",
        "3:24 cases[0].measured.fps: expected one of { \"value\": v, \"tolerance\": t }, { \"min\": a, \"max\": b }, { \"atLeast\": a } or { \"below\": b }; missing `tolerance`",
        "3:39 cases[0].measured.gpuUtilisation: unknown metric `gpuUtilisation` in `measured`",
        "4:3 cases[1]: missing `source` (where the figures are quoted from: a WWDC session and its minute or slide, a write-up's URL and section, a team's own run)",
        "4:10 cases[1].id: the id \"a\" is used twice; the first is at 2:10",
        "4:34 cases[1]: give `device` (a catalogue id) or `deviceFile` (a profile file), not both",
        "5:43 cases[1].measured.fps.max: expected `max` greater than `min` (59), found 55",
        "5:48 cases[1].measured.visibleLayers: unknown metric `visibleLayers` in `measured`",
      ], "\(shown.joined(separator: "\n"))")
    #expect(errors.diagnostics[0].notes.first == "did you mean \"iphone-6-plus\"?")
    #expect(errors.diagnostics[2].notes == ["did you mean `gpuUtilization`?"])
    #expect(errors.diagnostics[7].notes.first?.contains("describes the screen") == true)
  }

  @Test func theFileMustBeVersionOneWithCases() throws {
    for (text, message) in [
      (#"{"version": 2, "cases": []}"#, "expected a non-empty array of cases, found an array of 0"),
      (#"{"cases": [{}]}"#, "missing `version` (the format version: 1; any other number is refused)"),
      (#"[]"#, "expected a measurements file { \"version\": 1, \"cases\": [...] }, found an array of 0"),
    ] {
      let errors = try #require(caughtError(SceneErrors.self) { try MeasurementsReader.read(Array(text.utf8), devices: Self.devices) })
      #expect(errors.diagnostics.contains { $0.message == message }, "\(text): \(errors)")
    }
  }

  // MARK: What the fit can tell apart

  /// A scene without an offscreen pass says nothing of the time a pass costs: the fit holds
  /// `interruptedTileShare` with the measurement that would free it (the column of its Jacobian is
  /// exactly 0: the coefficient multiplies passes only, `Cost/FrameCost.swift`).
  @Test func aFigureNoCaseMeasuresIsHeld() throws {
    let base = DeviceCatalogue.device(id: "iphone-6")!
    var truth = base
    truth.gpuSpeed = 0.7
    let noPasses = try Self.measured("timeline-cell-shadow-path.json", on: truth, base: base, "gpuMs.mean")
    let result = Calibration.fit(
      [noPasses], options: .init(base: base, parameters: Self.parameters("gpuSpeed", "interruptedTileShare"), leaveOneOut: false))
    #expect(result.fitted.map(\.name) == ["gpuSpeed"])
    #expect(
      result.held.first?.held
        == "no case measures GPU time of a scene with offscreen passes; add gpuMs.mean, gpuUtilization or fps for such a scene")
    // gpuSpeed divides every GPU term: one figure pins it, to within the rounding to 4 digits.
    #expect(abs(result.profile.gpuSpeed - 0.7) < 0.7 * 0.01, "\(result.profile.gpuSpeed)")
  }

  /// A figure whose cases move in whole frames is held with that reason, not "no case measures":
  /// ifelseboyxx's Auto Layout table with cached heights and text on the main thread
  /// (measurements/published.json) misses two frames a new cell, whose frame is about 33.5 ms
  /// (between 2 and 3 budgets of 16.7 ms); 5% more a colour emoji (emojiGlyphTime x 1.05) adds
  /// 2 x 56 x 8 µs = 0.9 ms (each of the title's 56 emoji drawn once and measured once), inside
  /// the same frames, and doubling it adds 17.9 ms, past 50 ms: a third. QQ Music v2 draws no
  /// emoji: that case still says no case measures it.
  @Test func aFigureThatMovesInWholeFramesSaysSo() throws {
    let cases = try PublishedCasesTests.cases()
    let base = DeviceCatalogue.device(id: "iphone-6")!
    let emoji = try #require(cases.first { $0.id == "ifelseboyxx-feed-autolayout-cached-sync-iphone-6" })
    let steps = Calibration.fit([emoji], options: .init(base: base, parameters: Self.parameters("emojiGlyphTime"), leaveOneOut: false))
    #expect(steps.fitted.isEmpty)
    let reason = try #require(steps.held.first?.held)
    #expect(reason.hasPrefix("its cases move in whole frames, which a step of 5% does not cross: doubling it moves"), "\(reason)")
    #expect(!reason.contains("no case measures"))
    let qq = try #require(cases.first { $0.id == "qqmusic-v2" })
    let none = Calibration.fit(
      [qq],
      options: .init(base: DeviceCatalogue.device(id: "iphone-6-plus")!, parameters: Self.parameters("emojiGlyphTime"), leaveOneOut: false))
    #expect(none.held.first?.held?.hasPrefix("no case measures main-thread time of a scene that measures or draws emoji") == true)
  }

  /// One case cannot tell two figures apart that both scale its one measured figure: the second is
  /// held, naming the first.
  @Test func twoFiguresOneCaseCannotSeparateAreHeld() throws {
    let base = DeviceCatalogue.device(id: "iphone-6")!
    let one = try Self.measured("timeline-cell.json", on: base, base: base, "gpuMs.mean")
    let result = Calibration.fit(
      [one], options: .init(base: base, parameters: Self.parameters("gpuSpeed", "interruptedTileShare"), leaveOneOut: false))
    #expect(result.fitted.map(\.name) == ["gpuSpeed"])
    #expect(result.held.first?.held?.hasPrefix("the cases cannot tell it apart from gpuSpeed") == true, "\(result.held.first?.held ?? "")")
  }

  /// A device's figures are fitted only to cases measured on the base device.
  @Test func deviceFiguresNeedACaseOnTheBase() throws {
    let base = DeviceCatalogue.device(id: "iphone-6")!
    let other = DeviceCatalogue.device(id: "iphone-7")!
    let onOther = try Self.measured("timeline-cell.json", on: other, base: other, "gpuMs.mean")
    let result = Calibration.fit(
      [onOther], options: .init(base: base, parameters: Self.parameters("gpuSpeed", "interruptedTileShare"), leaveOneOut: false))
    #expect(result.held.first?.name == "gpuSpeed")
    #expect(result.held.first?.held?.hasPrefix("no case runs on iphone-6") == true)
    #expect(result.fitted.map(\.name) == ["interruptedTileShare"])
  }

  /// Leave-one-out catches an over-fit: three figures fitted to three cases of one figure each
  /// match them (the fit's error is small), while the GPU the cases were made on differs in
  /// figures the fit does not move (blending and bandwidth): a case left out is then predicted
  /// many tolerances off.
  @Test func leaveOneOutFlagsAnOverFit() throws {
    let base = DeviceCatalogue.device(id: "iphone-6")!
    var truth = base
    truth.gpuSpeed *= 0.7
    truth.coefficients.blendedPixelFactor *= 2.5
    truth.memoryBandwidth *= 0.4
    let cases = try ["timeline-cell.json", "timeline-cell-shadow-path.json", "rasterized-card-scrolling.json"].map {
      try Self.measured($0, on: truth, base: base, "gpuMs.mean")
    }
    let result = Calibration.fit(
      cases, options: .init(base: base, parameters: Self.parameters("gpuSpeed", "opaquePixelTime", "interruptedTileShare"), jobs: 2))
    let error = try #require(result.error)
    let leftOut = try #require(result.leaveOneOutError)
    #expect(error < 1.5, "fitted \(error)")
    #expect(leftOut > 3 * error, "left out \(leftOut), fitted \(error)")
    #expect(result.overfit)
  }

  // MARK: The profile's coefficients

  /// A profile's `coefficients` reach the cost model: a card clipped by rounded corners (one
  /// rounded-clip pass a frame: 2 switches) costs 2 x switchIdleTime of idle plus the share
  /// `interruptedTileShare` of the screen's tiles stored and loaded in `passSwitches`
  /// (docs/cost-model.md); with the share 0 only the idle is left: 2 x 0.15 ms, whatever the
  /// device's speed (the idle is a latency).
  @Test func aProfilesCoefficientsReachTheModel() throws {
    let text = """
      {"id": "batched", "basedOn": "iphone-7", "coefficients": {"interruptedTileShare": 0}}
      """
    let profile = try DeviceProfileReader.read(Array(text.utf8))
    #expect(profile.coefficients.interruptedTileShare == 0)
    #expect(profile.coefficients.opaquePixelTime == CostCoefficients.standard.opaquePixelTime)
    #expect(profile.userProfile == UserProfile(basedOn: "iphone-7"))
    let scene = try SceneDecoder.decode(Array(Self.clippedCard.utf8), options: TestDevices.options)
    let standard = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-7")!)
    let batched = Simulator.run(scene, on: profile)
    #expect(standard.summary.offscreenPasses.perFrameMax == 1)
    let before = try #require(standard.summary.performance.gpuBreakdown["passSwitches"])
    let after = try #require(batched.summary.performance.gpuBreakdown["passSwitches"])
    #expect(abs(after - 2 * CostCoefficients.standard.switchIdleTime * 1000) < 1e-9, "\(after)")
    #expect(before > after)
    #expect(batched.scene.profile == UserProfile(basedOn: "iphone-7"))
    #expect(standard.scene.profile == nil)
  }

  static let clippedCard = """
    {"version": 1, "device": "iphone-7", "root": {"sublayers": [
      {"id": "card", "frame": [16, 100, 200, 100], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#FFFFFF",
       "sublayers": [{"id": "cover", "frame": [0, 0, 100, 100], "contents": {"type": "image", "pixelSize": [200, 200]}}]}]}}
    """

  @Test func aProfilesCoefficientsAreChecked() throws {
    let text = """
      {"id": "x", "basedOn": "iphone-7",
       "coefficients": {"interruptedTileShar": 0.5, "glyphTime": 1, "texelTime": 1e-9},
       "calibration": {"cases": [{"id": "a", "error": -1}], "fitted": ["gpuSped"]}}
      """
    let errors = try #require(caughtError(SceneErrors.self) { try DeviceProfileReader.read(Array(text.utf8)) })
    let messages = errors.diagnostics.map { "\($0.path): \($0.message)" }
    #expect(
      messages.contains(
        "coefficients.interruptedTileShar: unknown key `interruptedTileShar` in `coefficients` (the coefficients a calibration fits)")
    )
    #expect(errors.diagnostics.first { $0.path == "coefficients.interruptedTileShar" }?.notes == ["did you mean `interruptedTileShare`?"])
    // 1 s a glyph is past the bounds; the note gives their reason.
    let glyph = try #require(errors.diagnostics.first { $0.path == "coefficients.glyphTime" })
    #expect(glyph.message == "expected a number from 1e-06 to 0.0002, found 1.0")
    #expect(glyph.notes.first?.hasPrefix("the bounds of `glyphTime`: ") == true)
    // A coefficient the table does not fit is not a profile's to set.
    #expect(messages.contains { $0.hasPrefix("coefficients.texelTime: unknown key") })
    #expect(messages.contains("calibration.cases[0].error: expected a number >= 0, found -1"))
    #expect(messages.contains("calibration.fitted[0]: unknown fitted figure \"gpuSped\""))
    #expect(messages.contains("calibration: missing `error` (a calibrated profile says how many cases it fits, and how well)"))
  }

  @Test func aCalibratedProfileSaysHowItFits() throws {
    let text = """
      {"id": "iphone-7", "basedOn": "iphone-7", "gpuSpeed": 2.5,
       "calibration": {"measurements": "m.json", "digest": "sha256:00", "toolVersion": "0.1.0", "base": "iphone-7",
         "fitted": ["gpuSpeed"], "held": [{"name": "interruptedTileShare", "reason": "r"}],
         "cases": [{"id": "a", "error": 0.5, "leaveOneOutError": 0.9}, {"id": "b", "error": 0.3}], "error": 0.41, "leaveOneOutError": 0.8}}
      """
    let profile = try DeviceProfileReader.read(Array(text.utf8))
    #expect(profile.gpuSpeed == 2.5)
    #expect(profile.userProfile?.calibration == CalibrationSummary(cases: 2, error: 0.41, leaveOneOutError: 0.8))
  }

  /// Every row of the table points at a figure its bounds hold at today's value (a catalogue
  /// device's, or the standard coefficient), and names are unique.
  @Test func theTableHoldsTodaysValues() {
    #expect(Set(FittedCoefficients.names).count == FittedCoefficients.all.count)
    let devices = DeviceCatalogue.all.filter { $0.idiom == .phone }
    for parameter in FittedCoefficients.all {
      let values =
        parameter.isDeviceFigure ? devices.map { parameter.value(in: .standard, on: $0) } : [parameter.value(in: .standard, on: devices[0])]
      for value in values { #expect(parameter.bounds.contains(value), "\(parameter.name) \(value)") }
      #expect(!parameter.boundsReason.isEmpty && !parameter.scenes.isEmpty)
    }
  }
}
