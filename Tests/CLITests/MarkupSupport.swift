import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An SVG or HTML output parsed as XML, with XPath queries that ignore namespaces.
struct ParsedMarkup {
  let document: XMLDocument

  /// Parses `text`; a parse error fails the test that called it.
  init(_ text: String) throws {
    document = try XMLDocument(xmlString: text, options: [])
  }

  /// Elements matching `xpath` (write element names as `*[local-name()='rect']`).
  func elements(_ xpath: String) throws -> [XMLElement] {
    try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
  }

  /// The tints of one overlay: one element per tinted layer.
  func tints(_ overlay: String) throws -> [XMLElement] {
    try elements("//*[@class='tint' and @data-overlay='\(overlay)']")
  }
}

extension XMLElement {
  /// An attribute's value. (FoundationXML's `attribute(forName:)` finds nothing on Linux once
  /// the document has a default namespace, as SVG and XHTML do: search the list instead.)
  func attribute(_ name: String) -> String? { attributes?.first { $0.name == name }?.stringValue }

  /// A number attribute; nil when missing or not a number.
  func number(_ name: String) -> Double? { attribute(name).flatMap(Double.init) }

  /// The fill of the tint's shape (the first `rect` under it).
  func tintFill() throws -> String? {
    try nodes(forXPath: ".//*[local-name()='rect']").compactMap { $0 as? XMLElement }.first?.attribute("fill")
  }
}

/// Reads a file the tool wrote.
func readText(_ path: String) throws -> String {
  try String(contentsOfFile: path, encoding: .utf8)
}
