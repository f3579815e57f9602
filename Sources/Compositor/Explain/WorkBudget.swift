import Foundation
import LayerTree

/// How much simulating `explain` and `optimize` may do in all, in layer-frames (a scene's
/// layers times its frames, summed over every simulation they run).
///
/// Each fix they try is measured by simulating the scene again, so their work grows with the
/// number of findings times the number of fixes, and `optimize` simulates the scene again for
/// each fix it applies. A scene from an untrusted pull request must not keep a CI runner busy for
/// hours: the work of the simulations still to run is known before they start (a fix only ever
/// removes layers, so a trial costs at most what the scene costs), and once it would go past the
/// limit none of them starts: ``exhausted`` is set and the caller refuses the result. The one
/// simulation of the scene as it is always runs (the scene's own limits bound it), and so does
/// the stepping of the scene some fixes' checks ask for, once per scene checked, unless the
/// scene's run already recorded its frames (``Explainer/baseline(_:on:coefficients:)``): both
/// are counted when they happen. A stepping made only to record the frames for the trials is
/// admitted with them. A trial that takes some of its frames from that record is still counted
/// as a whole simulation: the count bounds the work, it does not measure it.
///
/// A reference, shared by the explanation and the optimization that uses it, used from one
/// thread (the simulations it admits may then run on several).
public final class WorkBudget: @unchecked Sendable {
  /// Layer-frames allowed in all.
  public let limit: Int
  /// Layer-frames simulated so far, or admitted to run.
  public private(set) var spent = 0
  /// Simulations run so far, or admitted to run.
  public private(set) var simulations = 0
  /// True once simulations were refused: the result is partial and must not be shown.
  public private(set) var exhausted = false
  /// What was refused, when something was: how many simulations, and the layer-frames spent and
  /// refused together.
  public private(set) var refused: (simulations: Int, layerFrames: Int)? = nil

  public init(limit: Int) {
    self.limit = limit
  }

  /// No limit: the library's default.
  public static var unlimited: WorkBudget { WorkBudget(limit: .max) }

  /// The work of simulating `layers` layers over `frames` frames, `count` times, saturating.
  static func work(layers: Int, frames: Int, times count: Int = 1) -> Int {
    let (once, overflow) = layers.multipliedReportingOverflow(by: max(1, frames))
    let (all, overflowed) = once.multipliedReportingOverflow(by: count)
    return overflow || overflowed ? .max : all
  }

  /// Counts `count` simulations of `layers` x `frames` that have run (or must run): always
  /// counted, never refused.
  func charge(layers: Int, frames: Int, times count: Int = 1) {
    add(Self.work(layers: layers, frames: frames, times: count), count)
  }

  /// True when `count` simulations of at most `layers` x `frames` each fit in what is left;
  /// nothing is counted.
  func fits(layers: Int, frames: Int, times count: Int) -> Bool {
    let (total, overflow) = spent.addingReportingOverflow(Self.work(layers: layers, frames: frames, times: count))
    return !exhausted && !overflow && total <= limit
  }

  /// Admits `count` simulations of at most `layers` x `frames` each when their work fits in
  /// what is left, and counts them; otherwise admits none, and sets ``exhausted``.
  func admit(layers: Int, frames: Int, times count: Int) -> Bool {
    guard count > 0 else { return true }
    let work = Self.work(layers: layers, frames: frames, times: count)
    let (total, overflow) = spent.addingReportingOverflow(work)
    guard !exhausted, !overflow, total <= limit else {
      exhausted = true
      refused = (simulations + count, overflow ? .max : total)
      return false
    }
    add(work, count)
    return true
  }

  private func add(_ work: Int, _ count: Int) {
    let (sum, overflow) = spent.addingReportingOverflow(work)
    spent = overflow ? .max : sum
    simulations += count
  }
}
