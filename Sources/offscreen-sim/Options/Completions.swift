/// Shell completion scripts for bash, zsh and fish, made from the commands' declarations: the
/// commands, each command's options, the values an option takes, and file names where a file is
/// expected.
///
/// Words offered as values (formats, device ids, rule and metric ids) are plain: letters,
/// digits, `-`, `.` and `_`; anything else is left out of a script rather than quoted.
enum Completions {
  // MARK: bash

  /// A bash script defining `_offscreen_sim` and registering it with `complete`. It runs on bash
  /// 3.2 (macOS's) and later: no `mapfile`, no associative arrays.
  static func bash(_ commands: [CommandDeclaration]) -> String {
    var text = """
      # bash completion for offscreen-sim, made by `offscreen-sim completions bash`.

      _offscreen_sim_reply() {
        local line
        while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen "$@")
      }

      _offscreen_sim() {
        local cur="${COMP_WORDS[COMP_CWORD]}"
        local prev=""
        if (( COMP_CWORD > 0 )); then prev="${COMP_WORDS[COMP_CWORD-1]}"; fi
        COMPREPLY=()
        if (( COMP_CWORD == 1 )); then
          _offscreen_sim_reply -W '\(words(commands.map(\.name) + ["-h", "--help", "--version"]))' -- "$cur"
          return 0
        fi
        case "${COMP_WORDS[1]}" in

      """
    for command in commands {
      text += "    \(command.name))\n"
      let valued = command.allOptions.filter { !$0.isFlag }
      if !valued.isEmpty {
        text += "      case \"$prev\" in\n"
        for option in valued {
          text += "        \(option.names.joined(separator: "|"))) \(bashReply(option.kind, commands)) return 0 ;;\n"
        }
        text += "      esac\n"
      }
      let names = command.allOptions.flatMap(\.names)
      text += """
              if [[ "$cur" == -* ]]; then
                _offscreen_sim_reply -W '\(words(names))' -- "$cur"
              else
                \(bashReply(command.arguments.first?.kind ?? .text, commands))
              fi
              ;;

        """
    }
    text += """
        esac
        return 0
      }

      complete -o filenames -F _offscreen_sim offscreen-sim

      """
    return text
  }

  /// The bash statement that offers what `kind` takes, ending with `;`.
  private static func bashReply(_ kind: ValueKind, _ commands: [CommandDeclaration]) -> String {
    switch kind {
    case .file, .fileOrFolder: return "_offscreen_sim_reply -f -- \"$cur\";"
    case .oneOf, .suggested: return "_offscreen_sim_reply -W '\(words(kind.words))' -- \"$cur\";"
    case .command: return "_offscreen_sim_reply -W '\(words(commands.map(\.name)))' -- \"$cur\";"
    case .none, .text, .integer: return ":;"
    }
  }

  // MARK: zsh

  /// A zsh script for `fpath` (`_offscreen-sim`), with `_arguments` specs per command.
  static func zsh(_ commands: [CommandDeclaration]) -> String {
    var text = """
      #compdef offscreen-sim
      # zsh completion for offscreen-sim, made by `offscreen-sim completions zsh`.

      _offscreen_sim() {
        local -a commands
        commands=(

      """
    for command in commands {
      text += "    '\(zshQuoted(command.name + ":" + command.summary))'\n"
    }
    text += """
        )
        local state
        _arguments -C \\
          '(- *)'{-h,--help}'[Show help]' \\
          '(- *)--version[Print the tool'\\''s version]' \\
          '1: :->command' \\
          '*:: :->argument'
        case $state in
          command)
            _describe -t commands 'offscreen-sim command' commands
            ;;
          argument)
            case $words[1] in

      """
    for command in commands {
      var specs: [String] = []
      for option in command.allOptions {
        var spec = ""
        let exclusive = option.name == StandardOptions.help.name || option.name == StandardOptions.version.name
        if exclusive {
          spec = "'(- *)'"
        } else if option.names.count > 1 && !option.repeatable {
          spec = "'(\(option.names.joined(separator: " ")))'"
        }
        if option.repeatable { spec += "'*'" }
        let names = option.names.count > 1 ? "{\(option.names.joined(separator: ","))}" : option.names[0]
        spec += names + "'[\(zshQuoted(zshEscaped(firstSentence(option.help))))]"
        if let valueName = option.valueName {
          spec += ":\(zshQuoted(zshEscaped(valueName))):\(zshAction(option.kind, commands))"
        }
        specs.append(spec + "'")
      }
      var position = 1
      for argument in command.arguments {
        let message = zshQuoted(zshEscaped(argument.name))
        let action = zshAction(argument.kind, commands)
        if argument.count.upperBound > 1 {
          specs.append("'*:\(message):\(action)'")
        } else {
          specs.append("'\(position):\(argument.count.lowerBound == 0 ? ":" : "")\(message):\(action)'")
          position += 1
        }
      }
      text += "        \(command.name))\n"
      text += "          _arguments -s \\\n" + specs.map { "            \($0)" }.joined(separator: " \\\n") + "\n"
      text += "          ;;\n"
    }
    text += """
            esac
            ;;
        esac
      }

      _offscreen_sim "$@"

      """
    return text
  }

