import Foundation

/// A count of work done, shown as a progress line on standard error while a command works
/// (``ToolIO/progress(_:)``: only on a terminal). Safe to advance from parallel jobs.
final class Progress: @unchecked Sendable {
  private let lock = NSLock()
  private var done = 0
  private let total: Int
  private let label: String
  private let io: ToolIO

  /// `label` reads before the count: `check: read` gives `check: read 3 of 40 files`.
  init(_ label: String, total: Int, io: ToolIO) {
    self.label = label
    self.total = total
    self.io = io
  }

  /// One more done.
  func advance() {
    guard io.terminal.errIsTerminal else { return }
    lock.lock()
    done += 1
    let line = "\(label) \(done) of \(Markup.plural(total, "file"))"
    io.progress(line)
    lock.unlock()
  }

  /// Clears the line, before the results are printed.
  func finish() { io.progress(nil) }

  /// `read`, counting each file it reads.
  func counting<Failure: Error>(_ read: @escaping @Sendable (String) -> Result<[UInt8], Failure>)
    -> @Sendable (String) -> Result<
      [UInt8], Failure
    >
  {
    { path in
      let result = read(path)
      self.advance()
      return result
    }
  }
}
