import Compositor
import Foundation

/// Settings for every check made inside a scope: the record mode, the folder that holds the
/// recorded scenes, how a scene is compared with its recorded one, and where failures go.
///
/// A setting left nil is taken from the scope around it, then from the environment, then from the
/// default. A check's own parameter wins over all of them:
///
/// | setting | parameter | scope | environment | default |
/// | --- | --- | --- | --- | --- |
/// | record mode | `record:` | `record:` | `RENDER_SCENES_RECORD` | `.missing` |
/// | reference folder | `referenceFolder:` | `referenceFolder:` | `RENDER_SCENES_FOLDER` | `__RenderScenes__` beside the test file |
/// | comparison | `comparison:` | `comparison:` | none | ``SceneComparison/default`` |
/// | reporter | none | `reporter:` | none | ``RenderCostReporter/testFramework`` |
///
/// ```swift
/// withRenderCostConfiguration(record: .failed, comparison: .worseOnly(tolerance: 0.1)) {
///   assertRenderCost(of: feed.view, on: "iphone-13-pro")
/// }
/// ```
public struct RenderCostConfiguration: Sendable {
  public var record: RecordMode?
  public var referenceFolder: String?
  public var comparison: SceneComparison?
  public var reporter: RenderCostReporter?

  public init(
    record: RecordMode? = nil, referenceFolder: String? = nil, comparison: SceneComparison? = nil, reporter: RenderCostReporter? = nil
  ) {
    self.record = record
    self.referenceFolder = referenceFolder
    self.comparison = comparison
    self.reporter = reporter
  }

  /// The settings of the scope the current task runs in; empty outside any scope.
  @TaskLocal public static var current = RenderCostConfiguration()

  /// These settings over `outer`'s: each one this leaves nil is `outer`'s.
  public func over(_ outer: RenderCostConfiguration) -> RenderCostConfiguration {
    RenderCostConfiguration(
      record: record ?? outer.record, referenceFolder: referenceFolder ?? outer.referenceFolder,
      comparison: comparison ?? outer.comparison, reporter: reporter ?? outer.reporter)
  }

  /// The environment variable that moves the recorded scenes for a whole run:
  /// `RENDER_SCENES_FOLDER=/path/to/scenes`. Through `xcodebuild`, prefix it with `TEST_RUNNER_`.
  public static let folderVariable = "RENDER_SCENES_FOLDER"
}

/// Runs `operation` with these render-cost settings over the current ones, for every check made
/// inside it (on this task and the tasks it starts).
///
/// - Parameters:
///   - record: when checks write their scene; nil: as outside.
///   - referenceFolder: the folder that holds the recorded scenes instead of `__RenderScenes__`
///     beside each test file; a relative path is taken from the test file's folder.
///   - comparison: how a scene is compared with its recorded one.
///   - reporter: where ``assertRenderCost(of:options:on:budgets:named:record:referenceFolder:comparison:environment:fileSystem:fileID:filePath:testName:line:column:)``
///     records failures.
public func withRenderCostConfiguration<R>(
  record: RecordMode? = nil, referenceFolder: String? = nil, comparison: SceneComparison? = nil, reporter: RenderCostReporter? = nil,
  operation: () throws -> R
) rethrows -> R {
  let settings = RenderCostConfiguration(record: record, referenceFolder: referenceFolder, comparison: comparison, reporter: reporter)
  return try RenderCostConfiguration.$current.withValue(settings.over(RenderCostConfiguration.current), operation: operation)
}

/// The `async` form of ``withRenderCostConfiguration(record:referenceFolder:comparison:reporter:operation:)``.
public func withRenderCostConfiguration<R>(
  record: RecordMode? = nil, referenceFolder: String? = nil, comparison: SceneComparison? = nil, reporter: RenderCostReporter? = nil,
  isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
) async rethrows -> R {
  let settings = RenderCostConfiguration(record: record, referenceFolder: referenceFolder, comparison: comparison, reporter: reporter)
  return try await RenderCostConfiguration.$current.withValue(settings.over(RenderCostConfiguration.current), operation: operation)
}

/// The settings one check runs with, each from the first of its parameter, the scope, the
/// environment and the default that has it.
struct ResolvedSettings: Sendable {
  var record: RecordMode
  var referenceFolder: String?
  var comparison: SceneComparison
  var reporter: RenderCostReporter

  static func resolve(
    record: RecordMode?, referenceFolder: String?, comparison: SceneComparison?, environment: [String: String],
    scope: RenderCostConfiguration = RenderCostConfiguration.current
  ) throws(RenderCostFailure) -> ResolvedSettings {
    var mode = record ?? scope.record
    if mode == nil {
      mode = RecordMode.requested(by: environment)
      if mode == nil, let value = environment[RecordMode.environmentVariable], !value.trimmingCharacters(in: .whitespaces).isEmpty {
        throw RenderCostFailure(
          message:
            "\(RecordMode.environmentVariable)=\(value) is not a record mode: use \(RecordMode.allCases.map(\.rawValue).joined(separator: ", ")) (or 1, true, yes for all)",
          result: nil)
      }
    }
    let chosen = comparison ?? scope.comparison ?? .default
    if !chosen.unknownMetrics.isEmpty {
      throw RenderCostFailure(
        message:
          "the comparison names metrics that do not exist: \(chosen.unknownMetrics.joined(separator: ", ")) (offscreen-sim compare --list-metrics lists them)",
        result: nil)
    }
    let folder = [referenceFolder, scope.referenceFolder, environment[RenderCostConfiguration.folderVariable]].lazy.compactMap { $0 }
      .first { !$0.isEmpty }
    return ResolvedSettings(
      record: mode ?? .missing, referenceFolder: folder, comparison: chosen,
      reporter: scope.reporter ?? .testFramework)
  }
}
