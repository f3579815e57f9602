import Foundation
import Testing

@testable import LayerTree

/// The physical ranges of lengths and bitmaps (`PhysicalRanges.swift`): a length or position is
/// within 10,000,000 pt of 0 and a bitmap's side at most 10,000,000 px. Both readers take a number
/// at the limit and refuse one past it, the tree reader naming its key, the range and why; the
/// scene writer never writes one. Every limit here is the 10,000,000 of `NumberRange.maxPoints`
/// and `maxPixels`, and every place is counted by hand from the scene's text.
@Suite("Physical ranges")
struct PhysicalRangesTests {
  static let options = SceneDecoder.Options(devices: BadInputFixtures.devices)

  /// A scene whose root holds one sublayer `a` with `members` (JSON text, without braces).
  static func scene(_ members: String, timeline: String? = nil) -> [UInt8] {
    var text = #"{"version": 1, "device": "iphone-7", "root": {"sublayers": [{"id": "a", \#(members)}]}"#
    if let timeline { text += #", "timeline": \#(timeline)"# }
    return Array((text + "}").utf8)
  }

  /// The scene both readers read, checking they read it alike; nil when both refuse it. A
  /// disagreement is an issue: the fast reader must give up wherever the tree reader refuses.
  static func read(_ bytes: [UInt8], _ comment: Comment) -> Scene? {
    let fast = SceneStreamReader.read(bytes, options: options)
    do {
      let tree = try SceneDecoder.decodeTree(bytes, options: options)
      #expect(fast == tree, comment)
      return tree
    } catch {
      #expect(fast == nil, "the fast reader took what the tree refuses: \(comment)")
      return nil
    }
  }

  /// The tree reader's problems with `bytes`, after checking the fast reader gives up on them.
  static func problems(_ bytes: [UInt8], _ comment: Comment) -> [Diagnostic] {
    #expect(SceneStreamReader.read(bytes, options: options) == nil, "the fast reader took \(comment)")
    do {
      _ = try SceneDecoder.decodeTree(bytes, options: options)
      Issue.record("\(comment) was accepted")
      return []
    } catch {
      return error.diagnostics
    }
  }

  // MARK: The issue's example

  /// `"frame": [1e9, 0, 10, 10]`: refused by both readers, the tree reader naming the number's
  /// key and place, the range and the reason. Its column, counted in the text: `{"version": 1,
  /// "device": "iphone-7", "root": {"sublayers": [{"id": "a", "frame": [` is 82 characters, so
  /// 1e9 starts at column 83 of line 1.
  @Test func aFrameCoordinateOf1e9IsRefusedNamingItsKey() throws {
    let problems = Self.problems(Self.scene(#""frame": [1e9, 0, 10, 10]"#), "x = 1e9")
    let problem = try #require(problems.first)
    #expect(problems.count == 1)
    #expect(problem.path == "root.sublayers[0].frame[0]")
    #expect(problem.location == SourceLocation(line: 1, column: 83))
    #expect(problem.message == "expected x from -10000000 to 10000000 in [x, y, width, height], found 1000000000")
    #expect(
      problem.notes == [
        "10,000,000 pt is the physical limit of lengths and positions: past it a 32-bit float, the precision a GPU draws with, steps by a whole point, so nothing lands on a pixel"
      ])
  }

  /// At the limit exactly every length and position is taken, alike by both readers, with the
  /// values written.
  @Test func tenMillionExactlyIsAccepted() throws {
    let members = """
      "frame": [-10000000, 1e7, 10000000, 1e7], "cornerRadius": 1e7, "borderWidth": 1e7, "shadowRadius": 1e7,
      "shadowOffset": [1e7, -1e7], "shadowPath": {"rect": [1e7, -1e7, 1e7, 0], "cornerRadius": 1e7},
      "transform": {"translation": [-1e7, 1e7]}, "contents": {"type": "image", "pixelSize": [1e7, 1e7]}
      """
    let scene = try #require(Self.read(Self.scene(members), "every limit"))
    let layer = try #require(scene.layer(at: "root/a"))
    #expect(layer.frame == Rect(-10_000_000, 10_000_000, 10_000_000, 10_000_000))
    #expect(layer.cornerRadius == 1e7 && layer.borderWidth == 1e7 && layer.shadowRadius == 1e7)
    #expect(layer.shadowOffset == Size(1e7, -1e7))
    #expect(layer.shadowPath == .rect(Rect(1e7, -1e7, 1e7, 0), cornerRadius: 1e7))
    #expect(layer.transform.translationX == -1e7 && layer.transform.translationY == 1e7)
    #expect(layer.contents == .image(ImageContents(pixelSize: Size(1e7, 1e7))))
  }

  /// Every number of a frame one past its limit (10,000,001), each at its own place: the element
  /// of `frame` that is past, named as `[x, y, width, height]` names it.
  @Test func eachNumberOfAFramePastItsLimit() throws {
    let cases: [(frame: String, index: Int, message: String)] = [
      ("[10000001, 0, 1, 1]", 0, "expected x from -10000000 to 10000000 in [x, y, width, height], found 10000001"),
      ("[0, -10000001, 1, 1]", 1, "expected y from -10000000 to 10000000 in [x, y, width, height], found -10000001"),
      ("[0, 0, 10000001, 1]", 2, "expected a width up to 10000000 in [x, y, width, height], found 10000001"),
      ("[0, 0, 1, 10000001]", 3, "expected a height up to 10000000 in [x, y, width, height], found 10000001"),
    ]
    for (frame, index, message) in cases {
      let problems = Self.problems(Self.scene(#""frame": \#(frame)"#), "frame \(frame)")
      #expect(problems.map(\.path) == ["root.sublayers[0].frame[\(index)]"], "\(frame)")
      #expect(problems.map(\.message) == [message], "\(frame)")
      #expect(problems.first?.notes == [NumberRange.pointsReason], "\(frame)")
    }
    // A negative size keeps its own message, without the note: it is not past a limit.
    let negative = Self.problems(Self.scene(#""frame": [0, 0, -1, 1]"#), "a negative width")
    #expect(negative.map(\.message) == ["expected a width and height >= 0 in [x, y, width, height], found -1 x 1"])
    #expect(negative.first?.notes == [])
  }

  /// Radii and widths, wherever they are: 10,000,000 taken, 10,000,001 refused with the key.
  @Test func radiiAndWidths() throws {
    let cases: [(members: (String) -> String, path: String)] = [
      ({ #""cornerRadius": \#($0)"# }, "root.sublayers[0].cornerRadius"),
      ({ #""borderWidth": \#($0)"# }, "root.sublayers[0].borderWidth"),
      ({ #""shadowRadius": \#($0)"# }, "root.sublayers[0].shadowRadius"),
      ({ #""class": "CAShapeLayer", "lineWidth": \#($0)"# }, "root.sublayers[0].lineWidth"),
      ({ #""shadowPath": {"rect": [0, 0, 1, 1], "cornerRadius": \#($0)}"# }, "root.sublayers[0].shadowPath.cornerRadius"),
      (
        { #""class": "CAShapeLayer", "path": {"type": "roundedRect", "rect": [0, 0, 1, 1], "cornerRadius": \#($0)}"# },
        "root.sublayers[0].path.cornerRadius"
      ),
    ]
    for (members, path) in cases {
      #expect(Self.read(Self.scene(members("10000000")), "\(path) at the limit") != nil, "\(path)")
      let problems = Self.problems(Self.scene(members("10000001")), "\(path) past the limit")
      #expect(problems.map(\.path) == [path])
      #expect(problems.map(\.message) == ["expected a number up to 10000000, found 10000001"], "\(path)")
      #expect(problems.first?.notes == [NumberRange.pointsReason], "\(path)")
    }
  }

  /// Offsets and moves: `shadowOffset`, a translation, `repeat`'s step, from -10,000,000 to
  /// 10,000,000.
  @Test func offsetsAndMoves() throws {
    let cases: [(members: String, path: String, message: String)] = [
      (
        #""shadowOffset": [0, -10000001]"#, "root.sublayers[0].shadowOffset",
        "expected a number from -10000000 to 10000000 in [width, height], found 0, -10000001"
      ),
      (
        #""transform": {"translation": [10000001, 0]}"#, "root.sublayers[0].transform.translation",
        "expected a number from -10000000 to 10000000 in [x, y] in points, found 10000001, 0"
      ),
      (
        #""repeat": {"count": 1, "step": [0, 10000001]}"#, "root.sublayers[0].repeat.step",
        "expected a number from -10000000 to 10000000 in [dx, dy], found 0, 10000001"
      ),
    ]
    for (members, path, message) in cases {
      let problems = Self.problems(Self.scene(members), "\(path)")
      #expect(problems.map(\.path) == [path])
      #expect(problems.map(\.message) == [message])
      #expect(problems.first?.notes == [NumberRange.pointsReason], "\(path)")
    }
  }

  /// The copies `repeat` makes are held to the range as written frames are: the last of 3 copies
  /// of a layer at x 0 moved by 5,000,000 each is at 2 x 5,000,000 = 10,000,000, taken; at x 1 it
  /// is at 10,000,001, refused at the `repeat` object: counted as in
  /// ``aFrameCoordinateOf1e9IsRefusedNamingItsKey()``, `[1, 0, 1, 1]` (82-93), ',' 94, space 95,
  /// `"repeat"` (96-103), ':' 104, space 105: '{' at column 106 of line 1.
  @Test func theLastCopyOfARepeat() throws {
    let atLimit = try #require(Self.read(Self.scene(#""frame": [0, 0, 1, 1], "repeat": {"count": 3, "step": [5e6, 0]}"#), "at the limit"))
    #expect(atLimit.layer(at: "root/a[2]")?.frame == Rect(10_000_000, 0, 1, 1))
    let problems = Self.problems(Self.scene(#""frame": [1, 0, 1, 1], "repeat": {"count": 3, "step": [5e6, 0]}"#), "one past")
    #expect(problems.map(\.path) == ["root.sublayers[0].repeat"])
    #expect(problems.first?.location == SourceLocation(line: 1, column: 106))
    #expect(
      problems.map(\.message) == [
        "the last copy, [2], would be at x = 10000001 (the frame moved by 2 x step): expected x from -10000000 to 10000000; lower `count` or `step`"
      ])
  }

  /// A bitmap's side: 10,000,000 px taken, 10,000,001 refused, with the reason for pixels.
  @Test func pixelSize() throws {
    #expect(Self.read(Self.scene(#""contents": {"type": "image", "pixelSize": [10000000, 1]}"#), "at the limit") != nil)
    let problems = Self.problems(Self.scene(#""contents": {"type": "image", "pixelSize": [1, 10000001]}"#), "one past")
    #expect(problems.map(\.path) == ["root.sublayers[0].contents.pixelSize"])
    #expect(problems.map(\.message) == ["expected a width and height up to 10000000 in pixels, found 1 x 10000001"])
    #expect(
      problems.first?.notes == [
        "10,000,000 px is the physical limit of a bitmap's side, 610 times the largest texture an iPhone's GPU holds (16,384 px)"
      ])
    // A side of 0 keeps its own message: the lower bound is told first.
    let zero = Self.problems(Self.scene(#""contents": {"type": "image", "pixelSize": [0, 10000001]}"#), "0 and one past")
    #expect(zero.map(\.message) == ["expected a width and height > 0 in pixels, found 0 x 10000001"])
    #expect(zero.first?.notes == [])
  }

  // MARK: The timeline

  /// The values of the animations of lengths and positions, and a scroll's offsets and length:
  /// at the limit taken, past it refused with the key path (or the key) named.
  @Test func timelineValues() throws {
    func animation(_ keyPath: String, _ value: String) -> String {
      #"{"duration": 1, "animations": [{"target": "a", "keyPath": "\#(keyPath)", "toValue": \#(value)}]}"#
    }
    let cases: [(timeline: (String) -> String, limit: String, past: String, message: String)] = [
      (
        { animation("position.x", $0) }, "-1e7", "-10000001",
        "expected a number from -10000000 to 10000000 for `position.x`, found -10000001"
      ),
      ({ animation("position.y", $0) }, "1e7", "1e8", "expected a number from -10000000 to 10000000 for `position.y`, found 100000000"),
      (
        { animation("position", $0) }, "[1e7, -1e7]", "[0, 2e7]",
        "expected x and y from -10000000 to 10000000 for `position`, found 0 x 20000000"
      ),
      ({ animation("bounds.size.width", $0) }, "1e7", "1e8", "expected a number up to 10000000 for `bounds.size.width`, found 100000000"),
      ({ animation("bounds.size.height", $0) }, "1e7", "1e8", "expected a number up to 10000000 for `bounds.size.height`, found 100000000"),
      (
        { animation("bounds.size", $0) }, "[1e7, 0]", "[10000001, 0]",
        "expected a width and height up to 10000000 for `bounds.size`, found 10000001 x 0"
      ),
      ({ animation("cornerRadius", $0) }, "1e7", "1e8", "expected a number up to 10000000 for `cornerRadius`, found 100000000"),
      ({ animation("shadowRadius", $0) }, "1e7", "1e8", "expected a number up to 10000000 for `shadowRadius`, found 100000000"),
    ]
    for (timeline, limit, past, message) in cases {
      #expect(Self.read(Self.scene(#""frame": [0, 0, 10, 10]"#, timeline: timeline(limit)), "\(limit)") != nil, "\(timeline(limit))")
      let problems = Self.problems(Self.scene(#""frame": [0, 0, 10, 10]"#, timeline: timeline(past)), "\(past)")
      #expect(problems.map(\.path) == ["timeline.animations[0].toValue"], "\(timeline(past))")
      #expect(problems.map(\.message) == [message])
      #expect(problems.first?.notes == [NumberRange.pointsReason], "\(timeline(past))")
    }

    // A scroll of the root, which holds `a`: its start, its curve's offsets and its length.
    func scroll(_ members: String) -> String { #"{"duration": 1, "scrolls": [{"target": "root", \#(members)}]}"# }
    let scrolls: [(limit: String, past: String, path: String, message: String)] = [
      (
        #""velocity": 100, "startOffset": -1e7"#, #""velocity": 100, "startOffset": -10000001"#, "timeline.scrolls[0].startOffset",
        "expected a number from -10000000 to 10000000, found -10000001"
      ),
      (
        #""velocity": 100, "contentLength": 1e7"#, #""velocity": 100, "contentLength": 10000001"#, "timeline.scrolls[0].contentLength",
        "expected a number up to 10000000, found 10000001"
      ),
      (
        #""offsets": [[0, 0], [1, 1e7]]"#, #""offsets": [[0, 0], [1, 10000001]]"#, "timeline.scrolls[0].offsets[1]",
        "expected an offset from -10000000 to 10000000 in [time, offset], found 10000001"
      ),
    ]
    for (limit, past, path, message) in scrolls {
      #expect(Self.read(Self.scene(#""frame": [0, 0, 10, 10]"#, timeline: scroll(limit)), "\(limit)") != nil, "\(limit)")
      let problems = Self.problems(Self.scene(#""frame": [0, 0, 10, 10]"#, timeline: scroll(past)), "\(past)")
      #expect(problems.map(\.path) == [path])
      #expect(problems.map(\.message) == [message])
      #expect(problems.first?.notes == [NumberRange.pointsReason], "\(past)")
    }
  }

  // MARK: Scenes in memory

  /// A scene built in memory past a range is found, with its layer, key and number, and the
  /// writer refuses to write it; at the limit it is written and read back the same.
  @Test func theWriterNeverWritesANumberPastItsRange() throws {
    var layer = Layer(id: "a", frame: Rect(1e9, 0, 10, 10))
    var root = Layer(id: "root", frame: Rect(0, 0, 375, 667))
    root.sublayers = [layer]
    var scene = Scene(device: "iphone-7", root: root)
    let problem = try #require(scene.firstValueOutOfRange())
    #expect(problem.path == "root/a" && problem.key == "frame[0]" && problem.value == 1e9 && problem.range == .coordinate)
    #expect(problem.description == "root/a: `frame[0]` is 1000000000; the scene format holds a number from -10000000 to 10000000 there")
    #expect(throws: SceneEncodingError(path: "root/a", message: problem.message)) { try SceneEncoder.rendered(scene) }

    layer.frame = Rect(1e7, -1e7, 1e7, 1e7)
    layer.shadowOffset = Size(-1e7, 1e7)
    layer.contents = .image(ImageContents(pixelSize: Size(1e7, 1)))
    scene.root.sublayers = [layer]
    #expect(scene.firstValueOutOfRange() == nil)
    let written = try SceneEncoder.rendered(scene)
    #expect(try SceneDecoder.decode(Array(written.utf8), options: Self.options).withoutSourceLocations == scene)

    // The timeline too: a `position` value past the range, in the first animation.
    scene.timeline = Timeline(duration: 1, animations: [LayerAnimation(targets: ["root/a"], keyPath: .position, toValue: .pair(0, 2e7))])
    #expect(scene.firstValueOutOfRange()?.description.hasPrefix("timeline.animations[0]: `toValue[1]` is 20000000") == true)
  }

  /// Copies within the range but more than 10,000,000 pt apart need a step past it: the writer
  /// refuses to fold them into `repeat` (copy 0 at -9,000,000 and copy 1 at 9,000,000 are
  /// 18,000,000 pt apart).
  @Test func copiesTooFarApartForOneStep() {
    var root = Layer(id: "root", frame: Rect(0, 0, 375, 667))
    root.sublayers = [Layer(id: "a[0]", frame: Rect(-9e6, 0, 1, 1)), Layer(id: "a[1]", frame: Rect(9e6, 0, 1, 1))]
    let scene = Scene(device: "iphone-7", root: root)
    #expect(scene.firstValueOutOfRange() == nil)
    #expect(throws: SceneEncodingError.self) { try SceneEncoder.rendered(scene) }
  }
}
