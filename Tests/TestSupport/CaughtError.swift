/// The error `body` throws, when it is an `E`; nil when it throws none, or another kind: a test
/// reads it with `try #require(...)`, which fails on nil.
///
/// Swift Testing's `#expect(throws:)` hands the error back only from Swift Testing 6.1 (ST-0006);
/// the oldest supported toolchain, Swift 6.0, has this instead.
public func caughtError<E: Error, R>(_ type: E.Type, _ body: () throws -> R) -> E? {
  do {
    _ = try body()
    return nil
  } catch let error as E {
    return error
  } catch {
    return nil
  }
}
