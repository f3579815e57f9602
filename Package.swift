// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "offscreen-sim",
  // The oldest systems the capture and the check run on (docs/architecture.md, "Platforms and
  // toolchains"); the oldest toolchain is the tools version above, Swift 6.0 (Xcode 16.0).
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "LayerTree", targets: ["LayerTree"]),
    .library(name: "Compositor", targets: ["Compositor"]),
    .library(name: "SceneImport", targets: ["SceneImport"]),
    .library(name: "SceneBatch", targets: ["SceneBatch"]),
    .library(name: "LayerCapture", targets: ["LayerCapture"]),
    .library(name: "RenderCost", targets: ["RenderCost"]),
    .executable(name: "offscreen-sim", targets: ["offscreen-sim"]),
    // `swift package offscreen-sim check scenes/` in a package that depends on this one.
    .plugin(name: "OffscreenSimPlugin", targets: ["OffscreenSimPlugin"]),
  ],
  targets: [
    .target(name: "LayerTree"),
    .target(name: "Compositor", dependencies: ["LayerTree"]),
    // Importers of other tools' files: one folder a format.
    .target(name: "SceneImport", dependencies: ["LayerTree"]),
    // compare and check over many files: typed results and errors, no printing, no flags.
    .target(name: "SceneBatch", dependencies: ["LayerTree", "Compositor"]),
    .executableTarget(name: "offscreen-sim", dependencies: ["LayerTree", "Compositor", "SceneBatch", "SceneImport"]),
    // Runs the tool with the arguments given, in the package's folder (README, "Install").
    .plugin(
      name: "OffscreenSimPlugin",
      capability: .command(
        intent: .custom(
          verb: "offscreen-sim",
          description: "Runs offscreen-sim (check, compare, report...) in the package's folder with the arguments given")),
      dependencies: ["offscreen-sim"]),
    // Captures a live layer tree into a scene; its UIKit side compiles only where UIKit exists.
    .target(name: "LayerCapture", dependencies: ["LayerTree"]),
    // The render-cost check for unit tests: capture, simulate, budgets, recorded scenes.
    .target(name: "RenderCost", dependencies: ["LayerTree", "Compositor", "LayerCapture"]),
    // The benchmark (`swift run -c release offscreen-sim-bench`); not part of `swift test`.
    .executableTarget(name: "offscreen-sim-bench", dependencies: ["LayerTree", "Compositor", "SceneImport"], path: "Benchmarks"),
    // What the test targets share: the seeded generator, the device table, the bundled scenes.
    .target(name: "TestSupport", dependencies: ["LayerTree", "Compositor"], path: "Tests/TestSupport"),
    .testTarget(name: "LayerTreeTests", dependencies: ["LayerTree", "TestSupport"]),
    .testTarget(name: "CompositorTests", dependencies: ["LayerTree", "Compositor", "TestSupport"]),
    .testTarget(name: "SceneImportTests", dependencies: ["SceneImport", "LayerTree", "Compositor", "TestSupport"]),
    .testTarget(name: "LayerCaptureTests", dependencies: ["LayerCapture", "RenderCost", "LayerTree", "Compositor"]),
    // What a Linux build cannot see: API and syntax newer than Swift 6.0 or the platforms above,
    // and Linux-only code (Tests/PortabilityTests/PortabilityRules.swift).
    .testTarget(name: "PortabilityTests"),
    .testTarget(
      name: "CLITests", dependencies: ["offscreen-sim", "LayerTree", "Compositor", "SceneBatch", "TestSupport"], exclude: ["References"]),
  ],
  swiftLanguageModes: [.v6]
)
