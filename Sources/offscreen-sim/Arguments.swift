/// A small argument parser: flags (`--json`), options (`--format json` or `--format=json`) and
/// positional arguments, checked against what a command accepts.
struct ParsedArguments {
  var positional: [String] = []
  var options: [String: [String]] = [:]
  var flags: Set<String> = []

  /// Parses `arguments` for a command that takes these options (with a value) and flags.
  /// `-` alone is a positional argument (standard input); `--` ends options.
  init(_ arguments: [String], options optionNames: Set<String>, flags flagNames: Set<String>) throws(UsageError) {
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
      if flagNames.contains(name) {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
        flags.insert(name)
      } else if optionNames.contains(name) {
        if let inlineValue {
          options[name, default: []].append(inlineValue)
        } else if index < arguments.count {
          options[name, default: []].append(arguments[index])
          index += 1
        } else {
          throw UsageError("\(name) needs a value")
        }
      } else {
        let known = (optionNames.union(flagNames)).sorted()
        var message = "unknown option \(name)"
        if let suggestion = closest(name, in: known) { message += "; did you mean \(suggestion)?" }
        throw UsageError(message)
      }
    }
  }

  /// The last value given for an option.
  func value(_ name: String) -> String? { options[name]?.last }
}

/// The nearest string by edit distance, when close enough to be a typo.
func closest(_ word: String, in candidates: [String]) -> String? {
  func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
  let scored = candidates.map { ($0, distance(Array(word.utf8), Array($0.utf8))) }
  guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
  return best.0
}
