import Compositor
import LayerTree

/// `wide-image`: an image check that exists only in the tests, written exactly as a check in
/// `Sources/Compositor/Checks/` is, that declares what its answer depends on
/// (``ImageCheck/dependsOn``): the layer's size on screen. It shows that a check the tally
/// memoizes is one file, with nothing added to the tally. It is not a claim about Core Animation.
///
/// An image drawn more than 150 points wide is reported. Each time the check is asked it counts
/// it by layer id (``asked``), so that a test sees when the tally asks it again.
struct WideImageCheck: ImageCheck {
  static let checkID = "wide-image"
  var id: String { Self.checkID }
  var title: String { "Wide image (test fixture)" }
  var reason: String { "An image drawn more than 150 points wide (a check of the tests only)." }
  var fix: String { "Draw the image at most 150 points wide." }

  /// How many times the check was asked, by layer id.
  static let asked = Derivations()

  var dependsOn: ImageCheckInputs? { [.screenSize] }

  func evaluate(_ context: ImageCheckContext) -> Bool {
    Self.asked.add(context.layer.id)
    return context.screenRect.width > 150
  }

  func describe(_ context: ImageCheckContext) -> RuleWords {
    RuleWords(
      message: "The image is drawn \(formatNumber(context.screenRect.width)) points wide.",
      fix: "Draw the image at most 150 points wide.")
  }

  var examples: [RuleExample] {
    [
      RuleExample(
        "an image 200 points wide", passes: 1,
        layer: ##"{"id": "subject", "frame": [10, 10, 200, 100], "contents": {"type": "image", "pixelSize": [400, 200]}}"##),
      RuleExample(
        "an image 100 points wide", passes: 0,
        layer: ##"{"id": "subject", "frame": [10, 10, 100, 100], "contents": {"type": "image", "pixelSize": [200, 200]}}"##),
    ]
  }
}
