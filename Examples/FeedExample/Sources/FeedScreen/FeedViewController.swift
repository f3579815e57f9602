#if canImport(UIKit)
  import UIKit

  /// A feed of posts, each row a card with a round avatar, a name and a line of text: the screen
  /// the render-cost test captures.
  ///
  /// `style` says how the rows are drawn:
  /// - `.slow`: the avatar rounded by `cornerRadius` with `clipsToBounds` over an image, and the
  ///   card's shadow without a `shadowPath`: two offscreen passes per row, the common mistakes;
  /// - `.fast`: the avatar image drawn round once, and the shadow given its path: no offscreen pass.
  public final class FeedViewController: UIViewController, UITableViewDataSource {
    public enum Style: Sendable {
      case slow
      case fast
    }

    public let posts: [Post]
    public let style: Style
    public private(set) var tableView = UITableView(frame: .zero, style: .plain)

    public init(posts: [Post] = Post.samples, style: Style) {
      self.posts = posts
      self.style = style
      super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("FeedViewController is made in code") }

    public override func viewDidLoad() {
      super.viewDidLoad()
      view.backgroundColor = .systemBackground
      tableView.frame = view.bounds
      tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      tableView.rowHeight = FeedCell.height
      tableView.separatorStyle = .none
      tableView.register(FeedCell.self, forCellReuseIdentifier: FeedCell.reuseIdentifier)
      tableView.dataSource = self
      tableView.accessibilityIdentifier = "feed"
      view.addSubview(tableView)
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { posts.count }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: FeedCell.reuseIdentifier, for: indexPath)
      (cell as? FeedCell)?.show(posts[indexPath.row], style: style)
      return cell
    }
  }

  /// A row: a card with a shadow, holding the avatar, the name and the text.
  final class FeedCell: UITableViewCell {
    static let reuseIdentifier = "post"
    static let height: CGFloat = 88

    let card = UIView()
    let avatar = UIImageView()
    let name = UILabel()
    let body = UILabel()
    private var style = FeedViewController.Style.slow

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
      super.init(style: style, reuseIdentifier: reuseIdentifier)
      selectionStyle = .none
      card.backgroundColor = .white
      card.layer.cornerRadius = 12
      card.layer.shadowColor = UIColor.black.cgColor
      card.layer.shadowOpacity = 0.2
      card.layer.shadowRadius = 6
      card.layer.shadowOffset = CGSize(width: 0, height: 2)
      card.accessibilityIdentifier = "card"
      avatar.accessibilityIdentifier = "avatar"
      name.font = .boldSystemFont(ofSize: 15)
      body.font = .systemFont(ofSize: 13)
      contentView.addSubview(card)
      card.addSubview(avatar)
      card.addSubview(name)
      card.addSubview(body)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("FeedCell is made in code") }

    func show(_ post: Post, style: FeedViewController.Style) {
      self.style = style
      name.text = post.author
      body.text = post.text
      switch style {
      case .slow:
        avatar.image = Self.avatarImage(round: false)
        avatar.layer.cornerRadius = 24
        avatar.clipsToBounds = true
      case .fast:
        avatar.image = Self.avatarImage(round: true)
        avatar.layer.cornerRadius = 0
        avatar.clipsToBounds = false
      }
      setNeedsLayout()
    }

    override func layoutSubviews() {
      super.layoutSubviews()
      card.frame = contentView.bounds.insetBy(dx: 12, dy: 6)
      avatar.frame = CGRect(x: 12, y: (card.bounds.height - 48) / 2, width: 48, height: 48)
      name.frame = CGRect(x: 72, y: 14, width: card.bounds.width - 84, height: 20)
      body.frame = CGRect(x: 72, y: 38, width: card.bounds.width - 84, height: 18)
      // The fast style tells Core Animation the shadow's shape, so it need not render the card
      // offscreen to find it.
      card.layer.shadowPath = style == .fast ? UIBezierPath(roundedRect: card.bounds, cornerRadius: 12).cgPath : nil
    }

    /// A 48 pt avatar at the screen's scale: a plain square, or drawn round into its own
    /// transparent image (what a list does once per image instead of clipping every frame).
    static func avatarImage(round: Bool) -> UIImage {
      let size = CGSize(width: 48, height: 48)
      return UIGraphicsImageRenderer(size: size).image { context in
        let bounds = CGRect(origin: .zero, size: size)
        if round { UIBezierPath(ovalIn: bounds).addClip() }
        UIColor.systemTeal.setFill()
        context.fill(bounds)
      }
    }
  }
#endif
