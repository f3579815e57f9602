import Compositor
import Foundation
import LayerTree
import SceneBatch

/// One thing a run checked, placed in a file: a budget on a device, a gated metric of a
/// comparison, a finding on a layer. The reporters CI tools and editors read (``OutputFormat``:
/// Xcode-style lines, SARIF, Checkstyle, JUnit, GitHub annotations) all print these, so every
/// command that yields findings or failures gets every reporter, and a reporter is one file.
struct Outcome: Sendable, Equatable {
  enum Level: String, Sendable {
    case error
    case warning
    case note
  }

  /// The file it is about, as messages show it (a path relative to where the tool runs when it
  /// was given so).
  var file: String
  /// Where in the file (1-based), when known: the layer's object, the budget's key.
  var location: SourceLocation?
  /// `error` for a failure that sets the exit code, `warning` for a finding that does not.
  var level: Level
  /// Rule, budget or metric id: `rounded-clip`, `maxGpuMsP95`, `gpuMs.p95`.
  var rule: String
  /// What a test report calls it: `maxGpuMsP95 on iphone-7`.
  var name: String
  /// The group a test report puts it in: `scenes/feed.json on iphone-7`.
  var group: String
  /// One line for a person.
  var message: String
  /// False for what failed or was found; true for a check that passed (only test reports list
  /// those).
  var passed: Bool = false
  /// The kind of failure a test report names (`budget`, `regression`, `finding`, and
  /// ``inputErrorKind`` for an input the command could not use).
  var kind: String
  /// More context for a test report's failure text.
  var detail: String = ""
  /// For a finding on layers whose paths differ only in `[n]` indices (cells of a list): how
  /// many layers it stands for, and each one's place after the first (SARIF's
  /// `relatedLocations`).
  var layers: Int = 1
  var related: [Related] = []

  /// Another layer a grouped finding stands for, and its place.
  struct Related: Sendable, Equatable {
    var layer: String
    var location: SourceLocation?
  }
}

extension Outcome {
  /// Findings on repeated layers as one outcome each: the same rule at the same level on layers
  /// whose paths differ only in `[n]` indices (``LayerPath/pattern(_:)``: `root/list/cell[*]/card`)
  /// are one outcome, on the first of them in layer order, naming the pattern and the count, with
  /// the others as related places. A list's twelve cells are one Xcode warning, one SARIF result,
  /// one Checkstyle entry, as the text report groups them. Groups come in the order of their
  /// first layer; `layer` is each finding's layer path, `message` its text after the path.
  static func grouped(_ findings: [(layer: String, outcome: Outcome)]) -> [Outcome] {
    var order: [String] = []
    var members: [String: [(layer: String, outcome: Outcome)]] = [:]
    for finding in findings {
      let key = [finding.outcome.file, finding.outcome.rule, finding.outcome.level.rawValue, LayerPath.pattern(finding.layer)]
        .joined(separator: "\u{0}")
      if members[key] == nil { order.append(key) }
      members[key, default: []].append(finding)
    }
    // Layer order: by place in the file, then by path (indices compared as numbers).
    func before(_ a: (layer: String, outcome: Outcome), _ b: (layer: String, outcome: Outcome)) -> Bool {
      switch (a.outcome.location, b.outcome.location) {
      case (let x?, let y?) where x != y: return (x.line, x.column) < (y.line, y.column)
      default: return a.layer.compare(b.layer, options: .numeric) == .orderedAscending
      }
    }
    let groups = order.map { (members[$0] ?? []).sorted(by: before) }
    // Groups by their first layer's place when every one has a place (a saved report's findings
    // may have none: then the order they came in), ties in the order they came in.
    let placed = groups.compactMap { $0.first?.outcome.location }
    let sortedGroups =
      placed.count < groups.count
      ? groups
      : zip(placed, groups).enumerated().sorted { x, y in
        (x.element.0.line, x.element.0.column, x.offset) < (y.element.0.line, y.element.0.column, y.offset)
      }.map(\.element.1)
    return sortedGroups.compactMap { group -> Outcome? in
      guard var first = group.first?.outcome, let firstLayer = group.first?.layer else { return nil }
      guard group.count > 1 else { return first }
      let pattern = LayerPath.pattern(firstLayer)
      let said = first.message.hasPrefix(firstLayer + ": ") ? String(first.message.dropFirst(firstLayer.count + 2)) : first.message
      first.message = "\(pattern) (\(group.count) layers): \(said)"
      first.name = first.name.replacingOccurrences(of: firstLayer, with: pattern)
      first.detail = pattern
      first.layers = group.count
      first.related = group.dropFirst().map { Related(layer: $0.layer, location: $0.outcome.location) }
      return first
    }
  }
}

