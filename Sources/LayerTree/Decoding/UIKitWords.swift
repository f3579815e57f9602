/// The words an iOS engineer writes first, from UIKit and Swift, with what the scene format calls
/// them: the hints a reader's message adds.
enum UIKitWords {
  /// UIView's property names for what a layer key holds (UIView documentation: `alpha`,
  /// `clipsToBounds`, `isHidden`, `isOpaque`; the layer's are `opacity`, `masksToBounds`,
  /// `isHidden`, `isOpaque`), with the bare `hidden` and `opaque` of Objective-C.
  static let layerKeys: [String: String] = [
    "alpha": "opacity", "clipsToBounds": "masksToBounds", "hidden": "isHidden", "opaque": "isOpaque",
    "layerCornerRadius": "cornerRadius",
  ]

  /// A note for a view class given as a layer's `class`: the scene's layers are Core Animation
  /// layers, and what a view shows is a layer's contents.
  static func viewClassNote(_ name: String) -> String? {
    guard name.hasPrefix("UI"), name != "UIVisualEffectView" else { return nil }
    switch name {
    case "UIImageView":
      return
        "a UIImageView is a CALayer whose contents are its image: leave out `class` and write \"contents\": {\"type\": \"image\", \"pixelSize\": [w, h]}"
    case "UILabel", "UITextView":
      return
        "a \(name) is a CALayer whose contents are its text: leave out `class` and write \"contents\": {\"type\": \"text\", \"characters\": n}"
    default:
      return "`class` names the layer's class: a \(name) is drawn by its CALayer, so leave `class` out (or name the view in `id`)"
    }
  }

  /// A note for a colour given by name: the format reads sRGB values only.
  static func colourNote(_ text: String) -> String? {
    guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber }), text.first?.isLetter == true else { return nil }
    // UIColor.systemBlue in light mode, Apple's Human Interface Guidelines, "Color": 0, 122, 255.
    return "a colour name (\(text)) is not read: write its sRGB value as \"#RRGGBB\" (systemBlue in light mode is \"#007AFF\")"
  }
}
