/// What one line of a sync response says: a command on a record, or Bottega's extra line
/// naming a product's supplier (``ThesisFieldOrder/productSupplierKind``).
public enum SyncLine: Sendable, Hashable {
    case command(SyncCommand)
    case productSupplier(productRemoteID: String, supplierRemoteID: String)
    /// Bottega's `iva` line: the product's VAT rate (``ThesisFieldOrder/productVATKind``).
    case productVAT(productRemoteID: String, rate: VATRate)
}

/// Reads one line of the thesis's sync response (§3.2.2, UC3) into a validated ``SyncLine``:
///
///     <comando>||<tipo>||<dati>...||<codAzienda>||<idAzienda>
///
/// `||` separates every field, in the order of ``ThesisFieldOrder``; an empty field is nothing
/// between two separators (`nomeF||||000111222`). No value can contain `|`, so splitting on `||`
/// is unambiguous; a `|` left over inside a field is refused. A `del` line may carry the
/// record's fields (the thesis's example does) or none; either way only the id is used.
public enum SyncLineParser {
    /// The line (without its line break), validated completely: operation, type, field count,
    /// required fields, numbers, the company being synced and a record id. `number` is the
    /// line's 1-based number in the response, for the error.
    public static func parse(_ line: String, number: Int, company: String) throws(SyncLineError) -> SyncLine {
        try parse(bytes: Array(line.utf8)[...], number: number, company: company)
    }

    static let bar = UInt8(ascii: "|")
    static let serverErrorPrefix: [UInt8] = Array("***".utf8)

    static func parse(bytes line: ArraySlice<UInt8>, number: Int, company: String) throws(SyncLineError) -> SyncLine {
        func fail(_ problem: SyncLineError.Problem) -> SyncLineError { SyncLineError(line: number, problem: problem) }
        if line.starts(with: serverErrorPrefix) {
            throw fail(.serverError(text(line.dropFirst(serverErrorPrefix.count)).trimmingCharacters(in: .whitespaces)))
        }
        let sections = split(line)
        guard sections.count >= 4 else { throw fail(.missingSections) }
        let operationToken = text(sections[0])
        let kindToken = text(sections[1])
        let lineCompany = text(sections[sections.count - 2])
        let recordID = text(sections[sections.count - 1])
        let fields = sections[2..<(sections.count - 2)]
        guard let operation = SyncOperation(thesisToken: operationToken) else { throw fail(.unknownOperation(operationToken)) }
        if let position = fields.firstIndex(where: { $0.contains(bar) }) {
            throw fail(.separatorInField(position: position - 1, value: text(fields[position])))
        }
        if kindToken == ThesisFieldOrder.productSupplierKind {
            guard fields.count == 1 else { throw fail(.wrongProductSupplierFieldCount(found: fields.count)) }
            guard lineCompany == company else { throw fail(.wrongCompany(found: lineCompany, expected: company)) }
            let supplier = text(fields[fields.startIndex])
            guard !recordID.allSatisfy(\.isWhitespace), !supplier.allSatisfy(\.isWhitespace) else { throw fail(.emptyRecordID) }
            return .productSupplier(productRemoteID: recordID, supplierRemoteID: supplier)
        }
        if kindToken == ThesisFieldOrder.productVATKind {
            guard fields.count == 1 else { throw fail(.wrongProductSupplierFieldCount(found: fields.count)) }
            guard lineCompany == company else { throw fail(.wrongCompany(found: lineCompany, expected: company)) }
            guard !recordID.allSatisfy(\.isWhitespace) else { throw fail(.emptyRecordID) }
            let value = text(fields[fields.startIndex])
            guard let rate = VATRate(value) else {
                throw fail(.invalidField(kind: .product, FieldProblem(field: ThesisFieldOrder.productVATKey.label, position: 0, value: value, reason: .notAPercentage)))
            }
            return .productVAT(productRemoteID: recordID, rate: rate)
        }
        guard let kind = MasterDataKind(rawValue: kindToken) else { throw fail(.unknownKind(kindToken)) }
        let expected = ThesisFieldOrder.fields(of: kind).count
        let countIsRight = fields.count == expected || (operation == .delete && fields.isEmpty)
        guard countIsRight else { throw fail(.wrongFieldCount(kind: kind, expected: expected, found: fields.count)) }
        guard lineCompany == company else { throw fail(.wrongCompany(found: lineCompany, expected: company)) }
        guard !recordID.allSatisfy(\.isWhitespace) else { throw fail(.emptyRecordID) }

        if operation == .delete { return .command(.delete(kind, company: company, remoteID: recordID)) }
        let record: SyncRecord
        do {
            record = try ThesisRecordCoding.record(kind, fields: fields.map(text), origin: .synced(company: company, remoteID: recordID))
        } catch {
            throw fail(.invalidField(kind: kind, error))
        }
        return .command(operation == .insert
            ? .insert(record, company: company, remoteID: recordID)
            : .update(record, company: company, remoteID: recordID))
    }

    /// The line cut at every `||`, left to right.
    static func split(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var sections: [ArraySlice<UInt8>] = []
        sections.reserveCapacity(20)
        var start = line.startIndex
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == bar, index + 1 < line.endIndex, line[index + 1] == bar {
                sections.append(line[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        sections.append(line[start..<line.endIndex])
        return sections
    }

    /// The text of UTF-8 bytes cut at ASCII `|` or line breaks, which never split a character.
    static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
