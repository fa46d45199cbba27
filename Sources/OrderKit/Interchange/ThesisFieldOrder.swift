/// One field of a record in the thesis's `||` format: its JSON key in the change feed and the
/// name the error messages show.
public struct InterchangeField: Sendable, Hashable {
    /// The key in the JSON change feed's `fields` object, e.g. `companyName`.
    public let key: String
    /// What a person reading an error message calls it, e.g. "company name".
    public let label: String
}

/// The order of the fields of each kind of record, in the sync lines, the `||` files and the
/// JSON change feed's keys. The parsers and the encoders all read this one table.
///
/// The thesis's own order is not available to us; this one follows the field lists of issue 8
/// (the Bologna thesis's Order Sender, as the issue describes it), in the order the issue names
/// them:
///
/// | kind (token)  | n  | fields, separated by `|`                                                   |
/// |---------------|----|-----------------------------------------------------------------------------|
/// | `fornitore`   | 8  | name\*, email\*, contact, phone, mobile, fax, city, address                 |
/// | `cliente`     | 14 | companyName\*, contact, vatNumber, taxCode, iban, phone, mobile, fax,       |
/// |               |    | email, address, city, province, postcode, notes                             |
/// | `prodotto`    | 5  | code\*, supplier\* (record id in sync; name in `||` files), description,    |
/// |               |    | price\* ("12.50" or "12,50"), minimumQuantity (≥ 1; empty means 1)          |
/// | `sconto`      | 6  | supplier\*, customer\* (record ids), product (record id; empty = the whole  |
/// |               |    | price list), level1\*, level2, level3 (percentages 0…100, ≤ 2 decimals,    |
/// |               |    | "10" or "2.5"; a later level only after the ones before it)                 |
///
/// \* required. Everything else may be empty; text is kept exactly as sent (the format has no
/// quoting, so spaces are data), numbers may have spaces around them.
public enum ThesisFieldOrder {
    public static let supplier: [InterchangeField] = [
        .init(key: "name", label: "name"),
        .init(key: "email", label: "e-mail"),
        .init(key: "contact", label: "contact"),
        .init(key: "phone", label: "phone"),
        .init(key: "mobile", label: "mobile"),
        .init(key: "fax", label: "fax"),
        .init(key: "city", label: "city"),
        .init(key: "address", label: "address"),
    ]

    public static let customer: [InterchangeField] = [
        .init(key: "companyName", label: "company name"),
        .init(key: "contact", label: "contact"),
        .init(key: "vatNumber", label: "VAT number"),
        .init(key: "taxCode", label: "tax code"),
        .init(key: "iban", label: "IBAN"),
        .init(key: "phone", label: "phone"),
        .init(key: "mobile", label: "mobile"),
        .init(key: "fax", label: "fax"),
        .init(key: "email", label: "e-mail"),
        .init(key: "address", label: "address"),
        .init(key: "city", label: "city"),
        .init(key: "province", label: "province"),
        .init(key: "postcode", label: "postcode"),
        .init(key: "notes", label: "notes"),
    ]

    public static let product: [InterchangeField] = [
        .init(key: "code", label: "code"),
        .init(key: "supplierRecordID", label: "supplier record id"),
        .init(key: "description", label: "description"),
        .init(key: "price", label: "price"),
        .init(key: "minimumQuantity", label: "minimum quantity"),
    ]

    public static let discount: [InterchangeField] = [
        .init(key: "supplierRecordID", label: "supplier record id"),
        .init(key: "customerRecordID", label: "customer record id"),
        .init(key: "productRecordID", label: "product record id"),
        .init(key: "level1", label: "level 1"),
        .init(key: "level2", label: "level 2"),
        .init(key: "level3", label: "level 3"),
    ]

    /// The fields of `kind`, in order.
    public static func fields(of kind: MasterDataKind) -> [InterchangeField] {
        switch kind {
        case .supplier: supplier
        case .customer: customer
        case .product: product
        case .discount: discount
        }
    }

    /// In the agent's `||` files a product names its supplier (agents have no supplier codes).
    static let productSupplierNameInFiles = InterchangeField(key: "supplierName", label: "supplier name")
}
