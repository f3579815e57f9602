import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// Text from a pull request (scene names, layer ids, keys, file names, device and budgets files,
/// saved reports) in every output: no workflow command the runner would obey, no character that
/// acts on a terminal, no HTML, mention or link in a comment, no markup injected in a page.
@Suite("hostile input: escaping")
struct HostileEscapingTests {
  /// Forged workflow commands in both forms the runner reads, after LF, CR, white space and
  /// characters .NET's matching skips (a soft hyphen, a zero-width joiner).
  static let forged =
    "x\n::error file=a.json,line=1::forged\n::stop-commands::pwned\r::warning::cr\n  \u{AD}::error::soft\n##[error]old #\u{200D}#[add-mask]zwj"
  /// What a terminal acts on: colour escapes, NUL, bell, a right-to-left override, an isolate,
  /// a line separator, a C1 control (CSI).
  static let terminal = "\u{1B}[31mred\u{1B}[0m \u{0}nul \u{7} \u{202E}rlo\u{202C} \u{2067}iso\u{2069} a\u{2028}b \u{9B}31m"
  /// What GitHub renders in a comment.
  static let markdown =
    "<img src=x onerror=alert(1)> <a href=\"https://evil.example\">a</a> @octocat @github/team #1 https://evil.example www.evil.example mail@evil.example [link](https://evil.example) ![i](https://evil.example/i.png) **bold** `code` | pipe $x$ <!-- c -->"

  /// A JSON string literal holding `text`.
  static func literal(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
    let array = String(decoding: data, as: UTF8.self)
    return String(array.dropFirst().dropLast())
  }

  /// A scene named `name` whose layer `id` holds a rounded clip (one offscreen pass), and a
  /// budget it fails, so that every output names both.
  static func scene(name: String, id: String = "card", root: String = "root") -> String {
    """
    {"version": 1, "name": \(literal(name)), "description": \(literal(name)), "device": "iphone-7",
     "budgets": {"maxOffscreenPassesPerFrame": 0},
     "root": {"id": \(literal(root)), "sublayers": [
      {"id": \(literal(id)), "frame": [16, 100, 343, 120], "cornerRadius": 10, "masksToBounds": true, "backgroundColor": "#FFFFFF",
       "sublayers": [{"id": "title", "frame": [10, 10, 200, 20], "contents": {"type": "text", "characters": 20}}]}]}}
    """
  }

  /// Every command's output for `scene` at `path`, in and out of a GitHub Actions job.
  static func everyOutput(_ path: String, folder: String) -> [(String, ToolRun)] {
    var runs: [(String, ToolRun)] = []
    for ci in [false, true] {
      let environment = ci ? ["GITHUB_ACTIONS": "true"] : [:]
      for arguments in [
        ["report", path], ["report", path, "--format", "json"], ["report", path, "--format", "markdown"],
        ["report", path, "--html", "-"], ["explain", path], ["explain", path, "--format", "json"],
        ["render", path, "-o", "-"], ["chart", path, "-o", "-"], ["check", path], ["check", path, "--format", "json"],
        ["check", path, "--format", "markdown"], ["compare", path, path], ["compare", path, path, "--format", "markdown"],
        ["compare", path, path, "--format", "json"], ["optimize", path, "--dry-run"], ["optimize", path, "-o", "-"],
        ["check", folder], ["render", path, "-o", "-", "--frame", "9"],
      ] {
        runs.append(("\(ci ? "CI " : "")\(arguments.joined(separator: " "))", ToolRun.callAsFunction(arguments, environment: environment)))
      }
    }
    return runs
  }

