#if canImport(UIKit) && canImport(QuartzCore)
  import LayerTree
  import ObjectiveC
  import QuartzCore
  import UIKit

  #if canImport(CoreImage)
    import CoreImage
  #endif

  /// A live `CALayer` as the capture reads it, with the view it backs (`delegate as? UIView`).
  ///
  /// Reads, by Apple's documented names:
  /// - `CALayer`: `position`, `bounds`, `anchorPoint`, `transform` (`CATransform3D`),
  ///   `cornerRadius`, `maskedCorners` (`CACornerMask`), `cornerCurve` (iOS 13), `masksToBounds`,
  ///   `opacity`, `allowsGroupOpacity`, `isHidden`, `isOpaque`, `backgroundColor`, `borderWidth`,
  ///   `borderColor`, `shadowOpacity`, `shadowRadius`, `shadowOffset`, `shadowColor`,
  ///   `shadowPath`, `mask`, `shouldRasterize`, `rasterizationScale`, `allowsEdgeAntialiasing`,
  ///   `contents` (a `CGImage`: `width`, `height`, `alphaInfo`, `bitsPerComponent`; anything else:
  ///   a backing store, its type named in the notes unless the view's class draws it),
  ///   `contentsFormat`, `contentsGravity`, `contentsScale`, `compositingFilter` (a filter name,
  ///   or a `CIFilter`'s `name`), `sublayerTransform`, `animationKeys()`, `name`, `sublayers`,
  ///   `delegate`;
  /// - `CAShapeLayer`: `path`, `fillColor`, `strokeColor`, `lineWidth`; `CAGradientLayer`:
  ///   `colors`; `CAReplicatorLayer`: `instanceCount`, `instanceTransform`, `instanceColor`,
  ///   `instanceRedOffset`, `instanceGreenOffset`, `instanceBlueOffset`, `instanceAlphaOffset`;
  ///   `CATransformLayer`: its class;
  /// - the view: `accessibilityIdentifier`; `constraints` (how many); `UILabel.attributedText` /
  ///   `text` (characters); whether its class overrides `draw(_:)`; `UIVisualEffectView.effect`
  ///   and `contentView`; `UIScrollView.contentSize`; `UITableView.numberOfSections`,
  ///   `numberOfRows(inSection:)`, `indexPath(for:)`; `UICollectionView.numberOfSections`,
  ///   `numberOfItems(inSection:)`, `indexPath(for:)`.
  ///
  /// Colours are converted to sRGB (`CGColor.converted(to:intent:options:)`); a colour that cannot
  /// be (a pattern) keeps its alpha over a mid grey.
  ///
  /// The whole extension is main-actor isolated, as `CapturableLayer` is: `CALayer` itself is not,
  /// but its helpers read the view it backs (`UILabel.text`, `UITableView.indexPath(for:)`,
  /// `UIView.superview`), which UIKit isolates to the main actor.
  @MainActor
  extension CALayer: CapturableLayer {
    public func captureProperties() -> LayerProperties {
      var p = LayerProperties()
      let view = delegate as? UIView
      p.className = view.map { String(describing: type(of: $0)) } ?? String(describing: type(of: self))
      p.accessibilityIdentifier = view?.accessibilityIdentifier
      p.name = name
      p.position = Point(Double(position.x), Double(position.y))
      p.bounds = Rect(Double(bounds.origin.x), Double(bounds.origin.y), Double(bounds.size.width), Double(bounds.size.height))
      p.anchorPoint = Point(Double(anchorPoint.x), Double(anchorPoint.y))
      p.transform = Transform3D(transform)
      p.cornerRadius = Double(cornerRadius)
      p.maskedCorners = CornerMask(rawValue: UInt8(truncatingIfNeeded: maskedCorners.rawValue))
      if #available(iOS 13.0, tvOS 13.0, *) { p.cornerCurve = cornerCurve == .continuous ? .continuous : .circular }
      p.masksToBounds = masksToBounds
      p.opacity = Double(opacity)
      p.allowsGroupOpacity = allowsGroupOpacity
      p.isHidden = isHidden
      p.isOpaque = isOpaque
      p.backgroundColor = backgroundColor.map(Color.init(captured:))
      p.borderWidth = Double(borderWidth)
      p.borderColor = borderColor.map(Color.init(captured:))
      p.shadowOpacity = Double(shadowOpacity)
      p.shadowRadius = Double(shadowRadius)
      p.shadowOffset = Size(Double(shadowOffset.width), Double(shadowOffset.height))
      p.shadowColor = shadowColor.map(Color.init(captured:))
      p.shadowPath = shadowPath.map(PathShape.init(captured:))
      p.shouldRasterize = shouldRasterize
      p.rasterizationScale = Double(rasterizationScale)
      p.allowsEdgeAntialiasing = allowsEdgeAntialiasing
      p.contentsGravity = ContentsGravity(rawValue: contentsGravity.rawValue) ?? .resize
      (p.contents, p.otherContentsType) = capturedContents(view: view)
      p.contentsScale = Double(contentsScale)
      p.compositingFilter = compositingFilter.map { Self.capturedFilter($0) }
      p.sublayerTransform = Transform3D(sublayerTransform)
      p.animationKeys = animationKeys() ?? []
      p.kind = capturedKind(view: view)
      if let scrollView = view as? UIScrollView {
        p.scroll = LayerProperties.ScrollInfo(
          contentSize: Size(Double(scrollView.contentSize.width), Double(scrollView.contentSize.height)),
          reusesCells: scrollView is UITableView || scrollView is UICollectionView, itemCount: Self.itemCount(of: scrollView))
      }
      p.cellIndex = view.flatMap { Self.cellIndex(of: $0) }
      p.constraints = view?.constraints.count ?? 0
      return p
    }

    public var sublayersToCapture: [any CapturableLayer] {
      // An effect view's own sublayers are its backdrop and filters, which the scene's
      // UIVisualEffectView class stands for; what it shows is its content view.
      if let effectView = delegate as? UIVisualEffectView { return [effectView.contentView.layer] }
      return sublayers ?? []
    }

    public var maskToCapture: (any CapturableLayer)? { mask }

    // MARK: Contents and classes

    /// What the layer shows, and the type of its `contents` when they are not a `CGImage`.
    func capturedContents(view: UIView?) -> (Contents?, otherType: String?) {
      let wide = contentsFormat == .RGBA16Float
      if let label = view as? UILabel {
        let characters = label.attributedText?.length ?? label.text?.count ?? 0
        return (characters > 0 ? .text(TextContents(characters: characters, wideColor: wide)) : nil, nil)
      }
      if let contents {
        if CFGetTypeID(contents as AnyObject) == CGImage.typeID {
          let image = contents as! CGImage
          let opaque = image.alphaInfo == .none || image.alphaInfo == .noneSkipFirst || image.alphaInfo == .noneSkipLast
          return (
            .image(
              ImageContents(
                pixelSize: Size(Double(image.width), Double(image.height)), opaque: opaque, wideColor: image.bitsPerComponent > 8)),
            nil
          )
        }
        // Anything else a layer holds (the backing store its `draw(_:)` or `draw(in:)` filled,
        // an `IOSurface`) is written as a drawing of the layer's size; its type is named in the
        // notes unless the view draws it (its class overrides `draw(_:)`: a backing store).
        let drawnByView = view.map { Self.overridesDraw($0) } ?? false
        return (.drawing(DrawingContents(wideColor: wide, opaque: isOpaque)), drawnByView ? nil : String(describing: type(of: contents)))
      }
      // Not displayed yet, but it will draw: its class overrides `draw(_:)`.
      if let view, Self.overridesDraw(view) { return (.drawing(DrawingContents(wideColor: wide, opaque: isOpaque)), nil) }
      return (nil, nil)
    }

    /// `compositingFilter`: Core Animation takes a filter name (`"multiplyBlendMode"`) or a Core
    /// Image filter (`CIFilter(name: "CIMultiplyBlendMode")`); anything else is named by its type.
    static func capturedFilter(_ value: Any) -> CapturedCompositingFilter {
      if let name = value as? String { return .named(name) }
      #if canImport(CoreImage)
        if let filter = value as? CIFilter { return .named(filter.name) }
      #endif
      return .other(String(describing: type(of: value)))
    }

    func capturedKind(view: UIView?) -> LayerProperties.Kind {
      if let effectView = view as? UIVisualEffectView {
        guard let effect = effectView.effect else { return .plain }
        return .visualEffect(effect is UIVibrancyEffect ? .vibrancy : .blur)
      }
      if let shape = self as? CAShapeLayer {
        return .shape(
          path: shape.path.map(PathShape.init(captured:)), fillColor: shape.fillColor.map(Color.init(captured:)),
          strokeColor: shape.strokeColor.map(Color.init(captured:)), lineWidth: Double(shape.lineWidth))
      }
      if let gradient = self as? CAGradientLayer {
        let colors = (gradient.colors ?? []).compactMap { value -> Color? in
          guard CFGetTypeID(value as AnyObject) == CGColor.typeID else { return nil }
          return Color(captured: value as! CGColor)
        }
        return .gradient(colors: colors)
      }
      if self is CATransformLayer { return .transformLayer }
      if let replicator = self as? CAReplicatorLayer {
        return .replicator(
          LayerProperties.Replicator(
            instanceCount: replicator.instanceCount, instanceTransform: Transform3D(replicator.instanceTransform),
            instanceColor: replicator.instanceColor.map(Color.init(captured:)), instanceRedOffset: Double(replicator.instanceRedOffset),
            instanceGreenOffset: Double(replicator.instanceGreenOffset), instanceBlueOffset: Double(replicator.instanceBlueOffset),
            instanceAlphaOffset: Double(replicator.instanceAlphaOffset)))
      }
      return .plain
    }

    /// True when the view's class has its own `draw(_:)`: UIKit gives such a view a backing store.
    static func overridesDraw(_ view: UIView) -> Bool {
      #if _runtime(_ObjC)
        let selector = #selector(UIView.draw(_:))
      #else
        // The Objective-C name of `draw(_:)`, for the stand-in runtime that type-checks this file
        // on Linux (Tests/AppleSDKStubs), where `#selector` does not exist.
        let selector = Selector(("drawRect:"))
      #endif
      guard let own = class_getInstanceMethod(type(of: view), selector), let base = class_getInstanceMethod(UIView.self, selector) else {
        return false
      }
      return method_getImplementation(own) != method_getImplementation(base)
    }

    // MARK: Lists

    /// Rows (items) of every section of a table (collection) view.
    static func itemCount(of scrollView: UIScrollView) -> Int? {
      if let table = scrollView as? UITableView {
        return (0..<table.numberOfSections).reduce(0) { $0 + table.numberOfRows(inSection: $1) }
      }
      if let collection = scrollView as? UICollectionView {
        return (0..<collection.numberOfSections).reduce(0) { $0 + collection.numberOfItems(inSection: $1) }
      }
      return nil
    }

    /// A cell's item index in its list, rows of earlier sections counted first.
    static func cellIndex(of view: UIView) -> Int? {
      func flattened(_ path: IndexPath, rows: (Int) -> Int) -> Int {
        (0..<path.section).reduce(0) { $0 + rows($1) } + path.item
      }
      if let cell = view as? UITableViewCell, let table = ancestor(of: cell, as: UITableView.self), let path = table.indexPath(for: cell) {
        return flattened(path) { table.numberOfRows(inSection: $0) }
      }
      if let cell = view as? UICollectionViewCell, let collection = ancestor(of: cell, as: UICollectionView.self),
        let path = collection.indexPath(for: cell)
      {
        return flattened(path) { collection.numberOfItems(inSection: $0) }
      }
      return nil
    }

    static func ancestor<T: UIView>(of view: UIView, as type: T.Type) -> T? {
      var current = view.superview
      while let candidate = current {
        if let found = candidate as? T { return found }
        current = candidate.superview
      }
      return nil
    }
  }

  /// A view is captured as its layer.
  extension UIView: CapturableLayer {
    public func captureProperties() -> LayerProperties { layer.captureProperties() }
    public var sublayersToCapture: [any CapturableLayer] { layer.sublayersToCapture }
    public var maskToCapture: (any CapturableLayer)? { layer.maskToCapture }
  }

  extension Transform3D {
    /// `CATransform3D`'s sixteen members, as they are.
    public init(_ t: CATransform3D) {
      self.init(
        m11: Double(t.m11), m12: Double(t.m12), m13: Double(t.m13), m14: Double(t.m14),
        m21: Double(t.m21), m22: Double(t.m22), m23: Double(t.m23), m24: Double(t.m24),
        m31: Double(t.m31), m32: Double(t.m32), m33: Double(t.m33), m34: Double(t.m34),
        m41: Double(t.m41), m42: Double(t.m42), m43: Double(t.m43), m44: Double(t.m44))
    }
  }

  extension Color {
    /// A `CGColor` in sRGB (extended values are held to 0...1 by the capture).
    public init(captured color: CGColor) {
      if let space = CGColorSpace(name: CGColorSpace.sRGB),
        let converted = color.converted(to: space, intent: .defaultIntent, options: nil),
        let c = converted.components, c.count >= 4
      {
        self.init(red: Double(c[0]), green: Double(c[1]), blue: Double(c[2]), alpha: Double(c[3]))
      } else {
        self.init(red: 0.5, green: 0.5, blue: 0.5, alpha: Double(color.alpha))
      }
    }
  }

  extension PathShape {
    /// A `CGPath`'s elements (`applyWithBlock`) and bounding box (`boundingBoxOfPath`),
    /// classified by ``PathShape/classify(_:bounds:)``.
    public init(captured path: CGPath) {
      var elements: [PathShape.Element] = []
      path.applyWithBlock { pointer in
        let element = pointer.pointee
        func point(_ index: Int) -> Point { Point(Double(element.points[index].x), Double(element.points[index].y)) }
        switch element.type {
        case .moveToPoint: elements.append(.moveTo(point(0)))
        case .addLineToPoint: elements.append(.lineTo(point(0)))
        case .addQuadCurveToPoint: elements.append(.quadCurveTo(point(1), control: point(0)))
        case .addCurveToPoint: elements.append(.curveTo(point(2), control1: point(0), control2: point(1)))
        case .closeSubpath: elements.append(.closeSubpath)
        @unknown default: break
        }
      }
      let box = path.boundingBoxOfPath
      self = PathShape.classify(
        elements, bounds: Rect(Double(box.origin.x), Double(box.origin.y), Double(box.size.width), Double(box.size.height)))
    }
  }
#endif
