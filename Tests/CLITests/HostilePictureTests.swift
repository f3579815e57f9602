import Foundation
import TestSupport
import Testing

@testable import Compositor
@testable import LayerTree
@testable import offscreen_sim

/// Pictures of hostile scenes: sizes far past any screen finish at once, never trap, and write
/// what the screen shows, not what the scene claims.
@Suite("hostile input: pictures")
struct HostilePictureTests {
  /// One text label `height` pt tall and 100 pt wide, with `characters` characters, on an
  /// iPhone 7 (375 x 667 pt).
  static func tallLabel(_ height: String, y: String = "0", characters: Int = 5, transform: String = "") -> String {
    """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "t", "frame": [0, \(y), 100, \(height)], \(transform) "contents": {"type": "text", "characters": \(characters)}}]}}
    """
  }

  /// Bars of a label whose lines are `lineHeight` apart that can be seen on a screen `screen` pt
  /// tall: every line that starts on it, and one more cut by its top edge.
  static func visibleLines(screen: Double, lineHeight: Double) -> Int { Int((screen / lineHeight).rounded(.up)) + 1 }

  /// A label 1e300 pt tall used to trap converting its line count to `Int`, one 1e16 pt tall to
  /// loop over 5e14 lines. The reader now refuses a size past 10,000,000 pt, so the tallest label
  /// a file can give is 10,000,000 pt (500,000 lines of 20 pt), drawn here by `render` and
  /// `report --html`; the taller ones, which only a scene built in memory can hold, are drawn by
  /// the same formatters below. Each with no more bars than the screen holds: the iPhone 7's
  /// screen is 667 pt tall and lines are at least 20 pt apart (35 lines at most).
  @Test func labelsTallerThanAnyScreen() throws {
    let folder = try temporaryFolder()
    let scene = Self.tallLabel("1e7", characters: 100_000_000)
    let svg = folder + "/out.svg"
    let render = ToolRun.run("render", "-", "-o", svg, stdin: scene)
    #expect(render.status == 0, "\(render.stderr)")
    let picture = try readText(svg)
    let bars = try ParsedMarkup(picture).elements("//*[@class='text']")
    #expect(!bars.isEmpty)
    #expect(bars.count <= Self.visibleLines(screen: 667, lineHeight: 20))
    let html = folder + "/out.html"
    let report = ToolRun.run("report", "-", "--html", html, stdin: scene)
    #expect(report.status == 0, "\(report.stderr)")
    // The page is the report's fixed parts plus this picture: measured at about 11 KB for the
    // 5-character label; it never grows with the label's height.
    #expect(try readText(html).utf8.count < 64 * 1024)
  }

  /// A scene built in memory with one text label `height` pt tall and 100 pt wide, as
  /// ``tallLabel(_:y:characters:transform:)`` writes it.
  static func tallLabelScene(_ height: Double, characters: Int = 100_000_000) -> Scene {
    var label = Layer(id: "t", frame: Rect(0, 0, 100, height))
    label.contents = .text(TextContents(characters: characters))
    var root = Layer(id: "root", frame: Rect(0, 0, 375, 667))
    root.sublayers = [label]
    return Scene(device: "iphone-7", root: root)
  }

  /// Frame 0 of a scene built in memory, simulated on its device as `render` and `report --html`
  /// simulate a file: the picture and the page.
  static func drawn(_ scene: Scene) throws -> (svg: String, html: String) {
    let profile = try #require(DeviceCatalogue.device(id: scene.device))
    let run = try Simulation.run(scene, on: profile, file: "memory", keeping: .index(0))
    let simulated = SimulatedScene(scene: scene, profile: profile, report: run.report, file: "memory", kept: (run.frame, run.snapshot))
    let svg = FramePictureFormatter.document(simulated.picture(frame: 0, overlays: [.offscreen]))
    return (svg, HTMLReportFormatter.format(simulated.htmlRun()))
  }

  /// The labels past the reader's limit, which only a caller of the library can give the
  /// formatters: drawn with no more bars than the screen holds.
  @Test(arguments: [1e300, 1e16])
  func labelsPastTheReadersLimitInMemory(height: Double) throws {
    let (svg, html) = try Self.drawn(Self.tallLabelScene(height))
    let bars = try ParsedMarkup(svg).elements("//*[@class='text']")
    #expect(!bars.isEmpty)
    #expect(bars.count <= Self.visibleLines(screen: 667, lineHeight: 20))
    #expect(html.utf8.count < 64 * 1024)
  }

