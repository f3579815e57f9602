import Foundation
import LayerTree

/// How much simulating `explain` and `optimize` may do in all, in layer-frames (a scene's
/// layers times its frames, summed over every simulation they run).
///
/// Each fix they try is measured by simulating the scene again, so their work grows with the
/// number of findings times the number of fixes, and `optimize` explains the scene again after
/// each fix it keeps. A scene from an untrusted pull request must not keep a CI runner busy for
/// hours: once the budget is spent, they stop before the next simulation and
/// ``exhausted`` is set; the caller refuses the partial result.
///
/// A reference, shared by the explanation and the optimization that uses it; one caller at a
/// time.
public final class WorkBudget: @unchecked Sendable {
  /// Layer-frames allowed in all.
  public let limit: Int
  /// Layer-frames simulated so far.
  public private(set) var spent = 0
  /// Simulations run so far.
  public private(set) var simulations = 0

  public init(limit: Int) {
    self.limit = limit
  }

  /// No limit: the library's default.
  public static var unlimited: WorkBudget { WorkBudget(limit: .max) }

  /// True once the work done reached the limit: no further simulation may start.
  public var exhausted: Bool { spent >= limit }

  /// Counts one simulation of `report`'s scene.
  func record(_ report: SimulationReport, layers: Int) {
    let (work, overflow) = layers.multipliedReportingOverflow(by: max(1, report.frames.count))
    let (sum, overflowed) = spent.addingReportingOverflow(overflow ? .max : work)
    spent = overflowed ? .max : sum
    simulations += 1
  }

  /// Runs the simulator on `scene` and counts its work.
  func run(_ scene: Scene, on device: DeviceProfile, coefficients: CostCoefficients) -> SimulationReport {
    let report = Simulator.run(scene, on: device, coefficients: coefficients)
    record(report, layers: scene.root.subtreeCount)
    return report
  }
}
