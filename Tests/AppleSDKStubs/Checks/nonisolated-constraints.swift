// Must NOT compile: `UIView.constraints` is main-actor isolated in Apple's SDK (`@MainActor class
// UIView`), so a nonisolated function cannot read it. Tests/AppleSDKStubs/run expects this file
// to fail with a main-actor error; Checks/main-actor.swift is the same read that compiles.
import UIKit

func constraintCount(of view: UIView) -> Int {
  view.constraints.count
}
