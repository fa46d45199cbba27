/// One page of the modern JSON change feed, the replacement for the thesis's `lastSync`:
///
///     {"cursor": "c-81f2", "hasMore": false, "changes": [
///       {"operation": "insert", "kind": "cliente", "remoteID": "17",
///        "fields": {"companyName": "Caffè Società Cooperativa", "city": "Forlì"}}]}
///
/// The server issues the cursor and the agent only stores it and sends it back, so no change
/// is lost when the tablet's clock and the server's disagree (the thesis's `lastSync` is the
/// device's clock). The cursor is opaque: the agent never reads, compares or builds one.
public struct ChangeFeedPage: Codable, Sendable, Hashable {
    /// Where the next request continues; store it only after this page was applied.
    public var cursor: String
    /// In the order the server made them; apply in this order.
    public var changes: [ChangeFeedEntry]
    /// Another page follows: ask again with `cursor`.
    public var hasMore: Bool

    public init(cursor: String, changes: [ChangeFeedEntry], hasMore: Bool) {
        self.cursor = cursor
        self.changes = changes
        self.hasMore = hasMore
    }

    /// The page's commands, validated like sync lines, or every bad entry (nothing applied).
    public func commands(company: String) -> Result<[SyncCommand], ChangeFeedRejection> {
        var commands: [SyncCommand] = []
        var errors: [ChangeFeedEntryError] = []
        for (index, entry) in changes.enumerated() {
            do {
                commands.append(try entry.command(company: company, index: index))
            } catch {
                errors.append(error)
            }
        }
        return errors.isEmpty ? .success(commands) : .failure(ChangeFeedRejection(errors: errors))
    }
}

/// One change of the JSON feed. `fields` is keyed by ``InterchangeField/key`` (see
/// ``ThesisFieldOrder``; a product's supplier is ``ThesisFieldOrder/productSupplierKey``); a missing key is an empty field, an unknown key is ignored (a newer
/// server may send more), values are strings ("12.50", "2.5") so no number passes through a
/// binary float. A delete needs no fields.
public struct ChangeFeedEntry: Codable, Sendable, Hashable {
    public var operation: SyncOperation
    public var kind: MasterDataKind
    public var remoteID: String
    public var fields: [String: String]

    public init(operation: SyncOperation, kind: MasterDataKind, remoteID: String, fields: [String: String] = [:]) {
        self.operation = operation
        self.kind = kind
        self.remoteID = remoteID
        self.fields = fields
    }

    /// The entry the server sends for `command`, refusing a record the agent would refuse (as
    /// ``SyncLineEncoder`` does; `|` is fine in JSON) and `deleteAll`, which the feed answers
    /// with the subscription's status, not an entry.
    public init(_ command: SyncCommand) throws(InterchangeEncodingError) {
        switch command {
        case .insert(let record, _, let remoteID), .update(let record, _, let remoteID):
            let operation: SyncOperation = if case .insert = command { .insert } else { .update }
            let keys = ThesisFieldOrder.fields(of: record.kind).map(\.key)
            let values = try ThesisRecordCoding.fieldsForWriting(record, name: "\(record.kind.rawValue) \(remoteID)", separatorsAllowed: true)
            var fields = Dictionary(uniqueKeysWithValues: zip(keys, values).filter { !$0.1.isEmpty })
            if case .product(_, let supplier?) = record { fields[ThesisFieldOrder.productSupplierKey.key] = supplier }
            if case .product(let product, _) = record, product.vatRate != .standard { fields[ThesisFieldOrder.productVATKey.key] = product.vatRate.plainText }
            self.init(operation: operation, kind: record.kind, remoteID: remoteID, fields: fields)
        case .delete(let kind, _, let remoteID):
            self.init(operation: .delete, kind: kind, remoteID: remoteID)
        case .deleteAll(let company):
            throw InterchangeEncodingError(record: "the subscription to \(company)", field: "", problem: .notALine)
        }
    }

    /// The command for the company being synced, validated like a sync line. `index` is the
    /// entry's 0-based place in its page, for the error.
    public func command(company: String, index: Int = 0) throws(ChangeFeedEntryError) -> SyncCommand {
        guard !remoteID.allSatisfy(\.isWhitespace) else {
            throw ChangeFeedEntryError(index: index, remoteID: remoteID, problem: .emptyRecordID)
        }
        if operation == .delete { return .delete(kind, company: company, remoteID: remoteID) }
        let values = ThesisFieldOrder.fields(of: kind).map { fields[$0.key] ?? "" }
        var record: SyncRecord
        do {
            record = try ThesisRecordCoding.record(kind, fields: values, origin: .synced(company: company, remoteID: remoteID))
        } catch {
            throw ChangeFeedEntryError(index: index, remoteID: remoteID, problem: .invalidField(kind: kind, error))
        }
        if case .product(let product, _) = record, let supplier = fields[ThesisFieldOrder.productSupplierKey.key],
           !supplier.allSatisfy(\.isWhitespace) {
            record = .product(product, supplierRemoteID: supplier)
        }
        if case .product(var product, let supplier) = record, let text = fields[ThesisFieldOrder.productVATKey.key], !text.allSatisfy(\.isWhitespace) {
            guard let rate = VATRate(text) else {
                throw ChangeFeedEntryError(index: index, remoteID: remoteID, problem: .invalidField(kind: .product, FieldProblem(
                    field: ThesisFieldOrder.productVATKey.label, position: 0, value: text, reason: .notAPercentage)))
            }
            product.vatRate = rate
            record = .product(product, supplierRemoteID: supplier)
        }
        return operation == .insert
            ? .insert(record, company: company, remoteID: remoteID)
            : .update(record, company: company, remoteID: remoteID)
    }

    private enum CodingKeys: String, CodingKey {
        case operation, kind, remoteID, fields
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        operation = try container.decode(SyncOperation.self, forKey: .operation)
        kind = try container.decode(MasterDataKind.self, forKey: .kind)
        remoteID = try container.decode(String.self, forKey: .remoteID)
        fields = try container.decodeIfPresent([String: String].self, forKey: .fields) ?? [:]
    }
}
