/// Writes sync commands as the thesis's lines (the company's side of the protocol, §3.2.2); the
/// exact inverse of ``SyncLineParser``: for every command it accepts, parsing the lines gives
/// the command back.
///
/// It refuses what the reader could not read back: a value containing `|` or a line break (the
/// format has no escaping), a company code or record id that is empty, and values the parser
/// would refuse (an empty required field, a level above 100 …), each with the record and field.
public enum SyncLineEncoder {
    /// The lines of one command, without line breaks: the record's line, and for a product that
    /// names its supplier a `listino` line after it, and for one not at 22 % an `iva` line. A `del` line carries `deletedRecord`'s
    /// fields when given (as the thesis's example does), else none.
    public static func encode(_ command: SyncCommand, deletedRecord: SyncRecord? = nil) throws(InterchangeEncodingError) -> [String] {
        switch command {
        case .insert(let record, let company, let id), .update(let record, let company, let id):
            let operation: SyncOperation = if case .insert = command { .insert } else { .update }
            var lines = [try line(operation, record.kind, fields: try ThesisRecordCoding.fieldsForWriting(record, name: "\(record.kind.rawValue) \(id)"), company: company, remoteID: id)]
            if case .product(_, let supplier?) = record {
                try check(supplier, field: ThesisFieldOrder.productSupplierKey.label, record: "prodotto \(id)")
                lines.append(try line(operation, kind: ThesisFieldOrder.productSupplierKind, fields: [supplier], company: company, remoteID: id))
            }
            if case .product(let product, _) = record, product.vatRate != .standard {
                lines.append(try line(operation, kind: ThesisFieldOrder.productVATKind, fields: [product.vatRate.plainText], company: company, remoteID: id))
            }
            return lines
        case .delete(let kind, let company, let id):
            var fields: [String] = []
            if let deletedRecord, deletedRecord.kind == kind {
                fields = try ThesisRecordCoding.fieldsForWriting(deletedRecord, name: "\(kind.rawValue) \(id)")
            }
            return [try line(.delete, kind, fields: fields, company: company, remoteID: id)]
        case .deleteAll(let company):
            throw InterchangeEncodingError(record: "the subscription to \(company)", field: "", problem: .notALine)
        }
    }

    /// A whole response: the lines of every command, each ended by LF.
    public static func encode(_ commands: [SyncCommand]) throws(InterchangeEncodingError) -> String {
        var text = ""
        for command in commands {
            for line in try encode(command) {
                text += line
                text += "\n"
            }
        }
        return text
    }

    /// A `***` line reporting `message` to the agent; line breaks in it become spaces, so the
    /// message stays one line. The thesis's two messages are ``subscriptionEndedMessage`` and
    /// ``wrongPasswordMessage``.
    public static func serverErrorLine(_ message: String) -> String {
        "***" + String(message.map { $0.isNewline ? " " : $0 })
    }

    /// The thesis's `sync` error for an ended subscription or account, word for word.
    public static let subscriptionEndedMessage = "***La sottoscrizione non è più attiva oppure il tuo account non è più valido."
    /// The thesis's `sync` error for a wrong password, word for word (with its space).
    public static let wrongPasswordMessage = "*** Password errata"

    private static func line(
        _ operation: SyncOperation, _ kind: MasterDataKind, fields: [String], company: String, remoteID: String
    ) throws(InterchangeEncodingError) -> String {
        try line(operation, kind: kind.rawValue, fields: fields, company: company, remoteID: remoteID)
    }

    private static func line(
        _ operation: SyncOperation, kind: String, fields: [String], company: String, remoteID: String
    ) throws(InterchangeEncodingError) -> String {
        let name = "\(kind) \(remoteID)"
        try check(company, field: "codAzienda", record: name)
        try check(remoteID, field: "idAzienda", record: name)
        return ([operation.thesisToken, kind] + fields + [company, remoteID]).joined(separator: "||")
    }

    /// Company codes and record ids: not empty, and no `|` or line break, which would move the
    /// fields the parser finds.
    private static func check(_ value: String, field: String, record: String) throws(InterchangeEncodingError) {
        if let problem = InterchangeEncodingError.Problem.of(value) {
            throw InterchangeEncodingError(record: record, field: field, problem: problem)
        }
        if value.allSatisfy(\.isWhitespace) {
            throw InterchangeEncodingError(record: record, field: field, problem: .empty)
        }
    }
}
