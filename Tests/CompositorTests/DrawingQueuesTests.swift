import Compositor
import Foundation
import LayerTree
import TestSupport
import Testing

/// The drawing queues (docs/cost-model.md, "Drawing queues"): contents drawn on background
/// threads wait for one of a fixed number of serial queues, and those that wait past the frame
/// they would otherwise show in are reported late. Every expected value is worked out by hand
/// from the queue rule: a frame's tasks queued at its commit, each on the queue free first, shown
/// at the first commit after it ends.
@Suite("Drawing queues")
struct DrawingQueuesTests {
  static let interval = 1000.0 / 60

  /// 30 tasks of 0.6 ms in frame 0 on one queue: task k ends at 0.6 k ms and shows at frame 1
  /// while 0.6 k <= 16.667 (k <= 27); tasks 28, 29 and 30 end after the next commit and show at
  /// frame 2, one frame later than with a queue free at once.
  @Test func oneQueueMakesTheTasksPastTheFrameLate() {
    let late = DrawingQueues.late(frames: [(30, 30 * 0.6)], queues: 1, intervalMs: Self.interval)
    #expect(late.tasks == 3)
    #expect(late.mostFrames == 1)
    #expect(late.frames == 0...0)
  }

  /// The same 30 tasks on two queues: 15 each, the last ending at 9 ms, within the frame.
  @Test func twoQueuesDrawThemInTime() {
    let late = DrawingQueues.late(frames: [(30, 30 * 0.6)], queues: 2, intervalMs: Self.interval)
    #expect(late.tasks == 0)
    #expect(late.frames == nil)
  }

  /// A 40 ms task in frame 0 shows at frame 3 (ceil(40 / 16.667) = 3): not late, it is its own
  /// length. A 1 ms task queued at frame 1 (16.667 ms) waits for the queue until 40 ms, ends at
  /// 41 ms and shows at frame 3 (41 / 16.667 = 2.46); free at once it would end at 17.667 ms and
  /// show at frame 2: one frame late, queued in frame 1.
  @Test func workCarriesOverIntoLaterFrames() {
    let late = DrawingQueues.late(frames: [(1, 40), (1, 1)], queues: 1, intervalMs: Self.interval)
    #expect(late.tasks == 1)
    #expect(late.mostFrames == 1)
    #expect(late.frames == 1...1)
  }

  /// Nothing to draw, or no queue: nothing late, and no trap.
  @Test func emptyRunsAndNoQueues() {
    #expect(DrawingQueues.late(frames: [], queues: 2, intervalMs: Self.interval).tasks == 0)
    #expect(DrawingQueues.late(frames: [(0, 0), (0, 0)], queues: 2, intervalMs: Self.interval).tasks == 0)
    #expect(DrawingQueues.late(frames: [(5, 5)], queues: 0, intervalMs: Self.interval).tasks == 0)
  }

  /// `count` labels of 10 x 10 pt with one character, drawn on a background thread, on the
  /// iPhone 6 (60 Hz, @2x, the A8: CPU speed 1) with a one-second timeline.
  static func labels(_ count: Int, queues: Int?) -> String {
    let labels = (0..<count).map {
      #"{"id": "label\#($0)", "frame": [0, \#($0 % 60), 10, 10], "contents": {"type": "text", "characters": 1, "drawnOn": "background"}}"#
    }
    let pool = queues.map { #", "drawingQueues": \#($0)"# } ?? ""
    return """
      {"version": 1, "device": "iphone-6", "root": {"id": "root", "sublayers": [\(labels.joined(separator: ","))]},
       "timeline": {"duration": 1\(pool)}}
      """
  }

  static func run(_ json: String) throws -> SimulationReport {
    let scene = try SceneDecoder.decode(Array(json.utf8), options: .init(devices: DeviceCatalogue.screens))
    return Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-6")!)
  }

  /// By hand, from the coefficients (docs/cost-model.md): each label shown first is set up
  /// (`textLayoutTime` 0.6019 ms) and drawn (20 x 20 px x `drawPixelTime` 4 ns + 1 character x
  /// `glyphTime` 8 us): 0.6115 ms on the A8, all 40 queued at frame 0. On one queue, label k
  /// ends at 0.6115 k ms, after the 16.667 ms commit for k >= 28 (27 x 0.6115 = 16.51): 13 labels
  /// show one frame late. On the iPhone 6's two cores (two queues), each queue draws 20, done at
  /// 12.2 ms: none late, and the report has no list block.
  @Test func aSceneWithOneQueueShowsItsLabelsLate() throws {
    let one = try Self.run(Self.labels(40, queues: 1))
    let lists = try #require(one.lists)
    #expect(lists.drawingQueues == 1)
    #expect(lists.late.tasks == 13)
    #expect(lists.late.mostFrames == 1)
    #expect(lists.late.frames == 0...0)
    #expect(try Self.run(Self.labels(40, queues: nil)).lists == nil)
    #expect(DeviceCatalogue.device(id: "iphone-6")!.cpuCores == 2)
  }

  /// The device's cores, from its chip (Apple's and AnandTech's figures, DeviceProfile.cpuCores).
  @Test func theQueuesFollowTheChip() {
    let cores = ["iphone-4s": 2, "iphone-6": 2, "iphone-7": 2, "iphone-8": 6, "iphone-15-pro": 6]
    for (id, expected) in cores {
      #expect(DeviceCatalogue.device(id: id)?.cpuCores == expected, "\(id)")
    }
  }

  /// The key is read, written back and held to its range.
  @Test func theKeyIsReadWrittenAndHeldToItsRange() throws {
    let scene = try SceneDecoder.decode(Array(Self.labels(1, queues: 3).utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(scene.timeline?.drawingQueues == 3)
    let written = try SceneEncoder.encode(scene).rendered()
    #expect(written.contains(#""drawingQueues": 3"#))
    let error = caughtError(SceneErrors.self) {
      try SceneDecoder.decode(Array(Self.labels(1, queues: 0).utf8), options: .init(devices: DeviceCatalogue.screens))
    }
    #expect(error?.description.contains("timeline.drawingQueues") == true, "\(String(describing: error))")
  }
}

extension DrawingQueuesTests {
  /// Drawing past any whole number of frames (a hostile scene's) or not finite never traps: the
  /// frames are counted in doubles and the most frames late held to a billion. By the rule: the
  /// first task of each run is its own length, never late; the second of frame 0 (1e300 / 2 ms
  /// after the first) and frame 1's 1 ms task wait for the one queue: 2 late. An endless task
  /// makes frame 1's wait forever: 1 late, held to a billion frames. A task of no number ends at
  /// no time: nothing waits for it.
  @Test func hugeAndNonFiniteWorkNeverTraps() {
    let huge = DrawingQueues.late(frames: [(2, 1e300), (1, 1)], queues: 1, intervalMs: Self.interval)
    #expect(huge.tasks == 2)
    #expect(huge.mostFrames == 1_000_000_000)
    let infinite = DrawingQueues.late(frames: [(1, .infinity), (1, 1)], queues: 1, intervalMs: Self.interval)
    #expect(infinite.tasks == 1)
    #expect(infinite.mostFrames == 1_000_000_000)
    let notANumber = DrawingQueues.late(frames: [(1, .nan), (1, 1)], queues: 1, intervalMs: Self.interval)
    #expect(notANumber.tasks == 0)
  }
}
