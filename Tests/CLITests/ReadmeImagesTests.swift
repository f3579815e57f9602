import Foundation
import TestSupport
import Testing

@testable import offscreen_sim

/// The pictures the README shows are checked in under docs/images/; they must be what the tool
/// makes today from the bundled scenes. When a change to the model changes them on purpose,
/// re-record them with `OFFSCREEN_SIM_RECORD=1 swift test --filter ReadmeImages` (``Recording``).
@Suite("README images")
struct ReadmeImagesTests {
  static let images: [(command: [String], image: String)] = [
    (["render", "scenes/qqmusic-home-v1.json"], "docs/images/qqmusic-v1-offscreen.svg"),
    (["chart", "scenes/rasterized-card-scrolling.json"], "docs/images/rasterized-card-scrolling-chart.svg"),
  ]

  @Test(arguments: images.indices)
  func checkedInImageIsWhatTheToolMakes(_ index: Int) throws {
    let (command, image) = Self.images[index]
    let scene = packageRoot.appendingPathComponent(command[1]).path
    let run = ToolRun.callAsFunction([command[0], scene, "-o", "-"])
    #expect(run.status == 0, "\(run.stderr)")
    let url = packageRoot.appendingPathComponent(image)
    let name = "\(image) (`offscreen-sim \(command.joined(separator: " ")) -o \(image)`)"
    if let failure = HeldFile.check(run.stdout, file: url, name: name, filter: "ReadmeImages") {
      Issue.record(Comment(rawValue: failure))
    }
    _ = try ParsedMarkup(try readText(url.path))
  }
}
