/// Reads one line of the thesis's sync response into a validated ``SyncCommand``:
///
///     ins|upd|del||fornitore|cliente|prodotto|sconto||<fields>||<company code>||<record id>
///
/// Sections are separated by `||` and fields by `|` (order: ``ThesisFieldOrder``).
///
/// Splitting the line on `||` would be wrong: an empty field makes `||` inside the fields
/// (`Rossi|ordini@rossi.it||051…` has an empty contact), and an empty first or last field
/// makes `|||` at a section boundary. Since the operation, the kind, the company code and the
/// record id never contain `|`, the line is read from both ends instead: the first two
/// sections up to the first `||` and the next one, the last two from the last `|` backwards,
/// and the fields are everything in between. That reading is unambiguous for any field values
/// without `|`, which is why ``SyncLineEncoder`` refuses values containing one.
///
/// A `del` line needs only the kind and the record id: its fields section may be empty or a
/// complete record of the kind (counted, not read).
public enum SyncLineParser {
    /// The command on `line` (without its line break), validated completely: operation, kind,
    /// field count, required fields, numbers, the company being synced and a record id.
    /// `number` is the line's 1-based number in the response, for the error.
    public static func parse(_ line: String, number: Int, company: String) throws(SyncLineError) -> SyncCommand {
        try parse(bytes: Array(line.utf8)[...], number: number, company: company)
    }

    static let bar = UInt8(ascii: "|")
    static let serverErrorPrefix: [UInt8] = Array("***".utf8)

    static func parse(bytes line: ArraySlice<UInt8>, number: Int, company: String) throws(SyncLineError) -> SyncCommand {
        func fail(_ problem: SyncLineError.Problem) -> SyncLineError { SyncLineError(line: number, problem: problem) }
        if line.starts(with: serverErrorPrefix) {
            throw fail(.serverError(text(line.dropFirst(serverErrorPrefix.count)).trimmingCharacters(in: .whitespaces)))
        }
        // From the left: operation|| and kind||, neither containing `|`.
        guard let operationEnd = line.firstIndex(of: bar), line.index(after: operationEnd) < line.endIndex,
              line[line.index(after: operationEnd)] == bar else { throw fail(.missingSections) }
        let operationToken = text(line[..<operationEnd])
        let kindStart = operationEnd + 2
        guard let kindEnd = line[kindStart...].firstIndex(of: bar), kindEnd + 1 < line.endIndex, line[kindEnd + 1] == bar else {
            throw fail(.missingSections)
        }
        let kindToken = text(line[kindStart..<kindEnd])
        let fieldsStart = kindEnd + 2
        // From the right: ||company||id, neither containing `|`.
        guard let idBar = line[fieldsStart...].lastIndex(of: bar), idBar - 1 >= fieldsStart, line[idBar - 1] == bar,
              let companyBar = line[fieldsStart..<(idBar - 1)].lastIndex(of: bar), companyBar - 1 >= fieldsStart,
              line[companyBar - 1] == bar else { throw fail(.missingSections) }
        let recordID = text(line[(idBar + 1)...])
        let lineCompany = text(line[(companyBar + 1)..<(idBar - 1)])
        let fieldBytes = line[fieldsStart..<(companyBar - 1)]

        guard let operation = SyncOperation(thesisToken: operationToken) else { throw fail(.unknownOperation(operationToken)) }
        guard let kind = MasterDataKind(rawValue: kindToken) else { throw fail(.unknownKind(kindToken)) }
        let expected = ThesisFieldOrder.fields(of: kind).count
        let fields = fieldBytes.isEmpty ? [] : fieldBytes.split(separator: bar, omittingEmptySubsequences: false).map(text)
        let countIsRight = fields.count == expected || (operation == .delete && fields.isEmpty)
        guard countIsRight else { throw fail(.wrongFieldCount(kind: kind, expected: expected, found: fields.count)) }
        guard lineCompany == company else { throw fail(.wrongCompany(found: lineCompany, expected: company)) }
        guard !recordID.allSatisfy(\.isWhitespace) else { throw fail(.emptyRecordID) }

        if operation == .delete { return .delete(kind, company: company, remoteID: recordID) }
        let record: SyncRecord
        do {
            record = try ThesisRecordCoding.record(kind, fields: fields, origin: .synced(company: company, remoteID: recordID))
        } catch {
            throw fail(.invalidField(kind: kind, error))
        }
        return operation == .insert
            ? .insert(record, company: company, remoteID: recordID)
            : .update(record, company: company, remoteID: recordID)
    }

    /// The text of UTF-8 bytes cut at ASCII `|` or line breaks, which never split a character.
    static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
