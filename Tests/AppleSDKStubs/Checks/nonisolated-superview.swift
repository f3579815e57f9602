// Must NOT compile: `UIView.superview` is main-actor isolated in Apple's SDK (`@MainActor class
// UIView`), so a nonisolated function cannot read it. Tests/AppleSDKStubs/run expects this file
// to fail with a main-actor error; Checks/main-actor.swift is the same read that compiles.
import UIKit

func superview(of view: UIView) -> UIView? {
  view.superview
}
