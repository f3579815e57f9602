// TEMPORARY: replaced by JSONReader.swift.
import Foundation
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  public var offset: Int
  public var message: String
  public var description: String { message }
}
public enum JSONReader {
  public static func parse(_ bytes: [UInt8], maxDepth: Int = 512) throws(JSONSyntaxError) -> JSONValue {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
      throw JSONSyntaxError(offset: 0, message: "bad json")
    }
    return convert(object)
  }
  static func convert(_ object: Any) -> JSONValue {
    if object is NSNull { return JSONValue(.null, offset: 0) }
    if let n = object as? NSNumber {
      if String(cString: n.objCType) == "c" { return JSONValue(.bool(n.boolValue), offset: 0) }
      return JSONValue(.number(n.doubleValue), offset: 0)
    }
    if let s = object as? String { return JSONValue(.string(s), offset: 0) }
    if let a = object as? [Any] { return JSONValue(.array(a.map(convert)), offset: 0) }
    if let d = object as? [String: Any] {
      return JSONValue(.object(d.keys.sorted().map { JSONValue.Member(key: $0, keyOffset: 0, value: convert(d[$0]!)) }), offset: 0)
    }
    return JSONValue(.null, offset: 0)
  }
}