  /// An `_arguments` action for `kind`: `_files`, a list of words, or nothing.
  private static func zshAction(_ kind: ValueKind, _ commands: [CommandDeclaration]) -> String {
    switch kind {
    case .file, .fileOrFolder: return "_files"
    case .oneOf, .suggested: return "(\(words(kind.words)))"
    case .command: return "(\(words(commands.map(\.name))))"
    case .none, .text, .integer: return " "
    }
  }

  /// Text for an `_arguments` description or message: `[`, `]` and `:` escaped.
  private static func zshEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "[" || character == "]" || character == ":" || character == "\\" { result += "\\" }
      result.append(character)
    }
    return result
  }

  /// Text to put between single quotes in a zsh script.
  private static func zshQuoted(_ text: String) -> String { text.replacingAll("'", with: "'\\''") }

  // MARK: fish

  /// A fish script of `complete` lines: the commands, then each command's options and
  /// arguments.
  static func fish(_ commands: [CommandDeclaration]) -> String {
    var text = """
      # fish completion for offscreen-sim, made by `offscreen-sim completions fish`.

      complete -c offscreen-sim -f
      complete -c offscreen-sim -n __fish_use_subcommand -s h -l help -d 'Show help'
      complete -c offscreen-sim -n __fish_use_subcommand -l version -d \(fishQuoted("Print the tool's version"))

      """
    for command in commands {
      text += "complete -c offscreen-sim -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(command.summary))\n"
    }
    for command in commands {
      let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
      text += "\n"
      for option in command.allOptions {
        var line = "complete -c offscreen-sim \(condition)"
        for name in option.names {
          line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
        }
        switch option.kind {
        case .none: break
        case .file, .fileOrFolder: line += " -r -F"
        case .oneOf, .suggested: line += " -x -a \(fishQuoted(words(option.kind.words)))"
        case .command: line += " -x -a \(fishQuoted(words(commands.map(\.name))))"
        case .text, .integer: line += " -x"
        }
        text += line + " -d \(fishQuoted(firstSentence(option.help)))\n"
      }
      if let argument = command.arguments.first {
        switch argument.kind {
        case .file, .fileOrFolder: text += "complete -c offscreen-sim \(condition) -F\n"
        case .oneOf, .suggested: text += "complete -c offscreen-sim \(condition) -a \(fishQuoted(words(argument.kind.words)))\n"
        case .command: text += "complete -c offscreen-sim \(condition) -a \(fishQuoted(words(commands.map(\.name))))\n"
        case .none, .text, .integer: break
        }
      }
    }
    return text
  }

  /// `text` in fish's single quotes: `\` and `'` escaped.
  private static func fishQuoted(_ text: String) -> String {
    "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
  }

  // MARK: Shared

  /// Words separated by spaces, those with characters a script would have to quote left out.
  static func words(_ list: [String]) -> String {
    list.filter { word in
      !word.isEmpty
        && word.unicodeScalars.allSatisfy { scalar in
          scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._".unicodeScalars.contains(scalar))
        }
    }.joined(separator: " ")
  }

  /// The help's first sentence, on one line: what a completion menu shows beside an option.
  static func firstSentence(_ help: String) -> String {
    let line = help.split(separator: "\n").first.map(String.init) ?? help
    var sentence = ""
    var previous: Character = " "
    for character in line {
      if previous == "." && character == " " { break }
      sentence.append(character)
      previous = character
    }
    return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
  }
}

extension String {
  /// The string with every `target` replaced by `replacement`.
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
