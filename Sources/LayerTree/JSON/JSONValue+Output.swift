extension JSONOutput {
  /// The value as it was read, ready to write again: object members in their order, duplicates
  /// included, numbers by value (`1.0` is written `1`), strings unescaped and escaped again.
  public init(_ value: JSONValue) {
    switch value.kind {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .number(let number): self = .number(number)
    case .string(let text): self = .string(text)
    case .array(let items): self = .array(items.map(JSONOutput.init))
    case .object(let members): self = .object(members.map { ($0.key, JSONOutput($0.value)) })
    }
  }
}
