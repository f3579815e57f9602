import Compositor
import LayerTree
import Testing

/// Commit hitches against render hitches, and animations the render server runs alone, on
/// schedules worked out by hand from Apple's definitions (tech talks 10855-10857: a commit hitch
/// is a frame late because the app's commit missed its deadline; a render hitch, because the
/// render server or the GPU missed theirs), at 60 Hz (16.67 ms intervals).
@Suite("Hitch kinds")
struct HitchKindTests {
  let pacing = FramePacing(refreshRate: 60)
  let times = (0..<60).map { Double($0) * 1000 / 60 }

  /// A scroll whose cell reuse takes 22 ms on the main thread in one frame, with the GPU at
  /// 1.6 ms: frame 10's commit ends at 166.7 + 22 = 188.7 ms, past its deadline (183.3 ms), so
  /// the frame that replaces it shows one interval late. The main thread stalled: one commit
  /// hitch, no render hitch.
  @Test func mainThreadStallIsACommitHitch() {
    var stages = Array(repeating: FramePacing.Stage(mainThreadMs: 2, renderServerMs: 0.4, gpuMs: 1.6), count: 60)
    stages[10].mainThreadMs = 22
    let result = pacing.run(stages, times: times, durationMs: 1000)
    #expect(result.commitHitches == 1)
    #expect(result.renderHitches == 0)
    #expect(result.hitchTimeMs == 1000.0 / 60)
    #expect(!result.tripleBuffered)
  }

