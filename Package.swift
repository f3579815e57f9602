// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "offscreen-sim",
  products: [
    .library(name: "LayerTree", targets: ["LayerTree"]),
    .library(name: "Compositor", targets: ["Compositor"]),
    .library(name: "SceneImport", targets: ["SceneImport"]),
    .executable(name: "offscreen-sim", targets: ["offscreen-sim"]),
  ],
  targets: [
    .target(name: "LayerTree"),
    .target(name: "Compositor", dependencies: ["LayerTree"]),
    .target(name: "SceneImport", dependencies: ["LayerTree"]),
    .executableTarget(name: "offscreen-sim", dependencies: ["LayerTree", "Compositor"]),
    // The benchmark (`swift run -c release offscreen-sim-bench`); not part of `swift test`.
    .executableTarget(name: "offscreen-sim-bench", dependencies: ["LayerTree", "Compositor", "SceneImport"], path: "Benchmarks"),
    .testTarget(name: "LayerTreeTests", dependencies: ["LayerTree"]),
    .testTarget(name: "CompositorTests", dependencies: ["LayerTree", "Compositor"]),
    .testTarget(name: "SceneImportTests", dependencies: ["SceneImport", "LayerTree", "Compositor"]),
    .testTarget(name: "CLITests", dependencies: ["offscreen-sim", "LayerTree", "Compositor"], exclude: ["References"]),
  ],
  swiftLanguageModes: [.v6]
)
