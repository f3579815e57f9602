// swift-tools-version:6.0
import PackageDescription

// Type-checks and runs the UIKit side of LayerCapture and RenderCost on Linux, against stand-ins
// for Apple's CoreGraphics, QuartzCore, UIKit, CoreImage and ObjectiveC shaped as Apple's SDK
// declares them (Tests/AppleSDKStubs/run; docs/capture.md, "The UIKit side on Linux").
//
// Not part of the root package: users never build it, so no stub module named UIKit ever meets
// Apple's. The project's own modules are compiled from the repository's sources through the
// symbolic links in Sources/ (LayerTree, Compositor, LayerCapture, RenderCost), not copies.
let package = Package(
  name: "AppleSDKStubs",
  targets: [
    .target(name: "ObjectiveC"),
    .target(name: "CoreGraphics"),
    .target(name: "CoreImage"),
    .target(name: "QuartzCore", dependencies: ["CoreGraphics"]),
    .target(name: "UIKit", dependencies: ["CoreGraphics", "QuartzCore"]),
    .target(name: "LayerTree"),
    .target(name: "Compositor", dependencies: ["LayerTree"]),
    .target(name: "LayerCapture", dependencies: ["LayerTree", "ObjectiveC", "CoreGraphics", "CoreImage", "QuartzCore", "UIKit"]),
    .target(name: "RenderCost", dependencies: ["LayerTree", "Compositor", "LayerCapture", "UIKit"]),
    .testTarget(
      name: "CaptureEndToEndTests",
      dependencies: ["LayerTree", "Compositor", "LayerCapture", "RenderCost", "CoreGraphics", "CoreImage", "QuartzCore", "UIKit"]),
  ],
  swiftLanguageModes: [.v6]
)
