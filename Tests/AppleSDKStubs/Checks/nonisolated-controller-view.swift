// Must NOT compile: `UIViewController.view` is main-actor isolated in Apple's SDK
// (`@MainActor class UIViewController`). Tests/AppleSDKStubs/run expects this file to fail with a
// main-actor error; Checks/main-actor.swift is the same read that compiles.
import UIKit

func view(of controller: UIViewController) -> UIView? {
  controller.view
}
