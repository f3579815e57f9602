// swift-tools-version:6.0
import PackageDescription

// An app's screen and its render-cost test, wired as an app's test target is: the screen in a
// library of its own, RenderCost in the test target only. The screen is UIKit, so the library
// and its test are built for iOS (xcodebuild, docs/capture.md); elsewhere both compile to nothing.
let package = Package(
  name: "FeedExample",
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [.library(name: "FeedScreen", targets: ["FeedScreen"])],
  dependencies: [.package(name: "offscreen-sim", path: "../..")],
  targets: [
    .target(name: "FeedScreen"),
    .testTarget(name: "FeedScreenTests", dependencies: ["FeedScreen", .product(name: "RenderCost", package: "offscreen-sim")]),
  ],
  swiftLanguageModes: [.v6]
)
