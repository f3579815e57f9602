import Compositor
import Foundation
import LayerTree
import Testing

@testable import SceneImport

/// The dumps adyen-ios records in its UI snapshot tests (`Tests/Fixtures/recursive-description/`,
/// MIT): every one is imported and simulated; a few are checked against facts read from the
/// dump by hand.
@Suite("recursiveDescription samples")
struct RecursiveDescriptionSampleTests {
  static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/recursive-description")

  static var samples: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".txt") }.sorted()
  }

  static func load(_ name: String) throws -> ImportedScene {
    let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    return try RecursiveDescriptionImporter.importScene(bytes, options: .init(screens: DeviceCatalogue.screens))
  }

  static func sample(_ prefix: String) -> String { samples.first { $0.hasPrefix(prefix) } ?? prefix }

  /// Every layer of the tree with its path.
  static func paths(_ layer: Layer, _ parent: String = "") -> [(String, Layer)] {
    let path = LayerPath.child(parent, layer.id)
    return [(path, layer)] + layer.sublayers.flatMap { paths($0, path) }
  }

  @Test func theFixturesAreThere() {
    #expect(Self.samples.count == 15)
  }

  /// One layer for every line of the dump: in these files every line is one view (none is a
  /// `(layer)` line or an effect view's backdrop), so the count is the file's line count.
  @Test(arguments: samples)
  func everySampleImportsAndSimulates(_ name: String) throws {
    let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    let lines = text.split(separator: "\n").filter { $0.contains("<") }.count
    let imported = try Self.load(name)
    #expect(imported.scene.layerCount == lines)
    // Taken on the iPhone 12 simulator: 390 x 844 pt, the screen of the catalogue's iPhone 12 (the
    // first by id of the six with that screen).
    #expect(imported.scene.device == "iphone-12")
    let device = try #require(DeviceCatalogue.device(id: imported.scene.device))
    let report = Simulator.run(imported.scene, on: device)
    #expect(report.summary.frames == 1)
    #expect(report.summary.layers == lines)
    // Written as a scene file, it reads back to the same text.
    let written = try SceneEncoder.rendered(imported.scene)
    let decoded = try SceneDecoder.decode(Array(written.utf8), options: .init(devices: DeviceCatalogue.screens))
    #expect(try SceneEncoder.rendered(decoded) == written)
  }

  /// IssuerList, loading the first cell (read by hand):
  /// - 51 lines, one view each;
  /// - two cells (at y 96.6667 and 48.3333 in the table, the first and second `Adyen.ListCell`
  ///   lines) have `alpha = 0.3`; each draws its `systemBackgroundColor`, its network image view
  ///   and its 'Test Issuer' label, three drawing layers, so each fades as a group: one
  ///   `group-opacity` pass each. The third cell has no alpha. The two scroll indicators have
  ///   `alpha = 0` and draw nothing. No view has anything else that renders offscreen.
  /// - `clipsToBounds = YES` on the search bar's container, the table, and the three cells'
  ///   image views.
  @Test func issuerListLoadingFirstCell() throws {
    let imported = try Self.load(
      Self.sample("IssuerList-IssuerListComponentUITests_testStartStopLoading-iPhone12.loading_first_cell-a843c45c"))
    let scene = imported.scene
    #expect(scene.layerCount == 51)
    let layers = Self.paths(scene.root)
    let faded = layers.filter { $0.1.opacity > 0 && $0.1.opacity < 1 }.map(\.0)
    #expect(faded == ["root/UITableView/ListCell", "root/UITableView/ListCell-2"])
    let clipped = layers.filter { $0.1.masksToBounds }.map(\.0)
    #expect(
      clipped == [
        "root/UISearchBar/UIView", "root/UITableView",
        "root/UITableView/ListCell/UITableViewCellContentView/ListItemView/NetworkImageView",
        "root/UITableView/ListCell-2/UITableViewCellContentView/ListItemView/NetworkImageView",
        "root/UITableView/ListCell-3/UITableViewCellContentView/ListItemView/NetworkImageView",
      ])
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-13-pro")!)
    #expect(report.summary.offscreenPasses.perFrameMax == 2)
    let passes = report.findings.filter { $0.category == .offscreen }.map { "\($0.rule) \($0.layer)" }
    #expect(passes == ["group-opacity root/UITableView/ListCell", "group-opacity root/UITableView/ListCell-2"])
  }

  /// BLIK, initial state (read by hand): 46 lines. The only views with `alpha` below 1 have
  /// `alpha = 0` (the 'Enter 6 numbers' hint, the 'Pay PLN 0.02' title while loading, the
  /// scroll indicators): they draw nothing, so nothing fades as a group and no pass is made.
  /// `clipsToBounds = YES` on the form's scroll view and the submit button's background view.
  @Test func blikInitialState() throws {
    let imported = try Self.load(Self.sample("BLIK-BLIKComponentUITests_testSubmitButtonLoading-iPhone12.initial_state-2d95c690"))
    let scene = imported.scene
    #expect(scene.layerCount == 46)
    let layers = Self.paths(scene.root)
    #expect(layers.filter { $0.1.opacity > 0 && $0.1.opacity < 1 }.isEmpty)
    #expect(layers.filter { $0.1.opacity == 0 }.count == 4)
    let clipped = layers.filter { $0.1.masksToBounds }.map(\.0)
    #expect(clipped == ["root/UIView/FormView", "root/UIView/FormView/UIStackView/FormButtonItemView/SubmitButton/BackgroundView"])
    // The cut hint text 'Get the code from your ba...' counts its 25 printed characters.
    let hint = layers.first { $0.0 == "root/UIView/FormView/UIStackView/FormContainerView/ADYLabel" }?.1
    #expect(hint?.contents == .text(TextContents(characters: 25)))
    let report = Simulator.run(scene, on: DeviceCatalogue.device(id: "iphone-13-pro")!)
    #expect(report.summary.offscreenPasses.perFrameMax == 0)
  }

  /// Online banking, initial state (read by hand): 58 lines, among them a text view (a scroll
  /// view with `contentOffset: {0, 0}`) whose `_UITextContainerView` line wraps its description
  /// as `<<…> minSize = …>`: read as a 358 x 34 view.
  @Test func onlineBankingInitialState() throws {
    let imported = try Self.load(
      Self.sample("Online_Banking-OnlineBankingComponentUITests_testContinueButtonLoading-iPhone12.initial_state-878f4d74"))
    let scene = imported.scene
    #expect(scene.layerCount == 58)
    let container = Self.paths(scene.root).first {
      $0.0 == "root/UIView/FormView/UIStackView/FormContainerView/LinkTextViewFormItem/_UITextContainerView"
    }?.1
    #expect(container?.frame == Rect(0, 0, 358, 34))
  }
}
