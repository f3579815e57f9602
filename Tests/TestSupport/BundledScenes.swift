import Foundation

/// The repository's folders as the tests find them, from this file's own path.
public enum Repository {
  /// The package root: the folder holding `Package.swift`.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `scenes/`, the bundled scenes.
  public static let scenesFolder = root.appendingPathComponent("scenes")
}

/// The bundled scenes: every `.json` file of `scenes/` but the schema, sorted by name.
public enum BundledScenes {
  /// File names, sorted.
  public static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: Repository.scenesFolder.path)) ?? []
    return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
  }()

  /// The file of the bundled scene `name` (`"qqmusic-home-v1.json"`).
  public static func url(_ name: String) -> URL { Repository.scenesFolder.appendingPathComponent(name) }

  /// The bytes of the bundled scene `name`; empty when it cannot be read.
  public static func bytes(_ name: String) -> [UInt8] {
    [UInt8]((try? Data(contentsOf: url(name))) ?? Data())
  }

  /// The text of the bundled scene `name`.
  public static func text(_ name: String) throws -> String {
    try String(contentsOf: url(name), encoding: .utf8)
  }
}
