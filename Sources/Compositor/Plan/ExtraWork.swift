/// GPU work an offscreen pass adds beyond rendering its target, storing it and reading it back:
/// the blurs. Each kind is priced once, in `Cost/ExtraWorkCost.swift`, and reported as its own
/// GPU item (``costItem``), in the order of the cases.
public enum ExtraWork: String, Sendable, Hashable, CaseIterable {
  /// The shadow of a shape known only once drawn: the target's alpha blurred by the layer's
  /// `shadowRadius`, in a horizontal and a vertical pass over the target.
  case shadowBlur
  /// A visual effect's blur: the backdrop captured and downscaled, blurred horizontally and
  /// vertically at the reduced resolution, and composited back (WWDC14 session 419).
  case effectBlur

  /// The GPU cost item the work is reported under: `gpuBreakdownMs.shadowBlur` in the JSON
  /// report.
  public var costItem: String { rawValue }
}