  /// The properties every output must have: the runner reads no command but the tool's own
  /// annotations (`::error` with its own title, in a CI job only); nothing acts on a terminal.
  static func expectSafe(_ runs: [(String, ToolRun)], sourceLocation: SourceLocation = #_sourceLocation) {
    for (label, run) in runs {
      #expect(run.status != 0 || !run.stdout.isEmpty, "\(label): \(run.stderr)", sourceLocation: sourceLocation)
      for command in RunnerModel.commands(in: run.stdout) {
        Issue.record("\(label): standard output holds a workflow command: \(command)", sourceLocation: sourceLocation)
      }
      for command in RunnerModel.commands(in: run.stderr) {
        let ours =
          label.hasPrefix("CI ") && command.name == "error" && command.properties["title"]?.hasPrefix("offscreen-sim: ") == true
          && Set(command.properties.keys).isSubset(of: ["file", "line", "col", "title"])
        #expect(ours, "\(label): standard error holds a workflow command: \(command)", sourceLocation: sourceLocation)
      }
      for (stream, text) in [("standard output", run.stdout), ("standard error", run.stderr)] {
        let hazards = RunnerModel.terminalHazards(in: text)
        #expect(hazards.isEmpty, "\(label): \(stream) holds \(hazards.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
      }
    }
  }

