import LayerTree

/// Collects what an import reports: errors that stop it (a file that is not a Lottie animation)
/// and warnings that name the Lottie layer and say what was left out or approximated
/// (`layers[3] "Shape Layer 1": expressions are not evaluated; ...`).
///
/// A warning is recorded once per place and message: the same note on the same layer, reached
/// again through a second use of a precomp, is not repeated.
final class LottieImportLog {
  let source: SourceText
  /// Reads and describes values the way the scene readers do.
  let context: DecodingContext
  private(set) var errors: [Diagnostic] = []
  private(set) var warnings: [Diagnostic] = []
  private var seen: Set<String> = []

  init(source: SourceText) {
    self.source = source
    self.context = DecodingContext(source: source)
  }

  /// A problem that stops the import: the file is not a Lottie animation this tool can read.
  func error(_ path: String, at offset: Int, _ message: String, notes: [String] = []) {
    errors.append(Diagnostic(path: path, location: source.location(ofOffset: offset), message: message, notes: notes))
  }

  /// A note on part of the file: at `path` (a JSON path, or a layer named as in
  /// ``LottieImportLog/layerPath(_:name:)``).
  func warning(_ path: String, at offset: Int, _ message: String) {
    let key = path + "\u{1}" + message
    guard seen.insert(key).inserted else { return }
    warnings.append(Diagnostic(severity: .warning, path: path, location: source.location(ofOffset: offset), message: message))
  }

  /// A note on a Lottie layer, named by its place in the file and its name:
  /// `layers[3] "Shape Layer 1"`.
  func warning(layer: ModelSource, name: String, _ message: String) {
    warning(Self.layerPath(layer.path, name: name), at: layer.offset, message)
  }

  static func layerPath(_ path: String, name: String) -> String {
    "\(path) \"\(escaped(name))\""
  }

  /// A name from the file as it can be shown on one line: control characters as `\u{..}`.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.prefix(80).unicodeScalars {
      if scalar == "\"" || scalar == "\\" {
        result += "\\" + String(scalar)
      } else if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
        result += "\\u{" + String(scalar.value, radix: 16) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return text.count > 80 ? result + "..." : result
  }
}
