// A stand-in for the Objective-C runtime functions the UIKit side of LayerCapture calls, shaped
// as Apple declares them. There is no Objective-C runtime on Linux: the fake answers as if no
// class overrode any method (every class shares its superclass's implementation).

/// https://developer.apple.com/documentation/objectivec/selector
public struct Selector: Hashable, Sendable {
  let name: String
  /// https://developer.apple.com/documentation/objectivec/selector/init(_:)
  public init(_ str: String) { name = str }
}

/// https://developer.apple.com/documentation/objectivec/method
public typealias Method = OpaquePointer

/// https://developer.apple.com/documentation/objectivec/imp
public typealias IMP = OpaquePointer

/// https://developer.apple.com/documentation/objectivec/class_getinstancemethod(_:_:)
/// Fake: one method for each selector, whatever the class (no class overrides anything).
public func class_getInstanceMethod(_ cls: AnyClass?, _ name: Selector) -> Method? {
  guard cls != nil else { return nil }
  return OpaquePointer(bitPattern: 0x1000 + abs(name.name.hashValue % 0x1000_0000))
}

/// https://developer.apple.com/documentation/objectivec/method_getimplementation(_:)
/// Fake: the method stands for its implementation.
public func method_getImplementation(_ m: Method) -> IMP { m }
