// Must NOT compile: `UILabel.text` is main-actor isolated in Apple's SDK (`@MainActor class
// UIView`, UILabel's superclass). Tests/AppleSDKStubs/run expects this file to fail with a
// main-actor error; Checks/main-actor.swift is the same read that compiles.
import UIKit

func characters(of label: UILabel) -> Int {
  label.text?.count ?? 0
}
