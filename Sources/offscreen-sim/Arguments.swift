import LayerTree

/// A command's arguments, parsed against its ``CommandDeclaration``: positional arguments, and
/// each declared option's values, checked as declared (a value that must be one of a list, a
/// whole number in a range, an option given twice that takes one value, a required option
/// missing).
///
/// Options are written `--format json` or `--format=json`; `-` alone is a positional argument
/// (standard input); `--` ends the options.
struct ParsedArguments {
  var positional: [String] = []
  /// Values by the option's ``OptionDeclaration/name``; a flag has one empty value.
  private var given: [String: [String]] = [:]
  private var declared: [String: OptionDeclaration] = [:]

  init(_ arguments: [String], for command: CommandDeclaration) throws(UsageError) {
    var byName: [String: OptionDeclaration] = [:]
    for option in command.allOptions {
      declared[option.name] = option
      for name in option.names { byName[name] = option }
    }
    var index = 0
    var onlyPositional = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
        positional.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositional = true
        continue
      }
      var name = argument
      var inlineValue: String? = nil
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = byName[name] else {
        var message = "unknown option \(name)"
        if let suggestion = nearest(to: name, in: byName.keys.sorted()) { message += "; did you mean \(suggestion)?" }
        throw UsageError(message)
      }
      if option.isFlag {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
        given[option.name] = [""]
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError("\(name) needs a value")
      }
      try Self.check(value, of: option, as: name)
      if !option.repeatable, let earlier = given[option.name]?.first, earlier != value {
        throw UsageError("\(name) is given twice ('\(earlier)', then '\(value)'); it takes one value")
      }
      given[option.name, default: []].append(value)
    }
    for option in command.options {
      guard let requirement = option.requirement, given[option.name] == nil else { continue }
      if let alternative = option.alternative {
        if given[alternative] != nil { continue }
        throw UsageError("missing \(option.shortestName) <\(option.valueName ?? "value")>: \(requirement) (or \(alternative))")
      }
      throw UsageError("missing \(option.shortestName) <\(option.valueName ?? "value")>: \(requirement)")
    }
  }

  /// A usage error when `value` is not what `option` takes.
  private static func check(_ value: String, of option: OptionDeclaration, as name: String) throws(UsageError) {
    switch option.kind {
    case .oneOf(let choices):
      let values = choices.map(\.value)
      guard values.contains(value) else {
        var message = "unknown \(option.valueName ?? "value") '\(value)'; expected one of: \(values.joined(separator: ", "))"
        if let suggestion = nearest(to: value, in: values) { message += "; did you mean '\(suggestion)'?" }
        throw UsageError(message)
      }
    case .integer(let range):
      guard let number = Int(value), range.contains(number) else {
        throw UsageError("\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), found '\(value)'")
      }
    case .none, .text, .file, .fileOrFolder, .suggested, .command:
      break
    }
  }

  /// The value given for `option`, or its default.
  func value(_ option: OptionDeclaration) -> String? { given[declaredName(option)]?.last ?? option.defaultValue }

  /// Every value given for a repeatable `option`, in order; empty when it is not given.
  func values(_ option: OptionDeclaration) -> [String] { given[declaredName(option)] ?? [] }

  /// The whole number given for an ``ValueKind/integer(_:)`` option (checked by the parser), or its default.
  func integer(_ option: OptionDeclaration) -> Int? { value(option).flatMap { Int($0) } }

  /// True when `option` (a flag or an option) was given.
  func has(_ option: OptionDeclaration) -> Bool { given[declaredName(option)] != nil }

  /// Gives the option named `name` these values when the command declares it and the command
  /// line gave it none: a project configuration's settings, which the command line overrides.
  mutating func fillIn(optionNamed name: String, with values: [String]) {
    guard declared[name] != nil, given[name] == nil, !values.isEmpty else { return }
    given[name] = values
  }

  /// True when the command declares `option`: shared code asks before reading an option only
  /// some commands take.
  func declares(_ option: OptionDeclaration) -> Bool { declared[option.name] != nil }

  /// The option's name, once checked to be one the command declares: asking for an undeclared
  /// option is a mistake in the command, which the help test would not see.
  private func declaredName(_ option: OptionDeclaration) -> String {
    assert(declared[option.name] != nil, "\(option.name) is not declared by this command")
    return option.name
  }
}