extension Outcome {
  /// The rule and kind of an input a command could not use: a result of its own in every
  /// reporter (a JUnit `<error>`, a SARIF error and notification, ...), so that no report reads
  /// green on a run that failed.
  static let inputErrorRule = "input-error"
  static let inputErrorKind = "error"

  /// Whether this is an input the command could not use, not a check that failed.
  var isInputError: Bool { kind == Self.inputErrorKind }

  /// An input error's outcomes: one per problem a reader found, each at its place, or one for
  /// the whole error when it lists none (a missing file, an unknown device).
  static func inputErrors(_ errors: [InputError]) -> [Outcome] {
    errors.flatMap { error -> [Outcome] in
      // Messages read `path: error: ...`; one about no file the tool could open names the path so.
      let opening = error.message.split(separator: "\n").first.map(String.init) ?? error.message
      let file = error.file ?? opening.range(of: ": error: ").map { String(opening[..<$0.lowerBound]) } ?? "(input)"
      let summary = error.message.split(separator: "\n").last.map(String.init) ?? error.message
      guard !error.diagnostics.isEmpty else {
        // `path: error: no such file` -> `path: no such file`: the file is named once.
        var first = opening
        if let marker = opening.range(of: ": error: ") { first = file + ": " + opening[marker.upperBound...] }
        return [
          Outcome(
            file: file, location: nil, level: .error, rule: inputErrorRule, name: "\(file) could not be used", group: file,
            message: first, kind: inputErrorKind, detail: summary)
        ]
      }
      return error.diagnostics.map { diagnostic in
        let place = diagnostic.path.isEmpty ? "" : "\(diagnostic.path): "
        return Outcome(
          file: file, location: diagnostic.location, level: .error, rule: inputErrorRule,
          name: "\(file)\(diagnostic.path.isEmpty ? "" : " at " + diagnostic.path) could not be used", group: file,
          message: "\(file): \(place)\(diagnostic.message)", kind: inputErrorKind, detail: summary)
      }
    }
  }
}

/// What a command yields, for a reporter: the command, its outcomes in order, and the rules
/// they name with a line each (SARIF's `tool.driver.rules`).
struct Outcomes: Sendable {
  /// `check`, `compare`, `report`.
  var command: String
  var items: [Outcome]
  /// The rules of the problems, in first-seen order.
  var rules: [(id: String, summary: String)] {
    var seen: Set<String> = []
    var rules: [(String, String)] = []
    for item in problems where seen.insert(item.rule).inserted {
      rules.append((item.rule, Self.summary(of: item.rule)))
    }
    return rules
  }

  /// What was found or failed, without the checks that passed.
  var problems: [Outcome] { items.filter { !$0.passed } }

  /// The inputs the command could not use, each problem once.
  var inputErrors: [Outcome] { items.filter(\.isInputError) }

  static func summary(of rule: String) -> String {
    if let registered = OffscreenRules.rule(id: rule) { return registered.title }
    if let check = ImageChecks.check(id: rule) { return check.title }
    if let budget = BudgetKind(rawValue: rule) { return "Budget \(budget.rawValue)" }
    if let metric = ReportMetrics.metric(id: rule) { return "Gated metric: \(metric.title)" }
    if rule == Outcome.inputErrorRule { return "An input the command could not use: nothing was checked on it" }
    return rule
  }
}