  @Test func sceneNamesAndDescriptions() throws {
    let (folder, path) = try hostileFile(named: "scene.json", Self.scene(name: Self.forged + Self.terminal + Self.markdown))
    let runs = Self.everyOutput(path, folder: folder)
    Self.expectSafe(runs)
    // The name is shown, escaped, on a line the tool starts: no line starts with its text.
    let text = try #require(runs.first { $0.0 == "report \(path)" }?.1)
    #expect(text.stdout.contains("x\\n::error file=a.json,line=1::forged\\n::stop-commands::pwned\\r::warning::cr"))
    for line in RunnerModel.lines(text.stdout + text.stderr) {
      let start = line.drop { $0.isWhitespace }
      for fragment in ["::", "forged", "pwned", "old", "cr", "red"] { #expect(!start.hasPrefix(fragment), "\(line)") }
    }
  }

  /// Layer ids hold no white space, `/`, `*`, `[` or `]`, but may hold `::`, backticks, `<`,
  /// `@`. A root id starts every layer path, and paths start lines of the backing-store table.
  @Test func layerIds() throws {
    let (folder, path) = try hostileFile(
      named: "scene.json", Self.scene(name: "ids", id: "``@octocat<img>::error::id\u{1B}\u{202E}", root: "::error::root"))
    Self.expectSafe(Self.everyOutput(path, folder: folder))
  }

  /// Keys and values quoted back in error messages, in and out of a CI job.
  @Test func keysAndValuesInErrorMessages() throws {
    let key = Self.literal("::error::key\n::stop-commands::k" + Self.terminal)
    let scene = """
      {"version": 1, "device": \(Self.literal("::error::dev\n##[error]x")), \(key): 1, "root": {"id": "root", "frame": \(Self.literal(Self.terminal))}}
      """
    let (folder, path) = try hostileFile(named: "bad.json", scene)
    let runs = Self.everyOutput(path, folder: folder)
    for (label, run) in runs { #expect(run.status == 2, "\(label)") }
    Self.expectSafe(runs)
    // In a CI job each problem is an annotation on the file, at its line and column, with the
    // message the runner reads back as it was printed.
    let ci = try #require(runs.first { $0.0 == "CI report \(path)" }?.1)
    let annotations = RunnerModel.commands(in: ci.stderr)
    // Three problems, all on line 1: the unknown device, the unknown key, `frame` not an array.
    #expect(annotations.count == 3, "\(ci.stderr)")
    for annotation in annotations {
      #expect(annotation.properties["file"] == path)
      #expect(annotation.properties["line"] == "1")
      #expect(annotation.properties["col"] != nil)
    }
    #expect(annotations.contains { $0.data.contains("unknown key") && $0.data.contains("::stop-commands::k") })
  }

  /// File names from a folder a pull request fills: `check scenes/` lists them all.
  @Test func fileNames() throws {
    let folder = try temporaryFolder()
    for name in ["::error::forged.json", "a\n::error::nl.json", "##[error]legacy.json", "\u{1B}[2Jclear\u{202E}.json"] {
      #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(Self.scene(name: "n").utf8)))
    }
    #expect(FileManager.default.createFile(atPath: folder + "/::error::broken.json", contents: Data("{".utf8)))
    var runs: [(String, ToolRun)] = []
    for ci in [false, true] {
      let environment = ci ? ["GITHUB_ACTIONS": "true"] : [:]
      for format in ["text", "json", "markdown"] {
        runs.append(
          (
            "\(ci ? "CI " : "")check . \(format)",
            ToolRun.run("check", ".", "--format", format, environment: environment, currentDirectory: folder)
          )
        )
      }
      for name in ["::error::forged.json", "a\n::error::nl.json"] {
        runs.append(("\(ci ? "CI " : "")report \(name)", ToolRun.run("report", name, environment: environment, currentDirectory: folder)))
        runs.append(
          (
            "\(ci ? "CI " : "")compare \(name)",
            ToolRun.run("compare", name, name, "--format", "markdown", environment: environment, currentDirectory: folder)
          ))
      }
    }
    Self.expectSafe(runs)
    let check = try #require(runs.first?.1)
    #expect(check.status == 2)
    #expect(check.stdout.contains("a\\n::error::nl.json"))
  }

  /// A device profile, a budgets file and a pairs file are files from the pull request too.
  @Test func deviceBudgetsAndPairsFiles() throws {
    let folder = try temporaryFolder()
    let scene = try write(Self.scene(name: "s"), to: "s.json", in: folder)
    let device = try write(
      """
      {"id": \(Self.literal("::error::dev")), "name": \(Self.literal(Self.forged + Self.terminal)), \(Self.literal("::error::k\nx")): 1}
      """, to: "device.json", in: folder)
    let budgets = try write(
      "{\(Self.literal("::error::budget\n##[error]b" + Self.terminal)): 1, \"maxGpuMsP95\": \"::error::v\"}", to: "b.json", in: folder)
    let pairs = try write(
      "[{\"before\": \(Self.literal("::error::p\nq.json")), \"after\": \(Self.literal("##[error]a.json")), \"note\": \(Self.literal(Self.forged))}]",
      to: "pairs.json", in: folder)
    var runs: [(String, ToolRun)] = []
    for ci in [false, true] {
      let environment = ci ? ["GITHUB_ACTIONS": "true"] : [:]
      for arguments in [
        ["report", scene, "--device-file", device], ["check", scene, "--budgets", budgets], ["compare", "--pairs", pairs],
        ["compare", "--pairs", pairs, "--format", "markdown"],
      ] {
        runs.append(("\(ci ? "CI " : "")\(arguments.joined(separator: " "))", ToolRun.callAsFunction(arguments, environment: environment)))
      }
    }
    for (label, run) in runs { #expect(run.status == 2, "\(label)") }
    Self.expectSafe(runs)
  }

  /// A saved report is read back by `compare`: its scene and device names, rule ids and layer
  /// paths are the report author's text.
  @Test func savedReports() throws {
    let folder = try temporaryFolder()
    let scene = try write(Self.scene(name: "s"), to: "s.json", in: folder)
    let saved = ToolRun.run("report", scene, "--format", "json").stdout
    var document = try #require(try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])
    var sceneInfo = try #require(document["scene"] as? [String: Any])
    sceneInfo["name"] = Self.forged + Self.terminal + Self.markdown
    var device = try #require(sceneInfo["device"] as? [String: Any])
    device["name"] = Self.forged + Self.markdown
    sceneInfo["device"] = device
    document["scene"] = sceneInfo
    document["findings"] = [
      ["rule": Self.forged + Self.markdown, "layer": "root/``@octocat<b>x</b>\n::error::l" + Self.terminal]
    ]
    let before = folder + "/before.report.json"
    try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: before))
    var runs: [(String, ToolRun)] = []
    for ci in [false, true] {
      let environment = ci ? ["GITHUB_ACTIONS": "true"] : [:]
      for format in ["text", "json", "markdown"] {
        for order in [[before, scene], [scene, before]] {
          runs.append(
            (
              "\(ci ? "CI " : "")compare \(format) \(order[0] == before ? "saved first" : "saved second")",
              ToolRun.callAsFunction(["compare"] + order + ["--format", format, "--gate", "all"], environment: environment)
            ))
        }
      }
    }
    Self.expectSafe(runs)
    let markdown = try #require(runs.first { $0.0 == "compare markdown saved second" }?.1)
    #expect(markdown.status == 0 || markdown.status == 1)
    Self.expectNoLiveMarkdown(markdown.stdout, ids: ["root/``@octocat<b>x</b> ::error::l"])
  }

  /// What GitHub would render from a Markdown document: no raw HTML from the scene, every `@`,
  /// `#`, `://` and `www.` outside code broken by a zero-width space, and each id in `ids` inside
  /// one code span that holds it whole (CommonMark's rule decides where a span closes).
  static func expectNoLiveMarkdown(_ markdown: String, ids: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
    var outsideCode = ""
    for line in RunnerModel.lines(markdown) {
      var rest = line
      for span in CodeSpans.contents(line) {
        if let range = rest.range(of: span) { rest.removeSubrange(range) }
      }
      outsideCode += rest + "\n"
    }
    for tag in ["<img", "<a ", "<b>", "<!--"] { #expect(!outsideCode.contains(tag), "\(tag)", sourceLocation: sourceLocation) }
    // Scalar by scalar: a zero-width joiner after `;` would make one Character of the two.
    let scalars = Array(outsideCode.unicodeScalars)
    func text(_ range: Range<Int>) -> String {
      var result = ""
      result.unicodeScalars.append(contentsOf: scalars[max(0, range.lowerBound)..<min(scalars.count, range.upperBound)])
      return result
    }
    for (index, scalar) in scalars.enumerated() where scalar == "@" || scalar == "#" {
      let after = text(index + 1..<index + 8)
      // Headings (`### `) are the tool's own.
      if scalar == "#" && (after.hasPrefix("#") || after.hasPrefix(" ")) { continue }
      // Character references (`&#39;`, `&#8203;`) are the escaping's own.
      if scalar == "#" && index > 0 && scalars[index - 1] == "&" { continue }
      #expect(after.hasPrefix("&#8203;"), "\(scalar) not broken: \(text(index - 20..<index + 20))", sourceLocation: sourceLocation)
    }
    #expect(!outsideCode.contains("https://"), sourceLocation: sourceLocation)
    #expect(!outsideCode.contains("www."), sourceLocation: sourceLocation)
    for id in ids {
      let spans = RunnerModel.lines(markdown).flatMap(CodeSpans.contents)
      #expect(
        spans.contains { $0.replacingOccurrences(of: "\\|", with: "|").hasPrefix(id) }, "\(id) in \(spans)", sourceLocation: sourceLocation)
    }
  }

  @Test func markdownOfAReport() throws {
    let id = "``@octocat<img>`x`"
    let (_, path) = try hostileFile(named: "scene.json", Self.scene(name: Self.markdown, id: id))
    let run = ToolRun.run("report", path, "--format", "markdown")
    #expect(run.status == 0)
    Self.expectNoLiveMarkdown(run.stdout, ids: ["root/" + id])
    let check = ToolRun.run("check", path, "--format", "markdown")
    Self.expectNoLiveMarkdown(check.stdout)
  }

  /// ``Markdown/code(_:)`` against CommonMark's rule, for every run of backticks an id can hold.
  @Test(arguments: ["a", "`", "``", "a`b", "a``b", "```", "`a", "a`", " a ", "a |b", "````x```", "@x <b> #1"])
  func codeSpansCannotBeClosed(value: String) {
    let code = Markdown.code(value)
    #expect(CodeSpans.contents("x \(code) y") == [value.replacingOccurrences(of: "|", with: "\\|")], "\(code)")
    // Outside a table the span holds the value as it is: a code span shows a backslash as
    // written (CommonMark: no backslash escapes in code spans), so `|` is not escaped there.
    let plain = Markdown.code(value, inTable: false)
    #expect(CodeSpans.contents("x \(plain) y") == [value], "\(plain)")
  }

  /// A report's comment names its offscreen layers outside its table: a `|` in an id is shown
  /// as it is, not as `\|` (``codeSpansCannotBeClosed(value:)`` holds the escape in tables).
  @Test func aPipeInAnIdOutsideATableIsShownAsItIs() throws {
    let (_, path) = try hostileFile(named: "scene.json", Self.scene(name: "pipes", id: "a|b"))
    let run = ToolRun.run("report", path, "--format", "markdown")
    #expect(run.status == 0)
    #expect(run.stdout.contains("on `root/a|b`"), "\(run.stdout)")
    #expect(!run.stdout.contains("a\\|b"))
  }

  /// ``Markdown/text(_:)`` worked out by hand.
  @Test func markdownText() {
    #expect(Markdown.text("Feed list, v2 (iOS 17)") == "Feed list, v2 (iOS 17)")
    #expect(Markdown.text("<b>&") == "&lt;b&gt;&amp;")
    #expect(Markdown.text("@octocat #12") == "@&#8203;octocat #&#8203;12")
    #expect(Markdown.text("https://x.example www.x") == "https:&#8203;//x.example www&#8203;.x")
    #expect(Markdown.text("[a](b) *c* `d` |") == "\\[a\\](b) \\*c\\* \\`d\\` \\|")
    #expect(Markdown.text("a\nb\r\nc") == "a b  c")
    #expect(Markdown.text("\u{1B}[1m\u{202E}") == "\\u{1B}\\[1m\\u{202E}")
  }

  /// ``TerminalText`` worked out by hand: hazards as `\u{...}`, a value's line feeds as `\n`,
  /// and a colon that could start a command escaped wherever it stands.
  @Test func terminalText() {
    #expect(TerminalText.escape("ok\tline\n") == "ok\tline\n")
    #expect(
      TerminalText.escape("\u{1B}[31m\r\u{0}\u{7F}\u{85}\u{202E}\u{2028}\n") == "\\u{1B}[31m\\r\\u{0}\\u{7F}\\u{85}\\u{202E}\\u{2028}\n")
    #expect(TerminalText.escape("a\n::error::x\n  ::y\n\u{AD}::z\nb::c\n") == "a\n\\u{3A}:error::x\n  \\u{3A}:y\n\u{AD}\\u{3A}:z\nb::c\n")
    #expect(TerminalText.escape("##[error]x #\u{AD}#[y] root/cell[3]") == "##\\u{5B}error]x #\u{AD}#\\u{5B}y] root/cell[3]")
    #expect(TerminalText.inline("a\nb\u{1B}") == "a\\nb\\u{1B}")
    #expect(TerminalText.inline("café 🎨") == "café 🎨")
  }

  /// ``TerminalText/isPlain(_:)`` reads bytes against a table; it must say yes exactly when the
  /// guard's scanner, character by character, would leave every character of ASCII text as it
  /// is (and escaping then changes nothing). Seeded strings of the characters that matter: a
  /// colon after white space or not, `#` before `[` or not, line breaks, controls, DEL, and
  /// characters beyond ASCII.
  @Test func plainTextIsWhatTheGuardLeavesAlone() {
    func scanned(_ text: String) -> Bool {
      var scanner = WorkflowCommandGuard.Scanner()
      for byte in text.utf8 {
        guard byte < 0x7F, byte >= 0x20 || byte == 0x0A || byte == 0x09 else { return false }
        if scanner.next(Unicode.Scalar(byte)) != nil { return false }
      }
      return true
    }
    let pieces = [":", "::", "#", "[", "#[", " ", "\t", "\n", "\r", "a", "{", "\"", "\u{7F}", "\u{1B}", "é", "\u{AD}", "]", "1"]
    var random = SplitMix64(seed: 20_261_127)
    var plain = 0
    for _ in 0..<20_000 {
      let text = (0..<random.int(0...12)).map { _ in random.pick(pieces) }.joined()
      #expect(TerminalText.isPlain(text) == scanned(text), "\(text.debugDescription)")
      if TerminalText.isPlain(text) {
        plain += 1
        #expect(TerminalText.escape(text) == text)
        #expect(DocumentKind.json.forLog(text) == text)
      }
    }
    // Both answers came up many times.
    #expect(plain > 1_000 && plain < 19_000, "\(plain)")
    let document = String(repeating: "  \"file\": \"scenes/a.json\",\n  \"found\": [1, 2],\n", count: 1_000)
    #expect(TerminalText.isPlain(document))
    #expect(!TerminalText.isPlain(document + "\t :x"))
  }

  /// ``GitHubAnnotations``: the escapes the Actions toolkit documents, read back by the runner's
  /// own rules to the text given.
  @Test func annotationsReadBackAsGiven() {
    let file = "dir,a:b%c\nd.json"
    let message = "50% done\r\n::error::x, y: z\u{1B}"
    let line = GitHubAnnotations.error(file: file, line: 3, column: 4, title: "t: a, b", message: message)
    #expect(line == "::error file=dir%2Ca%3Ab%25c%0Ad.json,line=3,col=4,title=t%3A a%2C b::50%25 done%0D%0A::error::x, y: z\\u{1B}\n")
    let commands = RunnerModel.commands(in: line)
    #expect(commands.count == 1)
    #expect(commands.first?.properties == ["file": file, "line": "3", "col": "4", "title": "t: a, b"])
    #expect(commands.first?.data == "50% done\r\n::error::x, y: z\\u{1B}")
  }

  /// Documents printed to standard output keep their meaning: JSON parses back to the scene's
  /// own text, escapes and all, though no raw hazard and no `##[` is printed.
  @Test func jsonKeepsTheTextWhileTheLogSeesNoCommand() throws {
    let name = Self.forged + Self.terminal
    let (_, path) = try hostileFile(named: "scene.json", Self.scene(name: name))
    let run = ToolRun.run("report", path, "--format", "json")
    #expect(RunnerModel.terminalHazards(in: run.stdout).isEmpty)
    #expect(RunnerModel.commands(in: run.stdout).isEmpty)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect((document["scene"] as? [String: Any])?["name"] as? String == name)
  }

  /// HTML and SVG: the name and ids never open an element, and the page parses as XML.
  @Test func pagesAndPictures() throws {
    let id = "x<script>alert(1)<script>&amp;\"'"
    let (folder, path) = try hostileFile(named: "scene.json", Self.scene(name: Self.markdown + Self.forged + Self.terminal, id: id))
    let html = folder + "/page.html"
    #expect(ToolRun.run("report", path, "--html", html).status == 0)
    let page = try readText(html)
    let parsed = try ParsedMarkup(page)
    #expect(try parsed.elements("//*[local-name()='script' or local-name()='img' or local-name()='a']").isEmpty)
    #expect(try parsed.tints("offscreen").first?.attribute("data-layer") == "root/" + id)
    #expect(RunnerModel.commands(in: page).isEmpty)
    #expect(RunnerModel.terminalHazards(in: page).isEmpty)
    let svg = ToolRun.run("render", path, "-o", "-")
    let picture = try ParsedMarkup(svg.stdout)
    #expect(try picture.elements("//*[local-name()='script']").isEmpty)
    #expect(try picture.tints("offscreen").first?.attribute("data-layer") == "root/" + id)
  }
}
