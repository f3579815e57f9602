import Compositor
import Testing

/// Frame pacing on schedules worked out by hand, 60 Hz (16.67 ms intervals).
@Suite("Frame pacing")
struct FramePacingTests {
  let pacing = FramePacing(refreshRate: 60)

  func stages(_ count: Int, main: Double = 1, server: Double = 0.5, gpu: Double = 1) -> [FramePacing.Stage] {
    Array(repeating: FramePacing.Stage(mainThreadMs: main, renderServerMs: server, gpuMs: gpu), count: count)
  }

  /// Everything fits: 60 frames in a second, each shown one interval after the last.
  @Test func idleRunShowsEveryFrame() {
    let times = (0..<60).map { Double($0) * 1000 / 60 }
    let result = pacing.run(stages(60), times: times, durationMs: 1000)
    #expect(result.fps == 60)
    #expect(result.hitches == 0)
    #expect(result.hitchTimeRatio == 0)
    #expect(result.frames.allSatisfy { $0.presentedAt != nil })
  }

  /// A frame whose commit is still on the main thread when an animation-only frame is shown keeps
  /// its work for the first frame shown after its commit lands. Animation-only frames (no commit,
  /// 0.4 ms on the render server, 1 ms on the GPU) but frame 2 (time 33.33), whose commit takes 40
  /// ms and whose GPU work 30: its commit ends at 73.33, past its 50 ms deadline, ready at 83.33.
  /// Frames 0 and 1 show at 33.33 and 50. At 66.67 frame 3 is ready, frame 2 is not: frame 3 is
  /// shown with its own 1 ms (the render server ends at 67.07, the GPU at 68.07) at 83.33, and
  /// frame 2 is passed over. At 83.33 frame 4 is ready and frame 2's commit has landed: frame 4
  /// does frame 2's 30 ms, the render server ends at 83.73, the GPU at 113.73, shown at 116.67.
  @Test func aStalledCommitsWorkWaitsForItToLand() {
    let times = (0..<10).map { Double($0) * 1000 / 60 }
    var stages = Array(repeating: FramePacing.Stage(mainThreadMs: 0, renderServerMs: 0.4, gpuMs: 1), count: 10)
    stages[2] = FramePacing.Stage(mainThreadMs: 40, renderServerMs: 0.4, gpuMs: 30)
    let frames = pacing.run(stages, times: times, durationMs: 1000 / 6).frames
    let interval = 1000.0 / 60
    #expect(abs((frames[0].presentedAt ?? 0) - 2 * interval) < 1e-6)
    #expect(abs((frames[1].presentedAt ?? 0) - 3 * interval) < 1e-6)
    #expect(frames[2].presentedAt == nil)
    #expect(abs((frames[3].presentedAt ?? 0) - 5 * interval) < 1e-6)
    #expect(abs((frames[4].presentedAt ?? 0) - 7 * interval) < 1e-6)
  }

  /// The GPU needs 25 ms a frame: it can finish one frame every 25 ms, 40 a second. Frames reach
  /// the screen one and two intervals apart in turn (two frames every 50 ms), so every other frame
  /// shows one interval late: about 20 render hitches of 16.7 ms a second, some 333 ms/s.
  @Test func gpuBoundRunShowsFortyFrames() {
    let times = (0..<120).map { Double($0) * 1000 / 60 }
    let result = pacing.run(stages(120, gpu: 25), times: times, durationMs: 2000)
    #expect((39...41).contains(result.fps))
    #expect(result.commitHitches == 0)
    #expect(result.renderHitches == result.hitches)
    #expect((300...370).contains(result.hitchTimeRatio))
    #expect(result.tripleBuffered)
    #expect(result.gpuUtilization > 0.95)
  }

  /// The main thread needs 20 ms a frame: frame k's commit runs from 20k to 20(k + 1) ms, past
  /// its deadline (the vsync after its content time plus half an interval, (k + 1) intervals), so
  /// it is picked up at the vsync after it ends: ceil(1.2 (k + 1)) intervals. Those are 2, 3, 4,
  /// 5, 6, then 8, 9, 10, 11, 12, then 14...: a vsync is skipped every 5 frames. Each frame shows
  /// one interval after it is picked up (render server and GPU take 1.5 ms). Frame 0 shows at 3
  /// intervals against the 2 expected (its deadline plus one): a commit hitch; then each skipped
  /// vsync is one more, after frames 5, 10, ..., 55: 1 + 11 = 12 commit hitches of one interval.
  /// Every commit is shown, the last (k = 59, picked up at 72) at 73 intervals: 60 frames over
  /// 73 - 3 + 1 = 71 intervals, 3600 / 71 = 50.7 fps; hitch time 12 intervals = 200 ms over
  /// 71 / 60 s.
  @Test func slowMainThreadHitchesOnCommit() {
    let times = (0..<60).map { Double($0) * 1000 / 60 }
    let result = pacing.run(stages(60, main: 20), times: times, durationMs: 1000)
    #expect(result.commitHitches == 12)
    #expect(result.hitches == 12)
    #expect(result.renderHitches == 0)
    #expect(result.frames.allSatisfy { $0.presentedAt != nil })
    #expect(abs(result.fps - 3600.0 / 71) < 1e-6)
    #expect(abs(result.hitchTimeRatio - 200 / (71.0 / 60)) < 1e-6)
  }

