// Must compile: the reads of the nonisolated-*.swift checks, made on the main actor, and reads of
// `CALayer`, which Apple's SDK does not isolate (`class CALayer`), from a nonisolated function.
// Tests/AppleSDKStubs/run type-checks it as it does the others, so that they cannot fail for
// another reason (a missing module, a misspelt name).
import QuartzCore
import UIKit

@MainActor
func superview(of view: UIView) -> UIView? {
  view.superview
}

@MainActor
func characters(of label: UILabel) -> Int {
  label.text?.count ?? 0
}

func opacity(of layer: CALayer) -> Float {
  layer.opacity
}
