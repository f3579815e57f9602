// A stand-in for the one Core Image class the capture reads: a `CIFilter` set as a layer's
// `compositingFilter`, shaped as Apple declares it.

@_exported import Foundation

/// https://developer.apple.com/documentation/coreimage/cifilter-swift.class
/// Neither main-actor isolated nor `Sendable`, as in Apple's SDK. Fake: a name, no parameters.
open class CIFilter: NSObject {
  /// https://developer.apple.com/documentation/coreimage/cifilter-swift.class/name
  open var name: String

  /// https://developer.apple.com/documentation/coreimage/cifilter-swift.class/init(name:)
  /// Fake: any name makes a filter (Core Image returns nil for a name it does not know).
  public init?(name: String) {
    self.name = name
    super.init()
  }
}
