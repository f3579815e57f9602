/// The physical ranges of a scene's lengths and bitmaps: every coordinate, offset, size, radius
/// and width in points is within 10,000,000 pt of 0, and every side of a bitmap is at most
/// 10,000,000 px. The format's description gives them to every key that holds such a number
/// (`frame`, `cornerRadius`, `shadowOffset`, a `position` animation's values, a scroll's
/// offsets...); both readers refuse a number past them with its JSON path, the range and the
/// reason (``NumberRange/limitNote(for:)``), the JSON Schema states them, and the writers never
/// write one (``Scene/firstValueOutOfRange(format:)``).
///
/// Why 10^7 (docs/scene-format.md, "Limits"):
/// - A 32-bit float, the precision a GPU draws with, has a 24-bit significand: from 2^23
///   (8,388,608) to 2^24 its step is 1, so at 10^7 pt the finest position it holds is a whole
///   point, 2 or 3 pixels. Past it, nothing can be placed on a pixel.
/// - Nothing on a screen comes near: the largest screen is under 1,400 pt across, a list of
///   100,000 rows 44 pt tall is 4,400,000 pt long, and the largest texture an iPhone's GPU holds is
///   16,384 px a side (8,192 on the A7 and A8; Metal's feature set tables), so a bitmap of
///   10^7 px a side is 610 times too wide to draw in one piece.
/// - Within the range, positions added up through the tree and the areas of layers stay far
///   from overflowing: 1,000 nested layers each 10^7 pt from their superlayer are 10^10 pt from
///   the screen, and a layer 10^7 pt square at 3x is 9 x 10^14 pixels. (A scale has no such
///   limit: a figure that overflows still stops the simulation.)
///
/// Times, counts, scales and angles have no physical unit here: they keep their own ranges.
extension NumberRange {
  /// The farthest a length or a position in points may be from 0.
  public static let maxPoints = 10_000_000.0
  /// The longest side of a bitmap, in pixels.
  public static let maxPixels = 10_000_000.0

  /// A position or an offset in points: `frame`'s x and y, `shadowOffset`, a translation,
  /// `repeat`'s step, a `position` animation's values, a scroll's offsets. -10^7 to 10^7.
  public static let coordinate = NumberRange.within(maxPoints, unit: .points)
  /// A length in points: a width or a height, a radius, a border or line width. 0 to 10^7.
  public static let length = NumberRange.atLeast(0, limit: maxPoints, unit: .points)
  /// A length that cannot be 0: a scroll's `contentLength`. Above 0, at most 10^7.
  public static let positiveLength = NumberRange.above(0, limit: maxPoints, unit: .points)
  /// A bitmap's side in pixels: above 0, at most 10^7.
  public static let pixels = NumberRange.above(0, limit: maxPixels, unit: .pixels)

  /// The physical ranges as docs/scene-format.md's table of limits lists them: name, value, what
  /// it bounds and why.
  public static var physicalRows: [(name: String, value: String, doc: String)] {
    [
      (
        "lengths and positions", "\(grouped(maxPoints)) pt",
        "Every coordinate, offset, size, radius and width in points, from `frame` to a scroll's `offsets`: within -\(grouped(maxPoints)) to \(grouped(maxPoints)), sizes and radii from 0. Fixed: past it a 32-bit float, the precision a GPU draws with, steps by a whole point."
      ),
      (
        "bitmap side", "\(grouped(maxPixels)) px",
        "Each side of an image's `pixelSize`. Fixed: 610 times the largest texture an iPhone's GPU holds (16,384 px)."
      ),
    ]
  }

  /// The note of a length or position past ``maxPoints``.
  public static let pointsReason =
    "10,000,000 pt is the physical limit of lengths and positions: past it a 32-bit float, the precision a GPU draws with, steps by a whole point, so nothing lands on a pixel"
  /// The note of a bitmap side past ``maxPixels``.
  public static let pixelsReason =
    "10,000,000 px is the physical limit of a bitmap's side, 610 times the largest texture an iPhone's GPU holds (16,384 px)"
}
