/// The registry of image checks: adding a check is one file in `Checks/` and one line here.
public enum ImageChecks {
  public static let all: [any ImageCheck] = [
    ScaledImageCheck(),
    MisalignedImageCheck(),
  ]

  public static func check(id: String) -> (any ImageCheck)? { all.first { $0.id == id } }
}
