#if canImport(Testing) && compiler(>=6.1)
  import Foundation
  import Testing

  /// A Swift Testing trait that runs a test, or every test of a suite, with render-cost settings,
  /// and numbers its unnamed checks from 1 in every run (Swift 6.1 and later, where traits can
  /// wrap a test).
  ///
  /// ```swift
  /// @Suite(.renderCost(record: .failed, comparison: .worseOnly(tolerance: 0.1)))
  /// struct FeedScreenTests { ... }
  /// ```
  ///
  /// Its settings are a scope's, as ``withRenderCostConfiguration(record:referenceFolder:comparison:reporter:operation:)``
  /// sets them: a check's own parameters win over them, and they win over the environment.
  public struct RenderCostTrait: TestTrait, SuiteTrait, TestScoping {
    public var configuration: RenderCostConfiguration

    public init(configuration: RenderCostConfiguration) { self.configuration = configuration }

    /// A suite's trait applies to each of its tests.
    public var isRecursive: Bool { true }

    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      try await RenderCostConfiguration.$current.withValue(configuration.over(RenderCostConfiguration.current)) {
        try await CheckNumbering.$run.withValue(UUID()) { try await function() }
      }
    }
  }

  extension Trait where Self == RenderCostTrait {
    /// Render-cost settings for a test or a suite; nil leaves a setting as it is outside.
    public static func renderCost(
      record: RecordMode? = nil, referenceFolder: String? = nil, comparison: SceneComparison? = nil, reporter: RenderCostReporter? = nil
    ) -> RenderCostTrait {
      RenderCostTrait(
        configuration: RenderCostConfiguration(record: record, referenceFolder: referenceFolder, comparison: comparison, reporter: reporter)
      )
    }
  }
#endif
