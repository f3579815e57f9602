// swift-tools-version:6.0
import PackageDescription

// Type-checks and runs the UIKit side of LayerCapture and RenderCost on Linux, against stand-ins
// for Apple's CoreGraphics, QuartzCore, UIKit, CoreImage and ObjectiveC shaped as Apple's SDK
// declares them (Tests/AppleSDKStubs/run; docs/capture.md, "The UIKit side on Linux").
//
// Not part of the root package: users never build it, so no stub module named UIKit ever meets
// Apple's. The project's own modules are compiled from the repository's sources through the
// symbolic links in Sources/ (LayerTree, Compositor, LayerCapture, RenderCost), not copies, and so
// is Examples/FeedExample's screen (FeedScreen), an app's UIKit code type-checked against the
// stubs in Swift 6 mode and captured by FeedScreenCaptureTests.
// The toolchain's Swift Testing declares cross-import overlays for Apple's CoreGraphics, CoreImage
// and UIKit (_Testing_CoreGraphics, ...), which exist only in Apple's SDKs: a module that imports
// Testing next to a stub of one of them looks for the overlay and fails. The targets that import
// Testing, or may (RenderCost reports failures through it where it exists), turn the overlays off.
let noCrossImportOverlays: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]

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
    .target(
      name: "RenderCost", dependencies: ["LayerTree", "Compositor", "LayerCapture", "UIKit"], swiftSettings: noCrossImportOverlays),
    .target(name: "FeedScreen", dependencies: ["UIKit"]),
    .testTarget(
      name: "CaptureEndToEndTests",
      dependencies: [
        "LayerTree", "Compositor", "LayerCapture", "RenderCost", "CoreGraphics", "CoreImage", "QuartzCore", "UIKit", "FeedScreen",
      ],
      swiftSettings: noCrossImportOverlays),
    // Examples/FeedExample's own XCTest tests, as an app's test target runs them in the simulator.
    .testTarget(
      name: "FeedScreenTests", dependencies: ["Compositor", "RenderCost", "UIKit", "FeedScreen"], swiftSettings: noCrossImportOverlays),
  ],
  swiftLanguageModes: [.v6]
)