  /// The same stall in a simulated scene, and the verdict it gets. A one-row table on an iPhone 4S
  /// (A5: `cpuSpeed` 0.2; 106 pt tall, a pool of two 106 pt cells, each a 345 x 61 pt label of 162
  /// characters drawn on the main thread) jumps two rows in frame 10: both cells take new items, and
  /// the main thread works, from the coefficients (A8 seconds over 0.2), the frame base and the
  /// table's layout and commit, then per cell its two layers laid out and committed, its label's
  /// text set up, 162 characters typeset and 690 x 122 px drawn: more than the 16.7 ms interval.
  /// No other frame but the first changes anything. Frame 10's commit ends past its deadline: the
  /// frame after it shows one interval late, a commit hitch, and with the GPU idle most of the
  /// interval the verdict names the main thread.
  @Test func aSceneWhoseCellReuseStallsTheMainThreadIsMainThreadBound() throws {
    let scene = try SceneDecoder.decode(
      Array(
        ##"""
        {"version": 1, "device": "iphone-4s", "root": {"id": "root", "sublayers": [
          {"id": "table", "frame": [0, 64, 375, 106], "backgroundColor": "#FFFFFF", "masksToBounds": true, "sublayers": [
            {"id": "cell", "frame": [0, 0, 375, 106], "repeat": {"count": 2, "step": [0, 106]}, "backgroundColor": "#FFFFFF", "sublayers": [
              {"id": "title", "frame": [15, 12, 345, 61], "contents": {"type": "text", "characters": 162}}]}]}]},
         "timeline": {"duration": 1, "scrolls": [{"target": "table", "offsets": [[0, 0], [0.15, 0], [0.16666666666666666, 212]],
           "contentLength": 10600, "reuse": {"cell": "cell", "items": 100}}]}}
        """##.utf8), options: .init(devices: DeviceCatalogue.screens))
    let device = DeviceCatalogue.device(id: "iphone-4s")!
    #expect(device.cpuSpeed == 0.2)
    let report = Simulator.run(scene, on: device)
    let c = CostCoefficients.standard
    let cell = 2 * (c.layoutTime + c.commitTime) + c.textLayoutTime + 162 * c.glyphTime + 690 * 122 * c.drawPixelTime
    let reuse = (c.frameBaseTime + c.layoutTime + c.commitTime + 2 * cell) * 1000 / device.cpuSpeed
    #expect(abs(report.frames[10].cost.mainThreadMs - reuse) < 1e-9)
    #expect(reuse > 1000.0 / 60)
    #expect(report.frames.indices.allSatisfy { $0 == 0 || $0 == 10 || report.frames[$0].cost.mainThreadMs == 0 })
    let performance = report.summary.performance
    #expect(performance.commitHitches == 1)
    #expect(performance.renderHitches == 0)
    #expect(report.frames[11].outcome.hitch == .commit)
    #expect(performance.gpuMs.max < 2)
    #expect(performance.bottleneck == .mainThread)
  }

  /// Every frame's cell reuse takes 22 ms: every commit misses its deadline, and every hitch is a
  /// commit hitch, however the frames that replace them line up.
  @Test func steadyMainThreadOverloadIsOnlyCommitHitches() {
    let stages = Array(repeating: FramePacing.Stage(mainThreadMs: 22, renderServerMs: 0.4, gpuMs: 1.6), count: 60)
    let result = pacing.run(stages, times: times, durationMs: 1000)
    #expect(result.commitHitches > 0)
    #expect(result.renderHitches == 0)
  }

  /// A Core Animation animation keeps running while the main thread stalls for 100 ms in frame
  /// 10: the other frames change only what the animation animates (no main-thread work), so the
  /// render server draws each at its vsync; frame 10's late commit is replaced by the frames
  /// after it. 60 frames shown, no hitch.
  @Test func renderServerAnimationsRunThroughAMainThreadStall() {
    var stages = Array(repeating: FramePacing.Stage(mainThreadMs: 0, renderServerMs: 0.4, gpuMs: 1.6), count: 60)
    stages[10].mainThreadMs = 100
    let result = pacing.run(stages, times: times, durationMs: 1000)
    #expect(result.hitches == 0)
    #expect(result.fps == 60)
  }

  /// The same stall while the app itself drives every frame (scrolling, 1 ms of main-thread work
  /// each): the frames after the stall wait for the main thread, so they hitch, on commit.
  @Test func appDrivenFramesWaitForTheMainThread() {
    var stages = Array(repeating: FramePacing.Stage(mainThreadMs: 1, renderServerMs: 0.4, gpuMs: 1.6), count: 60)
    stages[10].mainThreadMs = 100
    let result = pacing.run(stages, times: times, durationMs: 1000)
    #expect(result.commitHitches >= 1)
    #expect(result.renderHitches == 0)
    // Frame 10's commit runs from 166.7 ms to 266.7 ms, a vsync: the render server takes it there
    // and it shows one interval later, at 283.3 ms, where frame 10 was due at 200 ms (double
    // buffered): 83.3 ms of hitch, five intervals.
    #expect(abs(result.hitchTimeMs - 5 * 1000 / 60) < 1e-6)
  }

  /// The first frame's commit is late (22 ms of main-thread work: a scroll's first frame displays
  /// every cell) and the next frame replaces it. Worked out by hand: frame 0 runs 0-22 ms, past
  /// its deadline (16.67), ready at the vsync at 33.33; frame 1 (content time 16.67) runs 22-24,
  /// before its deadline (33.33), and is the newest commit at 33.33: the render server takes it
  /// (0.4 ms, then 1.6 ms of GPU) and it shows at 50, where frame 0 was due at 33.33 (its
  /// deadline plus one interval, double buffered). The screen went one interval without a new
  /// frame because of the app: one commit hitch of 16.67 ms. Frames 2-59 each show one interval
  /// after the previous one (at 66.67 ... 1016.67): 59 frames shown over the 1 s run, 59 fps,
  /// 16.67 ms/s of hitch time. That is the run measured whole; the report measures the screen's
  /// first display apart, and the same schedule then has no hitch (`FirstDisplayTests`).
  @Test func lateFirstCommitIsACommitHitchThoughANewerFrameReplacesIt() {
    var stages = Array(repeating: FramePacing.Stage(mainThreadMs: 2, renderServerMs: 0.4, gpuMs: 1.6), count: 60)
    stages[0].mainThreadMs = 22
    let result = pacing.run(stages, times: times, durationMs: 1000)
    #expect(result.frames[0].presentedAt == nil)
    #expect(result.frames[1].presentedAt.map { abs($0 - 50) < 1e-6 } == true)
    #expect(result.frames[1].hitch == .commit)
    #expect(result.commitHitches == 1)
    #expect(result.renderHitches == 0)
    #expect(abs(result.hitchTimeMs - 1000.0 / 60) < 1e-6)
    #expect(abs(result.hitchTimeRatio - 1000.0 / 60) < 1e-6)
    #expect(abs(result.fps - 59) < 1e-9)
  }

  /// The GPU needs 25 ms a frame while every commit is on time: render hitches only.
  @Test func slowGPUIsARenderHitch() {
    let stages = Array(repeating: FramePacing.Stage(mainThreadMs: 1, renderServerMs: 0.4, gpuMs: 25), count: 60)
    let result = pacing.run(stages, times: times, durationMs: 1000)
    #expect(result.renderHitches > 0)
    #expect(result.commitHitches == 0)
  }
}
