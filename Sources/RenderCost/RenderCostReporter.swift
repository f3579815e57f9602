import Foundation

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// A failed check, as ``assertRenderCost(of:options:on:budgets:named:record:referenceFolder:comparison:environment:fileSystem:fileID:filePath:testName:line:column:)``
/// records it: the message and the place of the call.
public struct RenderCostIssue: Sendable {
  /// The whole message: each failed budget with its limit and the figure found, the scene's
  /// change, the kept scene and the command that shows the difference.
  public var message: String
  public var fileID: StaticString
  public var filePath: StaticString
  public var line: UInt
  public var column: UInt

  public init(message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.message = message
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Where failed checks are recorded.
///
/// ``testFramework``, the default, records each as a failure of the running test at the line of
/// the call: Swift Testing's `Issue.record` when a Swift Testing test is running on the current
/// task (`Test.current` is set), XCTest's `XCTFail` otherwise. A reporter of your own, set with
/// ``withRenderCostConfiguration(record:referenceFolder:comparison:reporter:operation:)``, sees
/// them instead: to test a helper built on the check, or to collect them.
public struct RenderCostReporter: Sendable {
  public var record: @Sendable (RenderCostIssue) -> Void

  public init(_ record: @escaping @Sendable (RenderCostIssue) -> Void) { self.record = record }

  /// Swift Testing under Swift Testing, XCTest otherwise; standard error where neither exists.
  public static let testFramework = RenderCostReporter { issue in
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(Comment(rawValue: issue.message), sourceLocation: sourceLocation(of: issue))
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(issue.message, file: issue.filePath, line: issue.line)
    #else
      FileHandle.standardError.write(Data("\(issue.filePath):\(issue.line):\(issue.column): error: \(issue.message)\n".utf8))
    #endif
  }

  #if canImport(Testing)
    /// The call's place as Swift Testing takes it: a file ID `Module/File.swift` and a line and
    /// column from 1 (a place made by hand is brought within those rules rather than trapping).
    static func sourceLocation(of issue: RenderCostIssue) -> SourceLocation {
      let (fileID, line, column) = sanitizedLocation(issue)
      return SourceLocation(fileID: fileID, filePath: "\(issue.filePath)", line: line, column: column)
    }
  #endif

  /// A file ID with a module and a file name, a line and column from 1 to `Int.max`.
  static func sanitizedLocation(_ issue: RenderCostIssue) -> (fileID: String, line: Int, column: Int) {
    var fileID = "\(issue.fileID)"
    if fileID.isEmpty {
      fileID = "RenderCost/" + URL(fileURLWithPath: "\(issue.filePath)").lastPathComponent
    } else if !fileID.contains("/") {
      fileID = "RenderCost/" + fileID
    }
    if fileID.hasSuffix("/") { fileID += "unknown.swift" }
    let line = Int(clamping: max(issue.line, 1))
    let column = Int(clamping: max(issue.column, 1))
    return (fileID, line, column)
  }
}
