import Foundation
import Testing

@testable import offscreen_sim

/// The Homebrew formula, the release workflow and the action's download name the same release:
/// the version `--version` prints, the asset names `.github/release/package.sh` makes, and the
/// checks `brew style` and `brew audit` make of a formula's basic fields. (`.github/release/test-release.sh`,
/// run by .ci/run, packs stand-in binaries and points a copy of the formula at them.)
@Suite("Release files")
struct ReleaseFilesTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  static let formulaPath = "Formula/offscreen-sim.rb"

  /// The values of every `<key> "<value>"` line of the formula, in order.
  static func values(_ key: String, in formula: String) -> [String] {
    formula.split(separator: "\n").compactMap { line in
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("\(key) \"") else { return nil }
      let rest = trimmed.dropFirst(key.count + 2)
      guard let end = rest.firstIndex(of: "\"") else { return nil }
      return String(rest[..<end])
    }
  }

  /// The platforms of package.sh's `platforms="..."` line, which names the assets.
  static func platforms() throws -> [String] {
    let script = try text(".github/release/package.sh")
    let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("platforms=\"") })
    return line.dropFirst("platforms=\"".count).dropLast().split(separator: " ").map(String.init)
  }

  /// Homebrew names a formula's class after its file: each `-`-separated word capitalized, joined.
  /// By hand: `offscreen-sim` -> `Offscreen` + `Sim`.
  @Test func theClassIsNamedAfterTheFile() throws {
    let name = URL(fileURLWithPath: Self.formulaPath).deletingPathExtension().lastPathComponent
    let derived = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    #expect(derived == "OffscreenSim")
    #expect(try Self.text(Self.formulaPath).contains("\nclass \(derived) < Formula\n"))
  }

  /// The version the formula installs: the newest CHANGELOG.md section that no longer says "not
  /// yet tagged", or, before any is, the version the tool prints (the first release, to come).
  /// While a later version is being made (its section "not yet tagged"), the formula stays on the
  /// last release.
  static func releasedVersion(changelog: String) -> String {
    let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }
    let tagged = headings.first { !$0.contains("not yet tagged") }
    return tagged.map { String($0.dropFirst(3).prefix { $0 != " " }) } ?? toolVersion
  }

  static func releasedVersion() throws -> String { releasedVersion(changelog: try text("CHANGELOG.md")) }

  @Test func theVersionIsTheNewestRelease() throws {
    let formula = try Self.text(Self.formulaPath)
    #expect(Self.values("version", in: formula) == [try Self.releasedVersion()])
    // By hand: the next version in the making leaves the formula on the last release; before the
    // first release, it names the version the tool prints.
    #expect(Self.releasedVersion(changelog: "# Changelog\n\n## 9.1.0 (not yet tagged)\n\n- b\n\n## 9.0.0 (2026-01-02)\n\n- a\n") == "9.0.0")
    #expect(Self.releasedVersion(changelog: "# Changelog\n\n## 9.0.0 (not yet tagged)\n") == toolVersion)
  }

  /// `brew audit`'s rules for desc: no leading article, not the formula's name, under 80
  /// characters, no full stop at the end, a capital first letter.
  @Test func theDescriptionKeepsHomebrewsRules() throws {
    let descriptions = Self.values("desc", in: try Self.text(Self.formulaPath))
    let desc = try #require(descriptions.first)
    #expect(descriptions.count == 1)
    #expect(desc.count < 80, "\(desc.count) characters")
    for article in ["a ", "an ", "the "] { #expect(!desc.lowercased().hasPrefix(article), "desc begins with an article") }
    #expect(!desc.lowercased().hasPrefix("offscreen"), "desc begins with the formula's name")
    #expect(!desc.hasSuffix("."))
    #expect(desc.first?.isUppercase == true)
  }

  @Test func homepageLicenseInstallAndTestArePresent() throws {
    let formula = try Self.text(Self.formulaPath)
    #expect(Self.values("homepage", in: formula) == ["https://github.com/offscreen-sim/offscreen-sim"])
    #expect(formula.contains("\n  license "))
    #expect(formula.contains("    bin.install \"offscreen-sim\"\n"))
    // The test runs the installed binary and compares what it prints with the formula's version.
    let test = try #require(formula.range(of: "\n  test do\n"))
    let body = formula[test.upperBound...].prefix { $0 != "\n" }
    #expect(body.contains("shell_output(\"#{bin}/offscreen-sim --version\")"))
    #expect(body.contains("\"offscreen-sim #{version}\\n\""))
  }

  /// One url per platform of package.sh, each the asset the release attaches for it:
  /// `.../releases/download/v<version>/offscreen-sim-<version>-<platform>.tar.gz`, of the
  /// formula's version.
  @Test func theUrlsAreTheReleaseAssets() throws {
    let platforms = try Self.platforms()
    #expect(platforms == ["macos-universal", "linux-x86_64", "linux-aarch64"])
    let urls = Self.values("url", in: try Self.text(Self.formulaPath))
    let version = try Self.releasedVersion()
    let expected = platforms.map {
      "https://github.com/offscreen-sim/offscreen-sim/releases/download/v\(version)/offscreen-sim-\(version)-\($0).tar.gz"
    }
    #expect(urls == expected)
  }

  /// Each url is followed by its sha256: 64 hexadecimal digits. Until the release exists (its tag
  /// is pushed, then the workflow builds it), the formula cannot know them: 64 zeros, which no
  /// download matches, marked as the placeholder for that version.
  @Test func eachUrlHasAChecksumOrTheDocumentedPlaceholder() throws {
    let formula = try Self.text(Self.formulaPath)
    let lines = formula.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let version = try Self.releasedVersion()
    var checked = 0
    for (index, line) in lines.enumerated() where line.hasPrefix("url \"") {
      let next = try #require(lines.indices.contains(index + 1) ? lines[index + 1] : nil)
      let sha = try #require(Self.values("sha256", in: next).first, "no sha256 after \(line)")
      #expect(sha.count == 64 && sha.allSatisfy { "0123456789abcdef".contains($0) }, "\(sha) is not 64 hexadecimal digits")
      let placeholder = sha == String(repeating: "0", count: 64)
      #expect(placeholder == next.hasSuffix("# placeholder until v\(version) is released"), "\(next)")
      checked += 1
    }
    #expect(checked == 3)
  }

  /// The release workflow builds what the brief of each asset says and hands it to the scripts the
  /// formula and test-release.sh rely on; the action downloads the same asset names.
  @Test func theReleaseWorkflowBuildsEveryAsset() throws {
    let workflow = try Self.text(".github/workflows/release.yml")
    for needed in [
      "tags: [\"v*\"]", "swift build -c release --arch arm64 --arch x86_64 --product offscreen-sim",
      "swift build -c release --static-swift-stdlib --product offscreen-sim", "runner: ubuntu-24.04-arm",
      ".github/release/changelog-section.sh --released \"$version\"", ".github/release/package.sh \"$VERSION\" built release",
      ".github/release/formula.sh \"$VERSION\" release/SHA256SUMS",
      "release/offscreen-sim-*.tar.gz release/offscreen-sim.artifactbundle.zip release/SHA256SUMS",
    ] {
      #expect(workflow.contains(needed), "release.yml does not contain: \(needed)")
    }
    // Each platform is an uploaded artifact's name, which download-artifact makes a folder of.
    #expect(workflow.contains("name: linux-${{ matrix.arch }}"))
    for platform in try Self.platforms() {
      let uploaded = platform.hasPrefix("linux-") ? "arch: \(platform.dropFirst("linux-".count))\n" : "name: \(platform)\n"
      #expect(workflow.contains(uploaded), "release.yml uploads no artifact for \(platform)")
    }
    let download = try Self.text(".github/render-cost/download-release.sh")
    for platform in try Self.platforms() { #expect(download.contains("platform=\(platform) ;;")) }
  }
}