  /// A 20 Hz timeline on a 60 Hz display shows a new frame every 3 intervals by design: 20 fps,
  /// no hitches.
  @Test func timelineSlowerThanTheDisplayDoesNotHitch() {
    let times = (0..<20).map { Double($0) * 50 }
    let result = pacing.run(stages(20), times: times, durationMs: 1000)
    #expect(result.fps == 20)
    #expect(result.hitches == 0)
  }

  /// Over budget after the fall-back to triple buffering still hitches: a GPU that needs 10 ms a
  /// frame at 120 Hz (8.33 ms intervals) finishes 100 frames a second, so of 120 refreshes 20 show
  /// no new frame: about 20 hitches of 8.33 ms a second, some 167 ms/s.
  @Test func overBudgetAfterTripleBufferingStillHitches() {
    let pacing120 = FramePacing(refreshRate: 120)
    let times = (0..<240).map { Double($0) * 1000 / 120 }
    let result = pacing120.run(stages(240, gpu: 10), times: times, durationMs: 2000)
    #expect((95...101).contains(result.fps), "fps \(result.fps)")
    #expect((140...190).contains(result.hitchTimeRatio), "ratio \(result.hitchTimeRatio)")
    #expect(result.tripleBuffered)
  }

  /// The GPU idles at render-target switches (WWDC14 session 419: a GPU-bound app with many
  /// switches shows less than 100% GPU utilization in Instruments). 60 frames at 60 Hz, each
  /// 10 ms on the GPU of which 4 ms idle at switches: every frame fits (1 + 0.5 + 10 ms), all 60
  /// show over the 1 s run, as they would with no idle. The GPU is busy 60 x (10 - 4) = 360 ms of
  /// 1000: 36%, where counting the idle as busy would give 60%.
  @Test func switchIdleIsLeftOutOfGPUUtilization() {
    let times = (0..<60).map { Double($0) * 1000 / 60 }
    var idle = stages(60, gpu: 10)
    for index in idle.indices { idle[index].gpuIdleMs = 4 }
    let busy = pacing.run(stages(60, gpu: 10), times: times, durationMs: 1000)
    let result = pacing.run(idle, times: times, durationMs: 1000)
    #expect(result.frames == busy.frames)
    #expect(result.fps == 60)
    #expect(abs(result.gpuUtilization - 0.36) < 1e-9)
    #expect(abs(busy.gpuUtilization - 0.6) < 1e-9)
  }

  /// The idle still occupies the GPU: a GPU-bound run (25 ms a frame, as in
  /// ``gpuBoundRunShowsFortyFrames()``) paces the same with half of it idle at switches, frame for
  /// frame. The GPU is then busy 12.5 ms for each frame shown, over the run's wall time (its 2 s,
  /// or from the first frame shown to one interval after the last, when longer): about half,
  /// where counting the idle puts it above 95%.
  @Test func switchIdleStillTakesTheGPUsTime() {
    let times = (0..<120).map { Double($0) * 1000 / 60 }
    var idle = stages(120, gpu: 25)
    for index in idle.indices { idle[index].gpuIdleMs = 12.5 }
    let occupied = pacing.run(stages(120, gpu: 25), times: times, durationMs: 2000)
    let result = pacing.run(idle, times: times, durationMs: 2000)
    #expect(result.frames == occupied.frames)
    #expect(result.fps == occupied.fps)
    #expect(result.hitchTimeRatio == occupied.hitchTimeRatio)
    #expect(occupied.gpuUtilization > 0.95)
    let presented = result.frames.compactMap(\.presentedAt)
    let wall = max(2000, presented.last! - presented.first! + 1000.0 / 60)
    #expect(abs(result.gpuUtilization - Double(presented.count) * 12.5 / wall) < 1e-9)
    #expect((0.45...0.55).contains(result.gpuUtilization))
  }

  /// Idle time beyond the frame's GPU time (a figure out of range) counts as the whole of it: the
  /// GPU is never less than idle, and its utilization stays 0, never negative.
  @Test func idleBeyondTheGPUTimeIsBounded() {
    let times = (0..<60).map { Double($0) * 1000 / 60 }
    var idle = stages(60, gpu: 2)
    for index in idle.indices { idle[index].gpuIdleMs = 5 }
    let result = pacing.run(idle, times: times, durationMs: 1000)
    #expect(result.gpuUtilization == 0)
    #expect(result.fps == 60)
  }
}
