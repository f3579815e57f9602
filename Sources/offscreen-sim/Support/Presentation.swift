/// How a command that prints results shows them: the format (`--format`), how much of the text
/// (`--quiet`, `--verbose`), and the streams with colour decided (`--color`).
struct Presentation {
  var format: OutputFormat
  var detail: Detail
  var io: ToolIO

  /// The options a command that takes them declares after `--format`.
  static let options = [SharedOptions.quiet, SharedOptions.verbose, SharedOptions.colour]

  init(format: OutputFormat = .text, detail: Detail = .short, io: ToolIO) {
    self.format = format
    self.detail = detail
    self.io = io
  }

  init(_ parsed: ParsedArguments, format option: OptionDeclaration, io: ToolIO) throws(UsageError) {
    self.init(
      format: OutputFormat(parsed, option), detail: try SharedOptions.detail(parsed), io: SharedOptions.colouring(io, parsed))
  }
}
