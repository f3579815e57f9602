import Foundation

/// The copies a `CAReplicatorLayer` draws of its sublayers, made when a scene is read, as
/// `repeat` makes its copies: after them, the simulation sees ordinary layers.
///
/// Instance 0 is the sublayers as written, under their own ids. Instance k (1 ... count - 1) of a
/// sublayer `dot` is a copy of its whole subtree with the id `dot[rk]` (`dot[r1]`, `dot[r2]`...):
/// ids a file cannot write (they hold `[` and `]`) and that `repeat`, whose copies are `dot[0]`,
/// `dot[1]`..., never makes. The copies come after the sublayers, instance by instance, in the
/// order Core Animation draws them.
///
/// Each copy is placed by `instanceTransform` applied k times about the replicator's centre
/// (Apple: "applied to instance k-1 to produce instance k ... relative to the center of this
/// layer"), folded into the copy's own frame and transform, and its opacity is multiplied by the
/// instance colour's alpha, `instanceColor` plus k x `instanceAlphaOffset` within 0 ... 1 (Apple:
/// "the color used to multiply the source object"). The red, green and blue offsets change what
/// a copy looks like, not what it costs, and are kept only in the model. A turn combined with an
/// uneven scale would shear the copy, which a layer's transform cannot hold: the copy keeps the
/// turn and the scale along its own axes.
public enum ReplicatorInstances {
  /// The suffix of instance `k` of a sublayer: `[rk]`.
  public static func suffix(_ k: Int) -> String { "[r\(k)]" }

  /// True for an id a replicator gave a copy (`dot[r2]`).
  public static func isInstanceID(_ id: String) -> Bool {
    guard id.hasSuffix("]"), let open = id.lastIndex(of: "[") else { return false }
    let inside = id[id.index(after: open)..<id.index(before: id.endIndex)]
    return inside.first == "r" && inside.count > 1 && inside.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Layers the copies add to a replicator whose sublayers hold `sublayerLayers` layers, or nil
  /// when the count overflows.
  static func addedLayers(instanceCount: Int, sublayerLayers: Int) -> Int? {
    let (added, overflow) = max(0, instanceCount - 1).multipliedReportingOverflow(by: sublayerLayers)
    return overflow ? nil : added
  }

  /// Appends the copies of instances 1 ... count - 1 to a replicator's sublayers; other layers are
  /// left as they are.
  static func expand(_ layer: inout Layer) {
    guard case .replicator(let replicator) = layer.kind, replicator.instanceCount > 1, !layer.sublayers.isEmpty else { return }
    let templates = layer.sublayers
    let centre = PlaneTransform.translation(layer.frame.width / 2, layer.frame.height / 2)
    let step = centre.concatenating(PlaneTransform(replicator.instanceTransform)).concatenating(
      .translation(-layer.frame.width / 2, -layer.frame.height / 2))
    var placement = PlaneTransform.identity
    var sublayers = templates
    sublayers.reserveCapacity(templates.count * replicator.instanceCount)
    for k in 1..<replicator.instanceCount {
      placement = step.concatenating(placement)
      let alpha = replicator.alpha(ofInstance: k)
      for template in templates {
        var copy = template
        copy.id = template.id + suffix(k)
        place(&copy, by: placement)
        copy.opacity *= alpha
        sublayers.append(copy)
      }
    }
    layer.sublayers = sublayers
  }

  /// Moves `layer` by `placement` (in its superlayer's coordinates), folding the result into its
  /// frame's origin and its transform about its anchor point.
  static func place(_ layer: inout Layer, by placement: PlaneTransform) {
    let own = PlaneTransform.layer(frame: layer.frame, transform: layer.transform, anchor: layer.anchorPoint)
    let total = placement.concatenating(own)
    let scaleX = (total.a * total.a + total.b * total.b).squareRoot()
    var transform = Transform.identity
    if scaleX > 0 {
      transform.rotationDegrees = atan2(total.b, total.a) * 180 / Double.pi
      transform.scaleX = scaleX
      transform.scaleY = (total.a * total.d - total.b * total.c) / scaleX
    } else {
      transform.scaleX = 0
      transform.scaleY = (total.c * total.c + total.d * total.d).squareRoot()
    }
    if transform.rotationDegrees == 0 && abs(transform.scaleX - 1) < 1e-12 && abs(transform.scaleY - 1) < 1e-12 {
      transform.scaleX = 1
      transform.scaleY = 1
    }
    let anchor = Point(layer.anchorPoint.x * layer.frame.width, layer.anchorPoint.y * layer.frame.height)
    let position = total.apply(anchor)
    layer.frame.x = position.x - anchor.x
    layer.frame.y = position.y - anchor.y
    layer.transform = transform
  }
}

/// A 2D affine transform, `x' = a x + c y + tx`, `y' = b x + d y + ty`, for placing replicator
/// instances.
struct PlaneTransform {
  var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

  static let identity = PlaneTransform()
  static func translation(_ x: Double, _ y: Double) -> PlaneTransform { PlaneTransform(tx: x, ty: y) }

  /// The transform about the origin: scale, then rotation, then translation.
  init(_ transform: Transform) {
    let radians = transform.rotationDegrees * Double.pi / 180
    let cosine = cos(radians)
    let sine = sin(radians)
    self.init(
      a: cosine * transform.scaleX, b: sine * transform.scaleX, c: -sine * transform.scaleY, d: cosine * transform.scaleY,
      tx: transform.translationX, ty: transform.translationY)
  }

  init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, tx: Double = 0, ty: Double = 0) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// From a layer's bounds to its superlayer's coordinates: the transform about the anchor point
  /// at the frame's anchor position.
  static func layer(frame: Rect, transform: Transform, anchor: Point) -> PlaneTransform {
    let anchorX = anchor.x * frame.width
    let anchorY = anchor.y * frame.height
    return PlaneTransform.translation(frame.x + anchorX, frame.y + anchorY).concatenating(PlaneTransform(transform))
      .concatenating(.translation(-anchorX, -anchorY))
  }

  /// `self` applied after `other`.
  func concatenating(_ other: PlaneTransform) -> PlaneTransform {
    PlaneTransform(
      a: a * other.a + c * other.b, b: b * other.a + d * other.b,
      c: a * other.c + c * other.d, d: b * other.c + d * other.d,
      tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
  }

  func apply(_ point: Point) -> Point { Point(a * point.x + c * point.y + tx, b * point.x + d * point.y + ty) }
}
