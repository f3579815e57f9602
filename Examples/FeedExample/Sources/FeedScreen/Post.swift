/// One row of the feed: who posted and what they wrote.
public struct Post: Sendable, Hashable {
  public var author: String
  public var text: String

  public init(author: String, text: String) {
    self.author = author
    self.text = text
  }

  /// Twenty posts, enough to fill an iPhone's screen with reused cells.
  public static let samples: [Post] = (1...20).map { Post(author: "Author \($0)", text: "Post number \($0) of the sample feed") }
}
