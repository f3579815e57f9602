import LayerTree

/// A `CGPath` as the capture sees it: a shape the scene format can name, or its bounding box and
/// number of points.
public enum PathShape: Sendable, Hashable {
  case rect(Rect)
  case roundedRect(Rect, cornerRadius: Double)
  case ellipse(Rect)
  /// Any other path: its bounding box (`boundingBoxOfPath`) and its number of points.
  case other(bounds: Rect, points: Int)

  /// One element of a path, as `CGPath.applyWithBlock` gives them (`CGPathElement`).
  public enum Element: Sendable, Hashable {
    case moveTo(Point)
    case lineTo(Point)
    case quadCurveTo(Point, control: Point)
    case curveTo(Point, control1: Point, control2: Point)
    case closeSubpath
  }

  /// What a path made of `elements` is.
  ///
  /// - A rect: one subpath of 3 or 4 lines along the axes back to the start, as
  ///   `CGPath(rect:transform:)` and `UIBezierPath(rect:)` make it.
  /// - An ellipse: one subpath of 4 cubic curves whose ends are the midpoints of their bounding
  ///   box's sides, as `CGPath(ellipseIn:transform:)` and `UIBezierPath(ovalIn:)` make it.
  /// - Anything else, rounded rectangles included (UIKit draws their continuous corners with
  ///   several curves each, which no element count tells apart from other shapes), is `other`
  ///   with its bounding box and number of points.
  ///
  /// `bounds` is the path's bounding box, as `boundingBoxOfPath` gives it.
  public static func classify(_ elements: [Element], bounds: Rect) -> PathShape {
    let points = elements.reduce(0) { count, element in
      switch element {
      case .moveTo, .lineTo: return count + 1
      case .quadCurveTo: return count + 2
      case .curveTo: return count + 3
      case .closeSubpath: return count
      }
    }
    var body = elements
    if body.last == .closeSubpath { body.removeLast() }
    guard case .moveTo(let start)? = body.first else { return .other(bounds: bounds, points: max(points, 1)) }
    var ends = [start]
    var lines = 0
    var curves = 0
    for element in body.dropFirst() {
      switch element {
      case .lineTo(let point):
        lines += 1
        ends.append(point)
      case .curveTo(let point, _, _):
        curves += 1
        ends.append(point)
      default:
        return .other(bounds: bounds, points: max(points, 1))
      }
    }
    func same(_ a: Point, _ b: Point) -> Bool {
      abs(a.x - b.x) <= 1e-6 * max(1, abs(a.x)) && abs(a.y - b.y) <= 1e-6 * max(1, abs(a.y))
    }
    if curves == 0, lines == 3 || lines == 4 {
      if ends.count == 5, same(ends[4], start) { ends.removeLast() }
      let alongAxes =
        ends.count == 4
        && (0..<4).allSatisfy { index in
          let a = ends[index]
          let b = ends[(index + 1) % 4]
          return (abs(a.x - b.x) <= 1e-6) != (abs(a.y - b.y) <= 1e-6)
        }
      if alongAxes { return .rect(bounds) }
    }
    if lines == 0, curves == 4 {
      let middles = [
        Point(bounds.midX, bounds.minY), Point(bounds.maxX, bounds.midY), Point(bounds.midX, bounds.maxY), Point(bounds.minX, bounds.midY),
      ]
      if ends.allSatisfy({ end in middles.contains { same($0, end) } }) { return .ellipse(bounds) }
    }
    return .other(bounds: bounds, points: max(points, 1))
  }
}
