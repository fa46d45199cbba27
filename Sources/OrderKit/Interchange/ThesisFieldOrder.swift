/// One field of a record in the thesis's `||` format: its JSON key in the change feed and the
/// name the error messages show.
public struct InterchangeField: Sendable, Hashable {
    /// The key in the JSON change feed's `fields` object, e.g. `companyName`.
    public let key: String
    /// What a person reading an error message calls it, e.g. "company name".
    public let label: String
}

/// The order of the fields of each kind of record in the sync lines, the `||` files and the JSON
/// change feed's keys: the Bologna thesis's own (§3.2.2, UC3, and its four-line example). The
/// parsers and the encoders all read this one table.
///
/// | tipo        | n  | fields, each followed by `||`                                              |
/// |-------------|----|------------------------------------------------------------------------------|
/// | `fornitore` | 8  | nome\*, responsabile, telefono, cellulare, fax, e-mail\*, indirizzo, città   |
/// | `cliente`   | 14 | ragione sociale\*, responsabile, partita IVA, codice fiscale, telefono,      |
/// |             |    | cellulare, fax, città, indirizzo, note, e-mail, CAP, provincia, IBAN         |
/// | `prodotto`  | 4  | codice\*, descrizione, quantità minima (empty: 1), prezzo\* (up to 6 decimals,|
/// |             |    | "1.234,50", "1,234.50", "0,0325")                                            |
/// | `sconto`    | 6  | idAzienda of the fornitore\*, of the cliente\*, of the prodotto (empty: the  |
/// |             |    | whole price list), sconto1\*, sconto2, sconto3 (percentages 0…100)           |
///
/// \* required. Text is kept exactly as sent (the format has no quoting, so spaces are data).
/// The thesis's product line has no supplier; Bottega sends it on a line of its own
/// (``productSupplierKind``), which the thesis's parser skips as an unknown type.
public enum ThesisFieldOrder {
    public static let supplier: [InterchangeField] = [
        .init(key: "name", label: "nome"),
        .init(key: "contact", label: "responsabile"),
        .init(key: "phone", label: "telefono"),
        .init(key: "mobile", label: "cellulare"),
        .init(key: "fax", label: "fax"),
        .init(key: "email", label: "e-mail"),
        .init(key: "address", label: "indirizzo"),
        .init(key: "city", label: "città"),
    ]

    public static let customer: [InterchangeField] = [
        .init(key: "companyName", label: "ragione sociale"),
        .init(key: "contact", label: "responsabile"),
        .init(key: "vatNumber", label: "partita IVA"),
        .init(key: "taxCode", label: "codice fiscale"),
        .init(key: "phone", label: "telefono"),
        .init(key: "mobile", label: "cellulare"),
        .init(key: "fax", label: "fax"),
        .init(key: "city", label: "città"),
        .init(key: "address", label: "indirizzo"),
        .init(key: "notes", label: "note"),
        .init(key: "email", label: "e-mail"),
        .init(key: "postcode", label: "CAP"),
        .init(key: "province", label: "provincia"),
        .init(key: "iban", label: "IBAN"),
    ]

    public static let product: [InterchangeField] = [
        .init(key: "code", label: "codice"),
        .init(key: "description", label: "descrizione"),
        .init(key: "minimumQuantity", label: "quantità minima"),
        .init(key: "price", label: "prezzo"),
    ]

    public static let discount: [InterchangeField] = [
        .init(key: "supplierRecordID", label: "idAzienda del fornitore"),
        .init(key: "customerRecordID", label: "idAzienda del cliente"),
        .init(key: "productRecordID", label: "idAzienda del prodotto"),
        .init(key: "level1", label: "sconto1"),
        .init(key: "level2", label: "sconto2"),
        .init(key: "level3", label: "sconto3"),
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

    /// Bottega's line for the field the thesis's product lacks, its supplier:
    /// `ins||listino||<idAzienda of the fornitore>||<codAzienda>||<idAzienda of the prodotto>`.
    /// A parser that knows only the thesis's four types skips it; see `docs/orders-protocol.md`.
    public static let productSupplierKind = "listino"

    /// Bottega's line for a product's VAT rate when it is not the standard 22 % (issue 40):
    /// `ins||iva||<rate, e.g. 4 or 5.5>||<codAzienda>||<idAzienda of the prodotto>`, skipped by
    /// a thesis parser as `listino` is.
    public static let productVATKind = "iva"

    /// The product's VAT rate in the JSON change feed ("4", "5.5"); absent: 22 %.
    public static let productVATKey = InterchangeField(key: "vatRate", label: "aliquota IVA")

    /// The product's supplier in the JSON change feed: a key the thesis's fields do not have,
    /// which an older reader ignores.
    public static let productSupplierKey = InterchangeField(key: "supplierRecordID", label: "idAzienda del fornitore")
}
