import Compositor
import CoreImage
import Foundation
import LayerCapture
import LayerTree
import QuartzCore
import RenderCost
import Testing
import UIKit

/// The UIKit side of the capture, end to end on the stand-in SDK: a screen of views is captured
/// by `SceneCapture.capture(_ view: UIView, ...)` (CALayer+Capture.swift, SceneCapture+UIKit.swift)
/// and simulated, and `RenderCost.check(_ view: UIView, ...)` (RenderCost+UIKit.swift) records and
/// checks it.
///
/// Every expected value is worked out by hand: geometry from Core Animation's (a layer's frame is
/// `position - anchorPoint x bounds.size`, a scroll view's subviews move by its bounds origin, the
/// `contentOffset`), the table's rows from its data source (20 rows of 100 pt), the findings from
/// the facts each rule cites (its doc comment and its examples in Sources/Compositor/Rules).
@Suite("UIKit capture, end to end")
@MainActor
struct CaptureEndToEndTests {
  /// The main screen of the stand-in UIKit: 390 x 844 pt @3x, an iPhone 13 Pro's.
  static let device = "iphone-13-pro"

  /// A screen with a scrolled table of reused cells, a rounded image view, a rounded image over a
  /// background, a label, a shape-masked badge, a card with a shadow and no shadowPath (fading
  /// in), a multiply sticker over a label, a Core Image screen blend, a Core Image filter Core
  /// Animation has no blend mode for, a view with a sublayerTransform, a video-like layer whose
  /// contents are not a CGImage, and a blurred tab bar.
  @MainActor
  final class Screen {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let root: UIView
    let feed = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 400), style: .plain)
    let source = FeedSource()
    /// The cell the table made for row 0, before the scroll.
    let firstCell: UITableViewCell?

    init() {
      root = UIView(frame: window.bounds)
      window.addSubview(root)

      feed.accessibilityIdentifier = "feed"
      feed.rowHeight = 100
      feed.dataSource = source
      root.addSubview(feed)
      feed.reloadData()
      firstCell = feed.visibleCells.first
      feed.contentOffset = CGPoint(x: 0, y: 150)
      feed.layoutIfNeeded()

      let avatar = UIImageView(image: UIImage(cgImage: CGImage(stubWidth: 240, height: 240, alphaInfo: .noneSkipLast)))
      avatar.accessibilityIdentifier = "avatar"
      avatar.frame = CGRect(x: 16, y: 420, width: 80, height: 80)
      avatar.layer.cornerRadius = 40
      avatar.layer.masksToBounds = true
      root.addSubview(avatar)

      let thumbnail = UIImageView(image: UIImage(cgImage: CGImage(stubWidth: 300, height: 200, alphaInfo: .premultipliedLast)))
      thumbnail.accessibilityIdentifier = "thumbnail"
      thumbnail.frame = CGRect(x: 294, y: 420, width: 80, height: 80)
      thumbnail.layer.cornerRadius = 8
      thumbnail.layer.masksToBounds = true
      thumbnail.layer.backgroundColor = CGColor(srgbRed: 0.9, green: 0.9, blue: 0.9, alpha: 1)
      root.addSubview(thumbnail)

      let title = UILabel(frame: CGRect(x: 110, y: 420, width: 170, height: 20))
      title.accessibilityIdentifier = "title"
      title.text = "Hello, world"
      root.addSubview(title)

      let badge = UIView(frame: CGRect(x: 110, y: 450, width: 48, height: 48))
      badge.accessibilityIdentifier = "badge"
      badge.layer.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
      let shape = CAShapeLayer()
      shape.frame = CGRect(x: 0, y: 0, width: 48, height: 48)
      shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 48, height: 48), transform: nil)
      badge.layer.mask = shape
      root.addSubview(badge)

      let card = UIView(frame: CGRect(x: 16, y: 520, width: 358, height: 100))
      card.accessibilityIdentifier = "card"
      card.layer.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
      card.layer.shadowOpacity = 0.3
      card.layer.shadowRadius = 6
      card.layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
      root.addSubview(card)

      let sticker = UIView(frame: CGRect(x: 16, y: 640, width: 120, height: 40))
      sticker.accessibilityIdentifier = "sticker"
      sticker.layer.backgroundColor = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
      sticker.layer.compositingFilter = "multiplyBlendMode"
      let sale = UILabel(frame: CGRect(x: 8, y: 10, width: 100, height: 20))
      sale.text = "Sale"
      sticker.addSubview(sale)
      root.addSubview(sticker)

      let glow = UIView(frame: CGRect(x: 150, y: 640, width: 40, height: 40))
      glow.accessibilityIdentifier = "glow"
      glow.layer.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 0, alpha: 1)
      glow.layer.compositingFilter = CIFilter(name: "CIScreenBlendMode")
      root.addSubview(glow)

      let overlay = UIView(frame: CGRect(x: 200, y: 640, width: 40, height: 40))
      overlay.accessibilityIdentifier = "overlay"
      overlay.layer.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
      overlay.layer.compositingFilter = CIFilter(name: "CISourceAtopCompositing")
      root.addSubview(overlay)

      let stack = UIView(frame: CGRect(x: 250, y: 640, width: 100, height: 40))
      stack.accessibilityIdentifier = "stack"
      stack.layer.sublayerTransform = CATransform3DMakeScale(0.5, 0.5, 1)
      root.addSubview(stack)

      let video = CALayer()
      video.name = "video"
      video.frame = CGRect(x: 16, y: 690, width: 160, height: 60)
      video.contents = StubSurface()
      video.contentsScale = 1
      root.layer.addSublayer(video)

      let tabBar = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
      tabBar.accessibilityIdentifier = "tabBar"
      tabBar.frame = CGRect(x: 0, y: 764, width: 390, height: 80)
      let home = UILabel(frame: CGRect(x: 20, y: 20, width: 100, height: 20))
      home.text = "Home"
      tabBar.contentView.addSubview(home)
      root.addSubview(tabBar)
    }
  }

  /// Stands for contents that are not a `CGImage` (an `IOSurface` a video layer shows).
  final class StubSurface: NSObject {}

  final class FeedCell: UITableViewCell {
    let title = UILabel(frame: CGRect(x: 16, y: 10, width: 300, height: 20))
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
      super.init(style: style, reuseIdentifier: reuseIdentifier)
      contentView.addSubview(title)
    }
    // Required, as with Apple's SDK: UIView's init(coder:) is, and this class declares an
    // initializer of its own.
    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("made in code") }
  }

  /// 20 rows in one section; a cell is dequeued when one is free, made otherwise.
  @MainActor
  final class FeedSource: NSObject, UITableViewDataSource {
    var made = 0
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell =
        tableView.dequeueReusableCell(withIdentifier: "feed") as? FeedCell
        ?? {
          made += 1
          return FeedCell(style: .default, reuseIdentifier: "feed")
        }()
      cell.title.text = "Row \(indexPath.row)"
      return cell
    }
  }

  // MARK: The table

  /// Rows are 100 pt: the 400 pt table shows rows 0 to 3 (4 cells made); scrolled to 150 it shows
  /// rows 1 to 5 (row 1 spans 100...200, row 5 500...600, both reaching into 150...550). Row 0
  /// leaves and its cell is dequeued for row 4, the first row to come in; row 5 needs a fifth.
  @Test func cellsAreReused() {
    let screen = Screen()
    #expect(screen.source.made == 5)
    #expect(screen.firstCell.flatMap { screen.feed.indexPath(for: $0) } == IndexPath(row: 4, section: 0))
    #expect(screen.feed.visibleCells.compactMap { screen.feed.indexPath(for: $0)?.row } == [1, 2, 3, 4, 5])
  }

  // MARK: The scene

  @Test func sceneHoldsWhatTheViewsShow() throws {
    let screen = Screen()
    let (captured, running, profile) = try SceneCapture.capture(
      screen.root, device: Self.device, catalogue: DeviceCatalogue.screens, name: "screen")
    let scene = captured.scene
    #expect(profile == nil)
    #expect(running.points == Size(390, 844) && running.scale == 3)
    #expect(scene.device == Self.device)
    // UIDevice.current.systemVersion of the stand-in: "18.0".
    #expect(scene.iosVersion == OSVersion(18, 0))
    #expect(scene.root.frame == Rect(0, 0, 390, 844))
    // Subviews in the order they were added, the video layer (added to root's layer) before the
    // tab bar that was added after it; accessibility identifiers first, then `name`.
    let ids = scene.root.sublayers.map(\.id)
    #expect(ids == ["feed", "avatar", "thumbnail", "title", "badge", "card", "sticker", "glow", "overlay", "stack", "video", "tabBar"])
    let layer = Dictionary(uniqueKeysWithValues: scene.root.sublayers.map { ($0.id, $0) })

    // The table: rows 1 to 5 at y 100 x row less the offset 150, in subview order (rows 1 to 3
    // kept, then 4 and 5 added), each labelled "Row n" (5 characters).
    let feed = try #require(layer["feed"])
    #expect(feed.frame == Rect(0, 0, 390, 400))
    #expect(feed.sublayers.map(\.id) == ["FeedCell", "FeedCell-2", "FeedCell-3", "FeedCell-4", "FeedCell-5"])
    #expect(feed.sublayers.map(\.frame) == [-50, 50, 150, 250, 350].map { Rect(0, $0, 390, 100) })
    let rowLabel = feed.sublayers.first?.sublayers.first?.sublayers.first
    #expect(rowLabel?.contents == .text(TextContents(characters: 5)))

    // The avatar: a 240 x 240 CGImage without alpha (noneSkipLast: opaque), rounded and clipped.
    let avatar = try #require(layer["avatar"])
    #expect(avatar.frame == Rect(16, 420, 80, 80))
    #expect(avatar.contents == .image(ImageContents(pixelSize: Size(240, 240), opaque: true, wideColor: false)))
    #expect(avatar.cornerRadius == 40 && avatar.masksToBounds)
    // The thumbnail's image has alpha (premultipliedLast): not opaque.
    #expect(layer["thumbnail"]?.contents == .image(ImageContents(pixelSize: Size(300, 200), opaque: false, wideColor: false)))
    // "Hello, world": 12 characters.
    #expect(layer["title"]?.contents == .text(TextContents(characters: 12)))

    // The badge's mask: the shape layer (a mask without identifier or name is "mask"), its path
    // an ellipse in its 48 pt square.
    let mask = try #require(layer["badge"]?.mask)
    #expect(mask.id == "mask")
    guard case .shape(let shape) = mask.kind else {
      Issue.record("expected a shape mask, found \(mask.kind)")
      return
    }
    #expect(shape.path == .ellipse(Rect(0, 0, 48, 48)))

    let card = try #require(layer["card"])
    #expect(card.shadowOpacity == 0.3 && card.shadowRadius == 6 && card.shadowPath == nil)
    // "multiplyBlendMode" as Core Animation names it; CIScreenBlendMode is the screen blend;
    // CISourceAtopCompositing has no Core Animation blend mode: left out.
    #expect(layer["sticker"]?.compositingFilter == .multiplyBlendMode)
    #expect(layer["glow"]?.compositingFilter == .screenBlendMode)
    #expect(layer["overlay"]?.compositingFilter == nil)
    // Contents that are not a CGImage: a drawing.
    #expect(layer["video"]?.contents == .drawing(DrawingContents()))

    // The tab bar: a blur whose only sublayer is its content view (not the backdrop), which holds
    // the "Home" label.
    let tabBar = try #require(layer["tabBar"])
    #expect(tabBar.kind == .visualEffect(VisualEffect(style: .blur)))
    #expect(tabBar.sublayers.count == 1)
    #expect(tabBar.sublayers.first?.sublayers.first?.contents == .text(TextContents(characters: 4)))
  }

  /// Each view's `constraints` (those added to it) are written on its layer: the card holds the
  /// three that place its label, the label the one that sets its width, the root none.
  @Test func eachLayerHoldsItsViewsConstraints() throws {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let card = UIView(frame: CGRect(x: 16, y: 100, width: 358, height: 120))
    card.accessibilityIdentifier = "card"
    let label = UILabel(frame: CGRect(x: 16, y: 16, width: 200, height: 20))
    label.accessibilityIdentifier = "label"
    label.text = "Constrained"
    card.addSubview(label)
    root.addSubview(card)
    for attribute in [NSLayoutConstraint.Attribute.leading, .top, .height] {
      card.addConstraint(
        NSLayoutConstraint(
          item: label, attribute: attribute, relatedBy: .equal, toItem: card, attribute: attribute, multiplier: 1, constant: 16))
    }
    label.addConstraint(
      NSLayoutConstraint(
        item: label, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 200))
    let (captured, _, _) = try SceneCapture.capture(root, device: Self.device, catalogue: DeviceCatalogue.screens, name: "constraints")
    let cardLayer = try #require(captured.scene.root.sublayers.first)
    #expect(captured.scene.root.constraints == 0)
    #expect(cardLayer.id == "card" && cardLayer.constraints == 3)
    #expect(cardLayer.sublayers.first?.id == "label" && cardLayer.sublayers.first?.constraints == 1)
  }

  /// One note for each thing the scene cannot hold, in the order the walk meets them; the device
  /// is the screen's own, so no note about it.
  @Test func notesNameWhatTheSceneCannotHold() throws {
    let screen = Screen()
    let (captured, _, _) = try SceneCapture.capture(screen.root, device: Self.device, catalogue: DeviceCatalogue.screens)
    #expect(
      captured.notes == [
        "root/feed: a list showing 5 cells of 20 items; a capture of one moment holds the visible cells only: capture with a scroll to simulate scrolling with cell reuse.",
        "root/card: 1 animation in flight (fade): captured at the model values, where it ends, not as the screen shows the layer now.",
        "root/overlay: its compositingFilter (CISourceAtopCompositing) is not a Core Animation blend mode the scene format names; it is left out, so the layer is composited source-over and any offscreen pass the filter takes is not counted.",
        "root/stack: its sublayerTransform is left out (the scene format has none); its sublayers are placed without it.",
        // contentsScale 1 on a 3x screen: 3 x 3 = 9 times the pixels.
        "root/video: its contentsScale is 1 where the screen's scale is 3: the scene sizes its backing store at the screen's scale, 9 times the pixels the layer has.",
        "root/video: its contents are a StubSurface, not a CGImage: written as a drawing the layer's size (a backing store).",
      ])
    #expect(captured.scene.source?.notes == captured.notes)
  }

  /// Naming a device with another screen (the iPhone 7's 375 x 667 pt @2x) says the layout is
  /// still the running screen's.
  @Test func aNamedDeviceWithAnotherScreenIsNoted() throws {
    let screen = Screen()
    let (captured, _, _) = try SceneCapture.capture(screen.root, device: "iphone-7", catalogue: DeviceCatalogue.screens)
    #expect(captured.scene.device == "iphone-7")
    #expect(
      captured.notes.last
        == "The scene is for iphone-7 (375 x 667 pt @2x), but the view was laid out and captured on the running device's screen (390 x 844 pt @3x): its frames, pixel grid, trait collection and iOS release (18.0) are the running device's; run the test on a simulator of iphone-7 for that device's layout."
    )
  }

  /// With a scroll, the table's visible cells become a reuse pool (docs/capture.md, "Lists and
  /// scrolling"): the template is the lowest row's cell, the list has 20 items, the scroll starts
  /// at the offset 150 and the content is 20 x 100 = 2,000 pt long.
  @Test func aScrollFoldsTheCellsIntoAPool() throws {
    let screen = Screen()
    let (captured, _, _) = try SceneCapture.capture(
      screen.root, device: Self.device, catalogue: DeviceCatalogue.screens, scroll: .fling(2000, duration: 0.5))
    let scroll = try #require(captured.scene.timeline?.scrolls.first)
    #expect(scroll.target == "root/feed")
    #expect(scroll.startOffset == 150)
    #expect(scroll.contentLength == 2000)
    #expect(scroll.reuse == CellReuse(cell: "FeedCell", items: 20))
  }

  // MARK: The simulation

  /// The offscreen findings, each from its rule's documented behaviour:
  /// - tabBar: a blur is 3 passes (capture and downscale, horizontal, vertical: WWDC14 419);
  /// - badge: a mask applies to the composite of what it masks: the mask's target and the
  ///   content's (2 passes, WWDC14 419); an ellipse mask of a 48 pt square is Xcode's "simple
  ///   shape" case, replaced by cornerRadius 24;
  /// - card: a shadow without shadowPath over a drawing layer (1 pass);
  /// - sticker: a blend mode over 2 drawing layers (its background and the "Sale" label: 1 pass);
  /// - thumbnail: a rounded clip over 2 things (background and image: 1 pass).
  /// Not the avatar (one image clipped: iOS 9's single-image fast path) nor the glow (a blend on
  /// a layer drawing alone). 3 + 2 + 1 + 1 + 1 = 8 passes a frame.
  @Test func reportFindsTheOffscreenPasses() throws {
    let screen = Screen()
    let (captured, _, _) = try SceneCapture.capture(screen.root, device: Self.device, catalogue: DeviceCatalogue.screens)
    let report = Simulator.run(captured.scene, on: try #require(DeviceCatalogue.device(id: Self.device)))
    let offscreen = report.findings.filter { $0.category == .offscreen }
    let found = Dictionary(uniqueKeysWithValues: offscreen.map { ($0.layer, $0) })
    #expect(
      Set(offscreen.map { "\($0.rule) \($0.layer) \($0.passes)" }) == [
        "visual-effect root/tabBar 3", "mask root/badge 2", "shadow-without-path root/card 1", "blend-mode root/sticker 1",
        "rounded-clip root/thumbnail 1",
      ])
    #expect(report.summary.offscreenPasses.perFrameMax == 8)
    #expect(
      found["root/badge"]?.message.hasPrefix(
        "The layer is masked by a CAShapeLayer with a path that's a rect, a rounded-rect, or an ellipse (here an ellipse, `mask`)")
        == true)
    #expect(found["root/badge"]?.fix.contains("\"cornerRadius\": 24 and \"masksToBounds\": true") == true)
    #expect(found["root/card"]?.message.contains("shadowOpacity 0.3, shadowRadius 6, no shadowPath") == true)
    #expect(found["root/sticker"]?.message.hasPrefix("compositingFilter multiplyBlendMode over 2 drawing layers") == true)
    #expect(found["root/thumbnail"]?.message.hasPrefix("cornerRadius 8 with masksToBounds clips 2 things") == true)
  }

  // MARK: RenderCost.check

  /// `RenderCost.check(_ view:)` (named, so that the three checks share one recorded file): the
  /// first check records the scene and fails; the second finds
  /// the same scene and passes with the report's 8 passes within a budget of 8; a budget of 7
  /// fails whatever was recorded.
  @Test func renderCostRecordsThenPasses() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capture-e2e-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let testFile = folder.appendingPathComponent("ScreenTests.swift").path
    let screen = Screen()
    // A typed `do`, so that `error` is the RenderCostFailure `check` throws: Swift 6.3 crashes
    // compiling `catch let failure as RenderCostFailure` here, a cast it also warns is always
    // true.
    do throws(RenderCostFailure) {
      try RenderCost.check(screen.root, on: Self.device, named: "main", record: .missing, filePath: testFile, testName: "screen()")
      Issue.record("the first check recorded nothing")
    } catch {
      #expect(error.message.contains("no scene was recorded"))
    }
    let recorded = folder.appendingPathComponent("__RenderScenes__/ScreenTests/screen.main.json").path
    #expect(FileManager.default.fileExists(atPath: recorded))
    let result = try RenderCost.check(
      screen.root, on: Self.device, budgets: [.maxOffscreenPassesPerFrame: 8], named: "main", record: .never, filePath: testFile,
      testName: "screen()")
    #expect(result.report.summary.offscreenPasses.perFrameMax == 8)
    #expect(throws: RenderCostFailure.self) {
      try RenderCost.check(
        screen.root, on: Self.device, budgets: [.maxOffscreenPassesPerFrame: 7], named: "main", record: .never, filePath: testFile,
        testName: "screen()")
    }
  }
}
