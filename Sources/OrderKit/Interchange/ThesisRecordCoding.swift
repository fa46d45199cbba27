import Amounts
import Foundation

/// Turns a record's fields, in the order of ``ThesisFieldOrder``, into a ``SyncRecord`` and
/// back. Sync lines, `||` files and the change feed all go through here, so a value is
/// validated by the same rules whichever way it arrives.
enum ThesisRecordCoding {
    /// The record of `kind` from exactly `ThesisFieldOrder.fields(of: kind).count` fields.
    /// References to other records are returned as the text found (record ids); a product's
    /// supplier is not among the thesis's fields and comes back nil. `origin` is stamped on
    /// suppliers, customers and products.
    static func record(_ kind: MasterDataKind, fields: [String], origin: RecordOrigin) throws(FieldProblem) -> SyncRecord {
        precondition(fields.count == ThesisFieldOrder.fields(of: kind).count, "callers check the field count first")
        let reader = FieldReader(fields: fields, names: ThesisFieldOrder.fields(of: kind))
        switch kind {
        case .supplier:
            let name = try reader.required(0)
            let email = try reader.required(5)
            guard isPlausibleEmail(email) else { throw reader.problem(5, .notAnEmailAddress) }
            return .supplier(Supplier(
                name: name, email: email, contact: reader[1], phone: reader[2], mobile: reader[3], fax: reader[4], city: reader[7],
                address: reader[6], origin: origin))
        case .customer:
            return .customer(Customer(
                companyName: try reader.required(0), contact: reader[1], vatNumber: reader[2], taxCode: reader[3], iban: reader[13],
                phone: reader[4], mobile: reader[5], fax: reader[6], email: reader[10], address: reader[8], city: reader[7],
                province: reader[12], postcode: reader[11], notes: reader[9], origin: origin))
        case .product:
            let code = try reader.required(0)
            let minimum: Int
            switch InterchangeNumbers.minimumQuantity(reader[2]) {
            case .success(let value): minimum = value
            case .failure(let reason): throw reader.problem(2, reason)
            }
            let priceText = try reader.required(3)
            guard let price = InterchangeNumbers.price(priceText) else { throw reader.problem(3, .notAPrice) }
            // The supplier's row id is the store's business; the reference travels beside it.
            let product = Product(code: code, supplierID: 0, description: reader[1], price: price, minimumQuantity: minimum, origin: origin)
            return .product(product, supplierRemoteID: nil)
        case .discount:
            let supplier = try reader.required(0)
            let customer = try reader.required(1)
            let product = reader[2].trimmingCharacters(in: .whitespaces).isEmpty ? nil : reader[2]
            _ = try reader.required(3)
            var levels: [Decimal] = []
            for position in 3...5 {
                let text = reader[position]
                if text.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                guard levels.count == position - 3 else { throw reader.problem(position, .levelAfterEmptyLevel) }
                switch InterchangeNumbers.level(text) {
                case .success(let level): levels.append(level)
                case .failure(let reason): throw reader.problem(position, reason)
                }
            }
            return .discount(levels: levels, supplierRemoteID: supplier, customerRemoteID: customer, productRemoteID: product)
        }
    }

    /// The fields of `record` in the thesis's order; `record(_:fields:origin:)` reads them back.
    static func fields(of record: SyncRecord) -> [String] {
        switch record {
        case .supplier(let s):
            [s.name, s.contact, s.phone, s.mobile, s.fax, s.email, s.address, s.city]
        case .customer(let c):
            [c.companyName, c.contact, c.vatNumber, c.taxCode, c.phone, c.mobile, c.fax, c.city, c.address, c.notes, c.email, c.postcode,
             c.province, c.iban]
        case .product(let p, _):
            [p.code, p.description, "\(p.minimumQuantity)", InterchangeNumbers.text(ofPrice: p.price)]
        case .discount(let levels, let supplier, let customer, let product):
            [supplier, customer, product ?? ""] + (0..<Discount.maximumLevels).map { index in
                index < levels.count ? InterchangeNumbers.text(ofLevel: levels[index]) : ""
            }
        }
    }

    /// The fields of `record` for writing, after checking that the reader will read them back
    /// as `record`: at most three discount levels, no `|` or line break in a value (unless
    /// `separatorsAllowed`, for JSON), and every value accepted by `record(_:fields:origin:)`.
    /// `name` names the record in the error, e.g. `cliente 17`.
    static func fieldsForWriting(_ record: SyncRecord, name: String, separatorsAllowed: Bool = false) throws(InterchangeEncodingError) -> [String] {
        let labels = ThesisFieldOrder.fields(of: record.kind)
        if case .discount(let levels, _, _, _) = record, levels.count > Discount.maximumLevels {
            let label = labels[labels.count - 1].label
            let extra = levels[Discount.maximumLevels...].map(InterchangeNumbers.text(ofLevel:)).joined(separator: "+")
            throw InterchangeEncodingError(record: name, field: label, problem: .invalid(
                FieldProblem(field: label, position: labels.count, value: extra, reason: .tooManyLevels)))
        }
        let fields = fields(of: record)
        if !separatorsAllowed {
            for (value, field) in zip(fields, labels) {
                if let problem = InterchangeEncodingError.Problem.of(value) {
                    throw InterchangeEncodingError(record: name, field: field.label, problem: problem)
                }
            }
        }
        do {
            _ = try Self.record(record.kind, fields: fields, origin: .local)
        } catch {
            throw InterchangeEncodingError(record: name, field: error.field, problem: .invalid(error))
        }
        return fields
    }

    /// "@" with text on both sides and no spaces: enough to refuse a phone number typed in the
    /// e-mail column, without pretending to validate RFC 5322.
    static func isPlausibleEmail(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@"), !text.contains(where: \.isWhitespace) else { return false }
        return at != text.startIndex && text.index(after: at) != text.endIndex
    }
}

/// Reads fields by position and names the field in any problem.
private struct FieldReader {
    let fields: [String]
    let names: [InterchangeField]

    subscript(position: Int) -> String { fields[position] }

    func required(_ position: Int) throws(FieldProblem) -> String {
        let value = fields[position]
        guard !value.allSatisfy(\.isWhitespace) else { throw problem(position, .required) }
        return value
    }

    func problem(_ position: Int, _ reason: FieldProblem.Reason) -> FieldProblem {
        FieldProblem(field: names[position].label, position: position + 1, value: fields[position], reason: reason)
    }
}
