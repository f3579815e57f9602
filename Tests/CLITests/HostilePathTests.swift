import Foundation
import TestSupport
import Testing

/// Paths that files from a pull request list: a configuration's `scenes` and a pairs file's
/// `before` and `after` stay inside the repository that holds the file (the folder with `.git`
/// above it, or its own folder), links followed, unless `--allow-outside-repository`; and a file
/// read as a scene that is not one is never quoted, in any output.
@Suite("hostile input: paths leave no repository, files that are not scenes are not quoted")
struct HostilePathTests {
  /// A secret no output may hold.
  static let secret = "GITHUB_TOKEN=ghp_S3CR3T"

  /// A repository (a folder with `.git`) holding a scene, beside a folder outside it holding a
  /// secret file that is not a scene; `repo/leak.json` is a link to the secret.
  static func setUp() throws -> (repository: String, outside: String) {
    let top = try temporaryFolder()
    let repository = top + "/repo"
    try FileManager.default.createDirectory(atPath: repository + "/.git", withIntermediateDirectories: true)
    _ = try write(CIScenes.card(), to: "scenes/card.json", in: repository)
    _ = try write(Self.secret + "\n", to: "outside/secret.env", in: top)
    try FileManager.default.createSymbolicLink(atPath: repository + "/leak.json", withDestinationPath: top + "/outside/secret.env")
    return (repository, top + "/outside")
  }

  /// Every output of the run: standard output and error.
  static func holdsNoSecret(_ run: ToolRun, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(!run.stdout.contains("S3CR3T") && !run.stderr.contains("S3CR3T"), "\(run.stdout)\(run.stderr)", sourceLocation: sourceLocation)
    #expect(!run.stderr.contains("GITHUB_TOKEN"), sourceLocation: sourceLocation)
  }

  /// An absolute path, `..`, a glob from `..`, and a link inside the repository to a file outside:
  /// each refused before anything is read, naming the entry and the repository, exit 2.
  @Test(arguments: ["OUTSIDE/secret.env", "../outside/secret.env", "../outside/*.env", "leak.json"])
  func configurationScenesStayInTheRepository(_ entry: String) throws {
    let (repository, outside) = try Self.setUp()
    let written = entry.replacingOccurrences(of: "OUTSIDE", with: outside)
    _ = try write(#"{"scenes": ["\#(written)"]}"#, to: ".offscreen-sim.json", in: repository)
    let run = ToolRun.run("check", environment: ["GITHUB_ACTIONS": "true"], currentDirectory: repository)
    #expect(run.status == 2)
    let real = URL(fileURLWithPath: repository).resolvingSymlinksInPath().path
    #expect(
      run.stderr.contains(
        ".offscreen-sim.json: error: scenes: \"\(written)\" leads outside the repository (\(real)); nothing was checked"),
      "\(run.stderr)")
    #expect(run.stderr.contains("--allow-outside-repository allows them"))
    Self.holdsNoSecret(run)
  }

  /// The same entries in a pairs file, refused at the pair's place (line 1, column 2: the pair's
  /// object); `.ci/pairs.json`'s `../scenes/...` stays in the repository and is compared.
  @Test(arguments: ["OUTSIDE/secret.env", "../outside/secret.env", "leak.json"])
  func pairsStayInTheRepository(_ entry: String) throws {
    let (repository, outside) = try Self.setUp()
    let written = entry.replacingOccurrences(of: "OUTSIDE", with: outside)
    _ = try write(#"[{"before": "\#(written)", "after": "scenes/card.json"}]"#, to: "pairs.json", in: repository)
    let run = ToolRun.run("compare", "--pairs", "pairs.json", currentDirectory: repository)
    #expect(run.status == 2)
    #expect(run.stderr.contains("pairs.json:1:2: error: [0].before: \"\(written)\" leads outside the repository"), "\(run.stderr)")
    Self.holdsNoSecret(run)

    _ = try write(#"[{"before": "../scenes/card.json", "after": "../scenes/card.json"}]"#, to: "ci/pairs.json", in: repository)
    let inside = ToolRun.run("compare", "--pairs", "ci/pairs.json", currentDirectory: repository)
    #expect(inside.status == 0, "\(inside.stderr)")
  }

  /// The repository's top is the folder with `.git` above the file: a configuration in a
  /// subfolder may name a scene beside that subfolder. Without `.git` anywhere above, it is the
  /// file's own folder, and the same `..` is outside.
  @Test func theTopIsTheFolderWithGitOrTheFilesOwn() throws {
    let (repository, _) = try Self.setUp()
    _ = try write(#"{"scenes": ["../scenes/card.json"]}"#, to: "app/.offscreen-sim.json", in: repository)
    let inside = ToolRun.run("check", currentDirectory: repository + "/app")
    #expect(inside.status == 0, "\(inside.stderr)")

    try FileManager.default.removeItem(atPath: repository + "/.git")
    let outside = ToolRun.run("check", currentDirectory: repository + "/app")
    #expect(outside.status == 2)
    #expect(outside.stderr.contains("scenes: \"../scenes/card.json\" leads outside the repository"), "\(outside.stderr)")
  }

  /// `--allow-outside-repository` (the command line is the workflow author's) lets the path out:
  /// the file is read, and, not being a scene, is named without a byte of it, in the text, the
  /// annotations of a GitHub Actions job, the JSON document and a shard's document.
  @Test func allowedOutsideAFileThatIsNotASceneIsNotQuoted() throws {
    let (repository, outside) = try Self.setUp()
    _ = try write(#"{"scenes": ["\#(outside)/secret.env"]}"#, to: ".offscreen-sim.json", in: repository)
    for extra in [[], ["--format", "json"], ["--format", "json", "--shard", "1/1"]] {
      let run = ToolRun.callAsFunction(
        ["check", "--allow-outside-repository"] + extra, environment: ["GITHUB_ACTIONS": "true"], currentDirectory: repository)
      #expect(run.status == 2)
      #expect(
        run.stderr.contains(
          "secret.env:1:1: error: not a scene: it does not start as a JSON object with \"version\" and \"root\"; nothing of the file is shown"
        ),
        "\(extra): \(run.stderr)")
      Self.holdsNoSecret(run)
    }
  }

  /// Named on the command line, a file that is not a scene is not quoted either, by every reader
  /// of scenes: JSON whose top level has no `version` or `root` (a credentials file), and text
  /// that is no JSON. A scene with a broken start (a comment before `version`) still has its
  /// problem quoted, where it is.
  @Test func noReaderQuotesAFileThatIsNotAScene() throws {
    let folder = try temporaryFolder()
    let json = try write(#"{"token": "\#(Self.secret)"}"#, to: "creds.json", in: folder)
    let text = try write(Self.secret + "\n", to: "env.json", in: folder)
    for file in [json, text] {
      for command in [["report", file], ["check", file], ["compare", file, file], ["explain", file]] {
        let run = ToolRun.callAsFunction(command, environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.status == 2, "\(command)")
        #expect(run.stderr.contains("error: not a scene: "), "\(command): \(run.stderr)")
        Self.holdsNoSecret(run)
      }
    }
    let commented = try write("{\n  // a note\n  \"version\": 1\n}\n", to: "commented.json", in: folder)
    let run = ToolRun.run("report", commented)
    #expect(run.stderr.contains("commented.json:2:3: error: invalid JSON: "), "\(run.stderr)")
  }
}
