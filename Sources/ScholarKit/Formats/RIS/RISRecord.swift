/// One record between `TY` and `ER`: its tagged values in file order.
struct RISRecord {
    /// 1-based line of the `TY` line.
    let line: Int
    /// The `TY` value as given ("JOUR"), `nil` when empty.
    let type: String?
    private var fields: [(tag: RISTag, value: String)] = []

    init(line: Int, type: String) {
        self.line = line
        self.type = type.isEmpty ? nil : type
    }

    mutating func append(tag: RISTag, value: String) {
        fields.append((tag, value))
    }

    /// Joins a wrapped line to the last value with a space, as the line break stood for one.
    mutating func continueLastValue(with text: String) {
        guard let last = fields.indices.last else { return }
        // Appended in place: building a new string per line made a value wrapped over n lines cost O(n²).
        if !fields[last].value.isEmpty { fields[last].value.append(" ") }
        fields[last].value.append(text)
    }

    /// The non-empty values of any of `tags`, in file order (so AU and A1 interleave as written).
    func values(of tags: [RISTag]) -> [String] {
        fields.filter { tags.contains($0.tag) && !$0.value.isEmpty }.map(\.value)
    }

    /// The first non-empty value of the first of `tags` that has one: `tags` are in order of preference.
    func first(of tags: [RISTag]) -> String? {
        for tag in tags {
            if let value = fields.first(where: { $0.tag == tag && !$0.value.isEmpty })?.value { return value }
        }
        return nil
    }
}
