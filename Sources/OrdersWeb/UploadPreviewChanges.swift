import OrderCompany
import OrderKit

/// Which records an upload adds, changes and removes, by name, so the back office sees what
/// Apply does before it does it (issue 40: counts alone did not say that "Bar Centrale" would
/// go and a new "Bar Centrale S.n.c." come). A changed record says which fields change.
struct UploadPreviewChanges: Encodable {
    struct Item: Encodable {
        let label: String
        /// "city: Cesena → Forlì"; empty for new and removed records.
        let fields: [String]
        let hasFields: Bool

        init(label: String, fields: [String]) {
            (self.label, self.fields, hasFields) = (label, fields, !fields.isEmpty)
        }
    }

    let added, changed, removed: [Item]
    /// Lists are cut at `limit` each; the counts above them are whole.
    let isCut: Bool

    static let limit = 200

    init(_ preview: MasterDataUploadPreview, stored: [StoredCompanyRecord]) {
        let labels = CompanyRecordLabels(stored)
        let before = Dictionary(stored.map { ("\($0.kind.rawValue)/\($0.remoteID)", $0) }, uniquingKeysWith: { first, _ in first })
        added = preview.changes.inserts.prefix(Self.limit).map { Item(label: labels.label($0.record), fields: []) }
        changed = preview.changes.updates.prefix(Self.limit).map { update in
            let old = before["\(preview.kind.rawValue)/\(update.remoteID)"]?.record
            return Item(label: labels.label(old ?? update.record), fields: old.map { Self.differences($0, update.record) } ?? [])
        }
        removed = preview.changes.deletes.prefix(Self.limit).compactMap { delete in
            before["\(delete.kind.rawValue)/\(delete.remoteID)"].map { Item(label: labels.label($0.record), fields: []) }
        }
        isCut = [preview.changes.inserts.count, preview.changes.updates.count, preview.changes.deletes.count].contains { $0 > Self.limit }
    }

    /// "field: old → new" for each field the two records hold differently, by their JSON keys.
    static func differences(_ old: SyncRecord, _ new: SyncRecord) -> [String] {
        let oldFields = fields(old), newFields = fields(new)
        return Set(oldFields.keys).union(newFields.keys).sorted().compactMap { key in
            let was = oldFields[key] ?? "", now = newFields[key] ?? ""
            return was == now ? nil : "\(key): \(was.isEmpty ? "—" : was) → \(now.isEmpty ? "—" : now)"
        }
    }

    private static func fields(_ record: SyncRecord) -> [String: String] {
        switch record {
        case .supplier(let s):
            ["name": s.name, "e-mail": s.email, "contact": s.contact, "phone": s.phone, "mobile": s.mobile, "fax": s.fax, "city": s.city, "address": s.address]
        case .customer(let c):
            ["name": c.companyName, "contact": c.contact, "VAT number": c.vatNumber, "tax code": c.taxCode, "IBAN": c.iban, "phone": c.phone,
             "mobile": c.mobile, "fax": c.fax, "e-mail": c.email, "address": c.address, "city": c.city, "province": c.province,
             "postcode": c.postcode, "notes": c.notes]
        case .product(let p, let supplier):
            ["code": p.code, "description": p.description, "price": p.price.formattedItalian, "minimum": String(p.minimumQuantity),
             "VAT": p.vatRate.description, "supplier": supplier ?? ""]
        case .discount(let levels, let supplier, let customer, let product):
            ["levels": DiscountCascade.text(levels), "supplier": supplier, "customer": customer, "product": product ?? ""]
        }
    }
}
