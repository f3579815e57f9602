/// A Lottie animation whose precomps use one another many times over: a small file that expands
/// to `width^depth` leaves, for the importer's layer limit.
///
/// The composition holds one precomp layer `top` using `a0`; each of `a0` ... `a(depth - 1)`
/// holds `width` precomp layers using the next; `a(depth)` holds one solid layer `leaf`.
/// lottie-ios' engine (docs/lottie.md) makes one layer per precomp layer and two per solid (its
/// container and the `CAShapeLayer`), so the import makes
/// `1 + (width + width^2 + ... + width^depth) + 2 * width^depth` layers under the animation.
public enum LottieFanOut {
  public static func file(width: Int, depth: Int) -> String {
    func precompLayer(_ index: Int, _ name: String, _ asset: String) -> String {
      #"{"ty": 0, "ind": \#(index), "nm": "\#(name)", "refId": "\#(asset)", "w": 100, "h": 100, "ip": 0, "op": 30, "st": 0, "ks": {}}"#
    }
    var assets: [String] = []
    for level in 0..<depth {
      let layers = (0..<width).map { precompLayer($0 + 1, "p\($0)", "a\(level + 1)") }
      assets.append(#"{"id": "a\#(level)", "layers": [\#(layers.joined(separator: ", "))]}"#)
    }
    let leaf =
      ##"{"ty": 1, "ind": 1, "nm": "leaf", "sw": 100, "sh": 100, "sc": "#ff0000", "ip": 0, "op": 30, "st": 0, "ks": {}}"##
    assets.append(#"{"id": "a\#(depth)", "layers": [\#(leaf)]}"#)
    let top = precompLayer(1, "top", "a0")
    return #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "nm": "fan-out", "layers": [\#(top)], "#
      + #""assets": [\#(assets.joined(separator: ", "))]}"#
  }

  /// The layers the import makes under the animation layer, by the formula above.
  public static func layers(width: Int, depth: Int) -> Int {
    var precompLayers = 1
    var power = 1
    for _ in 0..<depth {
      power *= width
      precompLayers += power
    }
    return precompLayers + 2 * power
  }
}