  /// At the largest Double the label's backing store overflows. From a file the reader refuses
  /// the height first, naming it (the fourth number of `frame`); built in memory, the scene is
  /// simulated to the end and refused with a message (it used to trap in the picture).
  @Test func labelAsTallAsTheLargestDouble() throws {
    let scene = Self.tallLabel("1.7976931348623157e308")
    for arguments in [["render", "-", "-o", "-"], ["report", "-", "--html", "-"]] {
      let run = ToolRun.callAsFunction(arguments, stdin: scene)
      #expect(run.status == 2)
      #expect(run.stderr.contains("root.sublayers[0].frame[3]: expected a height up to 10000000"), "\(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
    #expect(throws: InputError.self) { try Self.drawn(Self.tallLabelScene(.greatestFiniteMagnitude, characters: 5)) }
    do {
      _ = try Self.drawn(Self.tallLabelScene(.greatestFiniteMagnitude, characters: 5))
    } catch let error as InputError {
      #expect(error.message.hasPrefix("memory: error: the scene cannot be simulated"))
    }
  }

  /// The bars drawn are the ones on screen: a label 20,000 pt tall (1,000 lines of 20 pt) that
  /// starts 10,000 pt above the screen shows lines 500 to about 533, at their own places.
  @Test func onlyTheVisibleLinesAreDrawn() throws {
    let scene = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "t", "frame": [0, -10000, 100, 20000], "contents": {"type": "text", "characters": 100000}}]}}
      """
    let run = ToolRun.run("render", "-", "-o", "-", stdin: scene)
    #expect(run.status == 0, "\(run.stderr)")
    let bars = try ParsedMarkup(run.stdout).elements("//*[@class='text']")
    // By hand: lines are 20 pt apart, bars 11 pt tall (0.55 x 20) centred in them, so bar n
    // starts at 20n + 4.5 in the label. Line 500 starts at 10,000: the screen's top edge.
    let ys = bars.compactMap { $0.number("y") }
    #expect(ys.count == bars.count)
    #expect(ys.min() == 10_004.5)
    #expect(ys.max() == 20 * 533 + 4.5)
    #expect(bars.count == 34)
  }

  /// A label shrunk a million times is thousands of lines on a few points of screen: drawn as
  /// one grey block, not as bars no one can tell apart. (10,000,000 pt tall, the most a file may
  /// give, scaled about its centre, 300 pt down: -4,999,700 + 5,000,000.)
  @Test func shrunkLabelIsOneBlock() throws {
    let scene = Self.tallLabel(
      "1e7", y: "-4999700", characters: 100_000_000, transform: "\"transform\": {\"scale\": [1e-6, 1e-6]},")
    let run = ToolRun.run("render", "-", "-o", "-", stdin: scene)
    #expect(run.status == 0, "\(run.stderr)")
    let bars = try ParsedMarkup(run.stdout).elements("//*[@class='text']")
    #expect(bars.count == 1)
  }

  /// The text bars themselves: the same label drawn whole and with a visible range gives the same
  /// bars inside the range. Worked out by hand for a 100 x 60 pt label of 30 characters: three
  /// lines of 20 pt, characters 10 pt wide, so 10 on each line and the three lines full.
  @Test func textBarsWholeAndVisible() {
    let text = TextContents(characters: 30)
    let whole = FramePictureFormatter.textBars(text, width: 100, height: 60)
    #expect(whole.components(separatedBy: "class=\"text\"").count - 1 == 3)
    let second = FramePictureFormatter.textBars(text, width: 100, height: 60, visible: 25...35)
    #expect(second.components(separatedBy: "class=\"text\"").count - 1 == 1)
    #expect(second.contains("y=\"24.50\""))
    // 25 characters: the third line holds 5, 50 pt.
    let short = FramePictureFormatter.textBars(
      TextContents(characters: 25), width: 100, height: 60, visible: 45...60)
    #expect(short.contains("width=\"50.00\""))
    #expect(FramePictureFormatter.textBars(text, width: 100, height: .infinity).isEmpty)
    #expect(FramePictureFormatter.textBars(text, width: .nan, height: 60).isEmpty)
  }

  /// A chart axis for times far past any frame stays finite with a handful of ticks (it used to
  /// step forever once the top overflowed to infinity).
  @Test func chartAxisOfHugeTimes() {
    for value in [1e300, Double.greatestFiniteMagnitude, 1e20, 0.001] {
      let axis = FrameChartFormatter.niceAxis(value)
      #expect(axis.top.isFinite && axis.step.isFinite && axis.step > 0, "\(value)")
      let ticks = FrameChartFormatter.ticks(axis)
      #expect((4...11).contains(ticks.count), "\(value): \(ticks.count) ticks")
      #expect(ticks.last == axis.top || abs((ticks.last ?? 0) - axis.top) <= axis.top * 1e-12, "\(value)")
    }
    // By the documented table: 16.67 x 1.5 = 25 -> top 25, step 5: 0, 5, ..., 25.
    #expect(FrameChartFormatter.ticks(FrameChartFormatter.niceAxis(25)) == [0, 5, 10, 15, 20, 25])
  }

  /// A stack of generated layers far past any screen's is drawn up to the picture's limit, in
  /// drawing order, and the caption says so. By hand: 25,000 copies of a 30 x 30 pt layer
  /// clipped to rounded bounds around one sublayer, each 0.01 pt further along, all on screen:
  /// 25,000 cells and 25,000 sublayers visible, 25,000 offscreen passes (rounded-clip with a
  /// sublayer), so the picture draws 20,000 layers (maxDrawnLayers) and tints 20,000 of the
  /// 25,000 offscreen layers.
  @Test func aStackPastThePictureLimitIsDrawnUpToIt() throws {
    let scene = """
      {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
        {"id": "b", "frame": [0, 0, 30, 30], "cornerRadius": 4, "masksToBounds": true, "backgroundColor": "#FFFFFF",
         "sublayers": [{"id": "x", "frame": [1, 1, 5, 5], "backgroundColor": "#000000"}],
         "repeat": {"count": 25000, "step": [0.01, 0.01]}}]}}
      """
    let run = ToolRun.run("render", "-", "-o", "-", "--overlay", "offscreen", stdin: scene)
    #expect(run.status == 0, "\(run.stderr)")
    let svg = try ParsedMarkup(run.stdout)
    #expect(try svg.elements("//*[@class='layer']").count == FramePictureFormatter.maxDrawnLayers)
    #expect(try svg.elements("//*[@class='tint']").count == FramePictureFormatter.maxDrawnLayers)
    #expect(run.stdout.contains("the picture draws and tints at most 20,000 layers each"))
  }

}
