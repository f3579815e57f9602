import Foundation
import Testing

/// Scenes and files the compare and check tests share.
enum CIScenes {
  /// A card whose rounded clip holds a background and a label: one offscreen pass
  /// (`rounded-clip` on `root/card`). `clip: false` drops `masksToBounds`: no pass.
  static func card(clip: Bool = true, device: String = "iphone-7", extra: String = "") -> String {
    """
    {
      "version": 1,
      "name": "card",
      "device": "\(device)",
      \(extra)
      "root": {
        "id": "root",
        "sublayers": [
          {
            "id": "card", "frame": [16, 100, 343, 120], "cornerRadius": 10, "masksToBounds": \(clip), "backgroundColor": "#FFFFFF",
            "sublayers": [{ "id": "title", "frame": [10, 10, 200, 20], "contents": { "type": "text", "characters": 20 } }]
          }
        ]
      }
    }
    """
  }

  /// A 100 x 50 pt label on an iPhone 7 (iOS 17: a single-colour label's store takes 1 byte a
  /// pixel, WWDC18 session 219): a backing store of 200 x 100 px x 1 B = 20,000 B, and
  /// no other memory (no image, no offscreen pass).
  static func label(budgets: String) -> String {
    """
    {
      "version": 1,
      "name": "label",
      "device": "iphone-7",
      "budgets": \(budgets),
      "root": { "id": "root", "sublayers": [{ "id": "l", "frame": [0, 0, 100, 50], "contents": { "type": "text", "characters": 10 } }] }
    }
    """
  }
}

/// Writes `text` to `folder/name`, making folders on the way; returns the path.
@discardableResult
func write(_ text: String, to name: String, in folder: String) throws -> String {
  let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
  try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try Data(text.utf8).write(to: url)
  return url.path
}
