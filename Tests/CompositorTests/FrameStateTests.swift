import LayerTree
import Testing

@testable import Compositor

/// A frame's state keeps its collections in one box that copies share until one of them writes,
/// and the timeline starts each frame from an earlier frame's state emptied in place. Both must
/// leave a state the value it was when it was handed out.
@Suite("Frame state")
struct FrameStateTests {
  /// A copy is a value: writing one leaves the other as it was (the box is copied on the first
  /// write to a shared one).
  @Test func aCopyIsUnchangedByWritesToTheOther() {
    var first = FrameState(frame: 1, time: 0.5)
    first.appChanged.insert(3)
    first.boundsOrigins[2] = Point(0, 40)
    var second = first
    second.appChanged.insert(4)
    second.boundsOrigins[2] = Point(0, 80)
    second.layers[5] = Layer(id: "moved")
    #expect(first.appChanged == [3])
    #expect(first.boundsOrigins == [2: Point(0, 40)])
    #expect(first.layers.isEmpty)
    #expect(second.appChanged == [3, 4])
    #expect(second.boundsOrigins == [2: Point(0, 80)])
    #expect(second.layers.count == 1)
  }

  /// Emptying a state for a new frame empties it alone: a copy that shares its box keeps every
  /// collection.
  @Test func resetLeavesASharingCopyWhole() {
    var state = FrameState(frame: 1, time: 0.5)
    state.contentChanged = [1, 2]
    state.appearanceChanged = [1, 2, 7]
    state.animated = [9]
    let kept = state
    state.reset(frame: 2, time: 1)
    #expect(state.frame == 2 && state.time == 1)
    #expect(state.contentChanged.isEmpty && state.appearanceChanged.isEmpty && state.animated.isEmpty)
    #expect(kept.frame == 1 && kept.contentChanged == [1, 2] && kept.appearanceChanged == [1, 2, 7] && kept.animated == [9])
  }

  /// Emptying a state that holds its box alone empties every collection in place.
  @Test func resetEmptiesEveryCollection() {
    var state = FrameState(frame: 1, time: 0.5)
    state.layers[1] = Layer(id: "moved")
    state.boundsOrigins[2] = Point(0, 40)
    state.contentChanged = [1]
    state.appearanceChanged = [1, 2]
    state.placementChanged = [3]
    state.appChanged = [2]
    state.animated = [4]
    state.props[1] = LayerProps(Layer(id: "moved"), hasMask: false)
    state.mayChange = [true, false]
    state.scrollViews = [false, true]
    state.reset(frame: 2, time: 1)
    #expect(state.frame == 2 && state.time == 1)
    #expect(state.layers.isEmpty && state.boundsOrigins.isEmpty && state.props.isEmpty)
    #expect(state.contentChanged.isEmpty && state.appearanceChanged.isEmpty && state.placementChanged.isEmpty)
    #expect(state.appChanged.isEmpty && state.animated.isEmpty)
    #expect(state.mayChange.isEmpty && state.scrollViews.isEmpty)
  }

  /// A list scrolled from 0 to 100 pt over one second at 10 frames a second: frame n's content
  /// offset is 10n pt (linear between the two keyframes, whole points on a 1x grid), and each frame
  /// after the first marks the list as changed by the app and as changed in appearance.
  private static let scrolled = """
    {"version": 1, "device": "iphone-7", "root": {"id": "root", "sublayers": [
      {"id": "list", "frame": [0, 0, 375, 667], "sublayers": [{"id": "row", "frame": [0, 0, 375, 2000]}]}]},
     "timeline": {"duration": 1, "frameRate": 10, "scrolls": [{"target": "list", "offsets": [[0, 0], [1, 100]]}]}}
    """

  /// Every state handed out is kept: the timeline cannot empty any of them in place, and each keeps
  /// its own frame after the later frames are made.
  @Test func statesKeptKeepTheirFrame() throws {
    let scene = try TestScenes.decode(Self.scrolled)
    let tree = FlatTree(scene.root)
    let list = try #require(tree.index(ofPath: "root/list"))
    var animator = SceneAnimator(tree: tree, timeline: scene.timeline, frameRate: 10)
    var states: [FrameState] = []
    for frame in 0..<animator.frameCount { states.append(animator.state(frame: frame)) }
    #expect(states.count == 10)
    for (frame, state) in states.enumerated() {
      #expect(state.frame == frame)
      #expect(state.boundsOrigins == [list: Point(0, Double(frame) * 10)])
      #expect(state.appChanged == (frame == 0 ? [] : [list]))
      #expect(state.appearanceChanged == (frame == 0 ? [] : [list]))
    }
  }

  /// Each state is let go once read, as a run does: from the third frame the timeline empties the
  /// state of two frames before in place and fills it again, and every frame reads as if made anew.
  @Test func statesLetGoAreRefilledRight() throws {
    let scene = try TestScenes.decode(Self.scrolled)
    let tree = FlatTree(scene.root)
    let list = try #require(tree.index(ofPath: "root/list"))
    var animator = SceneAnimator(tree: tree, timeline: scene.timeline, frameRate: 10)
    for frame in 0..<animator.frameCount {
      let state = animator.state(frame: frame)
      #expect(state.frame == frame)
      #expect(state.boundsOrigins == [list: Point(0, Double(frame) * 10)])
      #expect(state.appChanged == (frame == 0 ? [] : [list]))
      #expect(state.appearanceChanged == (frame == 0 ? [] : [list]))
      #expect(state.layers.isEmpty && state.contentChanged.isEmpty && state.placementChanged.isEmpty)
    }
  }
}
