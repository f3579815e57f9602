// Must compile: the reads of the nonisolated-*.swift checks, made on the main actor, and uses of
// what Apple's SDK does not isolate (`class CALayer`, `class UIColor`, `class UIBezierPath`,
// `class UIGraphicsImageRenderer`) from a nonisolated function.
// Tests/AppleSDKStubs/run type-checks it as it does the others, so that they cannot fail for
// another reason (a missing module, a misspelt name).
import QuartzCore
import UIKit

@MainActor
func superview(of view: UIView) -> UIView? {
  view.superview
}

@MainActor
func constraintCount(of view: UIView) -> Int {
  view.constraints.count
}

@MainActor
func characters(of label: UILabel) -> Int {
  label.text?.count ?? 0
}

@MainActor
func view(of controller: UIViewController) -> UIView? {
  controller.view
}

func opacity(of layer: CALayer) -> Float {
  layer.opacity
}

func roundImage(size: CGSize) -> UIImage {
  UIGraphicsImageRenderer(size: size).image { context in
    UIBezierPath(ovalIn: CGRect(origin: .zero, size: size)).addClip()
    UIColor.black.setFill()
    context.fill(CGRect(origin: .zero, size: size))
  }
}
