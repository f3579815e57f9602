import Foundation
import LayerTree

/// A run's frames on two threads at once: while frame n is finished (the raster cache asked),
/// priced and tallied on the calling thread, a second thread steps the timeline and lays out the
/// frames after it (``FrameStepper/layout(_:)``: the decide pass's geometry and rules), which
/// depends on nothing the first thread does. Each half keeps its own state from frame to frame
/// (the timeline and the decide pass's storage on one side; the raster cache, the cost model and
/// the tally on the other), and each frame goes from one to the other whole, in order, so the
/// report is the one a run on one thread makes, to the bit.
///
/// The frames in flight wait in a ring of slots. A slot's plan is written in the storage of the
/// plan it held before, given back by the pricing side once it is done with it, so a frame
/// allocates no more than on one thread. A side that finds the ring full (or empty) sleeps until
/// the other has made room for (or made) several frames, not one: waking a thread costs more than
/// a frame of a screen.
final class FramePipeline: @unchecked Sendable {
  /// One frame in flight.
  final class Slot: @unchecked Sendable {
    var state = FrameState()
    var plan: FramePlan? = nil
  }

  private let slots: [Slot]
  /// A sleeping side is woken when this many frames (or slots) are ready for it.
  private let batch: Int
  private let condition = NSCondition()
  /// Frames written by the planning side, and frames the pricing side is done with.
  private var produced = 0
  private var consumed = 0
  private let frames: Int

  /// A ring for `frames` frames of a tree of `layers` layers: up to 16 slots, fewer for a large
  /// tree (each plan holds a slot per layer of the tree: 4 bytes each).
  init(frames: Int, layers: Int) {
    let byMemory = (64 << 20) / max(4 * layers, 1)
    let count = max(4, min(16, byMemory))
    slots = (0..<count).map { _ in Slot() }
    batch = max(1, count / 4)
    self.frames = frames
  }

  /// The slots of the ring.
  var slotCount: Int { slots.count }

  /// Whether a run of `frames` frames is worth two threads here: a machine with two cores or more,
  /// a run long enough to repay starting a thread, and not already one of several simulations
  /// sharing the cores (``Parallel``).
  static func pays(frames: Int) -> Bool {
    frames >= 32 && allowed && !Parallel.isInsideLanes
  }

  /// Two cores or more, and `OFFSCREEN_SIM_PIPELINE` not set to 0 (to measure one thread's work
  /// alone): read once, as reading the environment costs more than a frame.
  private static let allowed =
    ProcessInfo.processInfo.activeProcessorCount >= 2 && ProcessInfo.processInfo.environment["OFFSCREEN_SIM_PIPELINE"] != "0"

  // MARK: The planning side

  /// The slot frame `frame` is written in, once the pricing side is done with what it held.
  func slotForWriting(_ frame: Int) -> Slot {
    condition.lock()
    while frame - consumed >= slots.count { condition.wait() }
    condition.unlock()
    return slots[frame % slots.count]
  }

  /// Frame `frame` is written: the pricing side may read it.
  func wrote(_ frame: Int) {
    condition.lock()
    produced = frame + 1
    if produced - consumed >= batch || produced == frames { condition.broadcast() }
    condition.unlock()
  }

  // MARK: The pricing side

  /// The slot of frame `frame`, once it is written.
  func slotForReading(_ frame: Int) -> Slot {
    condition.lock()
    while produced <= frame { condition.wait() }
    condition.unlock()
    return slots[frame % slots.count]
  }

  /// The pricing side is done with frame `frame`: its slot may be written again. The caller holds
  /// no copy of its plan any more, so the plan's storage is written in place.
  func read(_ frame: Int) {
    condition.lock()
    consumed = frame + 1
    if slots.count - (produced - consumed) >= batch || consumed == frames { condition.broadcast() }
    condition.unlock()
  }
}
