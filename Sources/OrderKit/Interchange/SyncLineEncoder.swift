/// Writes sync commands as the thesis's lines (the company's side of the protocol); the exact
/// inverse of ``SyncLineParser``: for every command it accepts, parsing the line gives the
/// command back.
///
/// It refuses what the reader could not read back: a value containing `|` or a line break (the
/// format has no escaping), a company code or record id that is empty, and values the parser
/// would refuse (an empty required field, a level above 100 …), each with the record and field.
public enum SyncLineEncoder {
    /// One line, without a line break. Records are written with ``ThesisFieldOrder``; a `del`
    /// line has an empty fields section.
    public static func encode(_ command: SyncCommand) throws(InterchangeEncodingError) -> String {
        let operation: SyncOperation
        let kind: MasterDataKind
        let company: String
        let remoteID: String
        var fields: [String] = []
        switch command {
        case .insert(let record, let c, let id), .update(let record, let c, let id):
            if case .insert = command { operation = .insert } else { operation = .update }
            (kind, company, remoteID) = (record.kind, c, id)
            fields = try ThesisRecordCoding.fieldsForWriting(record, name: "\(record.kind.rawValue) \(id)")
        case .delete(let k, let c, let id):
            (operation, kind, company, remoteID) = (.delete, k, c, id)
        case .deleteAll(let c):
            throw InterchangeEncodingError(record: "the subscription to \(c)", field: "", problem: .notALine)
        }
        let name = "\(kind.rawValue) \(remoteID)"
        try check(company, field: "company code", record: name)
        try check(remoteID, field: "record id", record: name)
        return [operation.thesisToken, kind.rawValue, fields.joined(separator: "|"), company, remoteID].joined(separator: "||")
    }

    /// A whole response: one line per command, each ended by LF.
    public static func encode(_ commands: [SyncCommand]) throws(InterchangeEncodingError) -> String {
        var text = ""
        for command in commands {
            text += try encode(command)
            text += "\n"
        }
        return text
    }

    /// A `***` line reporting `message` to the agent; line breaks in it become spaces, so the
    /// message stays one line.
    public static func serverErrorLine(_ message: String) -> String {
        "***" + String(message.map { $0.isNewline ? " " : $0 })
    }

    /// Company codes and record ids: not empty, and no `|` or line break, which would move the
    /// sections the parser finds from the line's end.
    private static func check(_ value: String, field: String, record: String) throws(InterchangeEncodingError) {
        if let problem = InterchangeEncodingError.Problem.of(value) {
            throw InterchangeEncodingError(record: record, field: field, problem: problem)
        }
        if value.allSatisfy(\.isWhitespace) {
            throw InterchangeEncodingError(record: record, field: field, problem: .empty)
        }
    }
}