extension Outcomes {
  /// `check`: a budget on a device each, failed ones errors, on the budget's line when the limit
  /// is the scene's own; then each input that could not be used, an error.
  init(_ run: CheckRun, errors: [InputError] = []) {
    var items: [Outcome] = []
    for entry in run.entries {
      for result in entry.results {
        let description = CheckTextFormatter.describe(result)
        items.append(
          Outcome(
            file: entry.file, location: entry.budgetsFile == nil ? result.limit.location : nil,
            level: result.warning ? .warning : .error,
            rule: result.kind.rawValue, name: "\(result.kind.rawValue) on \(entry.deviceID)", group: "\(entry.file) on \(entry.deviceID)",
            message: "\(entry.file) on \(entry.deviceName): " + description, passed: result.passed, kind: "budget",
            detail: description))
      }
    }
    self.init(command: "check", items: items + Outcome.inputErrors(errors))
  }

  /// `compare`: each gated metric of each comparison (failed when it got worse), on the after
  /// file; then each finding that appeared, on its layer in the after file, an error when
  /// findings are gated and a warning otherwise, repeated layers grouped; then each input that
  /// could not be used.
  init(_ results: [ComparisonResult], errors: [InputError] = []) {
    var items: [Outcome] = []
    for result in results {
      let comparison = result.comparison
      let group = "\(result.before.file) -> \(result.after.file) on \(result.deviceID)"
      for change in comparison.metrics where change.gated {
        // A gate that only warns (a project configuration's levels) yields a warning, no test case.
        let warned = comparison.warnings.contains(change)
        let failed = warned || comparison.regressions.contains(change)
        let values =
          "\(MetricFormat.value(change.before, change.unit)) -> \(MetricFormat.value(change.after, change.unit)) (\(MetricFormat.change(change)))"
        items.append(
          Outcome(
            file: result.after.file, location: nil, level: warned ? .warning : .error, rule: change.id,
            name: "\(change.id) on \(result.deviceID)",
            group: group,
            message:
              "\(result.after.file) on \(result.deviceName), against \(result.before.file): \(change.title) \(values)\(failed ? " got worse" : "")"
              + (failed ? CompareSummary.cause(comparison).map { ", " + $0 } ?? "" : ""),
            passed: !failed, kind: "regression", detail: "\(change.title) \(values)"))
      }
      let appeared = comparison.appeared.map { key in
        (
          layer: key.layer,
          outcome: Outcome(
            file: result.after.file, location: result.after.locations[key],
            level: comparison.findingsGated && !comparison.warningGates.contains(ReportMetrics.findingsGate) ? .error : .warning,
            rule: key.rule, name: "\(key.rule) on \(key.layer) on \(result.deviceID)", group: group,
            message: "\(key.layer): \(key.rule) appeared on \(result.deviceName) (not in \(result.before.file))", kind: "finding",
            detail: key.layer)
        )
      }
      items += Outcome.grouped(appeared)

    }
    self.init(command: "compare", items: items + Outcome.inputErrors(errors))
  }

  /// `report`: each finding as a warning on its layer's object in the scene file, repeated
  /// layers grouped (``Outcome/grouped(_:)``).
  init(_ report: SimulationReport, file: String) {
    let findings = report.findings.map { finding in
      (
        layer: finding.layer,
        outcome: Outcome(
          file: file, location: finding.source, level: .warning, rule: finding.rule,
          name: "\(finding.rule) on \(finding.layer)", group: "\(file) on \(report.scene.deviceID)",
          message: "\(finding.layer): \(finding.message) Fix: \(finding.fix)", kind: "finding", detail: finding.layer)
      )
    }
    self.init(command: "report", items: Outcome.grouped(findings))
  }
}

/// A reporter: prints ``Outcomes`` in a format another tool reads. ``OutputFormat`` names each;
/// adding one is its case there and its file.
protocol OutcomeReporter {
  /// What `--format <name>` prints, for help.
  static var summary: String { get }
  /// How the output is escaped for a log.
  static var output: ReporterOutput { get }
  static func format(_ outcomes: Outcomes) -> String
}

/// How a reporter's output reaches standard output (``ToolIO/print(_:_:)``).
enum ReporterOutput {
  /// A document with its kind's escaping.
  case document(DocumentKind)
  /// Lines of text for a log or an editor, escaped as all text is but never wrapped.
  case lines
  /// Workflow commands, escaped as they are built (``GitHubAnnotations``).
  case workflowCommands
}
