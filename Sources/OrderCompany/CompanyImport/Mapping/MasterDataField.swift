import OrderKit
import Foundation

/// A column the company's master-data sheets may have, with the headings it is recognised by.
///
/// Headings are compared after `MasterDataField.normalisedHeading(_:)`: case, accents,
/// punctuation and spacing do not matter, so "Quantità minima", "QUANTITA' MINIMA" and
/// "quantita_minima" are one heading, and "P.IVA" is "p iva".
public enum MasterDataField: String, Sendable, Hashable, CaseIterable {
    /// The record's id for the sync: an "id" or "codice" column (products: "id" only, their
    /// "codice" is the product code, which is then the id).
    case recordID
    case companyName, name, contact, vatNumber, taxCode, iban, phone, mobile, fax, email, address, city, province, postcode, notes
    case code, supplier, customer, product, description, price, minimumQuantity, vatRate, level1, level2, level3

    /// The most characters (Unicode scalars) a cell of this column may hold (issue 36: a 10 MB
    /// customer name was accepted, then sent to every agent at each sync). Names, addresses and
    /// codes are a few dozen characters in the company's real sheets; a product's description
    /// and a customer's notes run longer.
    public var maximumLength: Int {
        switch self {
        case .notes, .description: 2_000
        default: 300
        }
    }

    /// The heading to show in messages: Italian first, as the company's sheets are.
    public var displayName: String {
        switch self {
        case .recordID: "Codice / ID"
        case .companyName: "Ragione sociale (company name)"
        case .name: "Nome (name)"
        case .contact: "Responsabile (contact)"
        case .vatNumber: "Partita IVA (VAT number)"
        case .taxCode: "Codice fiscale (tax code)"
        case .iban: "IBAN"
        case .phone: "Telefono (phone)"
        case .mobile: "Cellulare (mobile)"
        case .fax: "Fax"
        case .email: "E-mail"
        case .address: "Indirizzo (address)"
        case .city: "Città (city)"
        case .province: "Provincia (province)"
        case .postcode: "CAP (postcode)"
        case .notes: "Note (notes)"
        case .code: "Codice (code)"
        case .supplier: "Fornitore (supplier)"
        case .customer: "Cliente (customer)"
        case .product: "Prodotto (product)"
        case .description: "Descrizione (description)"
        case .price: "Prezzo (price)"
        case .minimumQuantity: "Quantità minima (minimum quantity)"
        case .vatRate: "Aliquota IVA (VAT rate)"
        case .level1: "Sconto 1 (level 1)"
        case .level2: "Sconto 2 (level 2)"
        case .level3: "Sconto 3 (level 3)"
        }
    }

    /// Lower case, accents removed (NFD, marks dropped), every run of other characters one
    /// space, and a space between letters and digits ("Sconto1" → "sconto 1").
    public static func normalisedHeading(_ heading: String) -> String {
        let folded = heading.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var result = ""
        var previous: Character?
        for character in folded {
            let isWord = character.isLetter || character.isNumber
            if isWord {
                if let previous, previous != " ", previous.isLetter != character.isLetter { result.append(" ") }
                result.append(character)
                previous = character
            } else if previous != nil && previous != " " {
                result.append(" ")
                previous = " "
            }
        }
        return result.hasSuffix(" ") ? String(result.dropLast()) : result
    }
}

/// Which columns a kind of master data has: required ones first, then the optional ones.
struct MasterDataColumns {
    struct Column {
        let field: MasterDataField
        let isRequired: Bool
        /// Normalised headings.
        let headings: [String]
    }

    let columns: [Column]

    init(_ kind: MasterDataKind) {
        switch kind {
        case .customer:
            columns = [
                Column(field: .companyName, isRequired: true, headings: ["ragione sociale", "company name", "company", "denominazione", "cliente", "customer", "nome", "name"]),
                Column(field: .recordID, isRequired: false, headings: Self.recordID + ["codice cliente", "customer code", "customer id"]),
                Column(field: .contact, isRequired: false, headings: Self.contact),
                Column(field: .vatNumber, isRequired: false, headings: ["partita iva", "p iva", "piva", "vat number", "vat", "vat no", "vat id"]),
                Column(field: .taxCode, isRequired: false, headings: ["codice fiscale", "cod fiscale", "c f", "cf", "tax code", "fiscal code"]),
                Column(field: .iban, isRequired: false, headings: ["iban"]),
                Column(field: .phone, isRequired: false, headings: Self.phone),
                Column(field: .mobile, isRequired: false, headings: Self.mobile),
                Column(field: .fax, isRequired: false, headings: ["fax"]),
                Column(field: .email, isRequired: false, headings: Self.email),
                Column(field: .address, isRequired: false, headings: Self.address),
                Column(field: .city, isRequired: false, headings: Self.city),
                Column(field: .province, isRequired: false, headings: ["provincia", "prov", "province"]),
                Column(field: .postcode, isRequired: false, headings: ["cap", "codice postale", "c a p", "postcode", "postal code", "post code", "zip", "zip code"]),
                Column(field: .notes, isRequired: false, headings: ["note", "notes", "annotazioni"]),
            ]
        case .supplier:
            columns = [
                Column(field: .name, isRequired: true, headings: ["ragione sociale", "nome", "name", "fornitore", "supplier", "company name", "company", "denominazione"]),
                Column(field: .email, isRequired: true, headings: Self.email),
                Column(field: .recordID, isRequired: false, headings: Self.recordID + ["codice fornitore", "supplier code", "supplier id"]),
                Column(field: .contact, isRequired: false, headings: Self.contact),
                Column(field: .phone, isRequired: false, headings: Self.phone),
                Column(field: .mobile, isRequired: false, headings: Self.mobile),
                Column(field: .fax, isRequired: false, headings: ["fax"]),
                Column(field: .city, isRequired: false, headings: Self.city),
                Column(field: .address, isRequired: false, headings: Self.address),
            ]
        case .product:
            columns = [
                Column(field: .code, isRequired: true, headings: ["codice", "code", "codice prodotto", "codice articolo", "cod articolo", "articolo", "product code", "item code", "sku"]),
                Column(field: .supplier, isRequired: true, headings: Self.supplierReference),
                Column(field: .recordID, isRequired: false, headings: ["id", "record id"]),
                Column(field: .description, isRequired: false, headings: [
                    "descrizione", "description", "descrizione articolo", "descrizione prodotto", "nome", "name", "prodotto", "product",
                ]),
                // VAT excluded: an agent's order is priced without VAT; "prezzo ivato" is not a price here.
                Column(field: .price, isRequired: false, headings: [
                    "prezzo", "price", "prezzo unitario", "unit price", "prezzo listino", "prezzo di listino", "listino", "list price",
                    "prezzo iva esclusa", "prezzo iva escl", "prezzo netto", "prezzo senza iva", "prezzo imponibile", "net price",
                ]),
                Column(field: .minimumQuantity, isRequired: false, headings: [
                    "quantita minima", "qta minima", "q ta minima", "qta min", "q ta min", "quantita min", "minimo", "minimum quantity",
                    "min quantity", "min qty", "minimum order quantity", "moq",
                ]),
                // Issue 40: an order prints VAT by rate; a product without one is at 22 %.
                Column(field: .vatRate, isRequired: false, headings: ["aliquota iva", "aliquota", "iva", "vat rate", "vat", "tax rate"]),
            ]
        case .discount:
            columns = [
                Column(field: .supplier, isRequired: true, headings: Self.supplierReference),
                Column(field: .customer, isRequired: true, headings: ["cliente", "customer", "codice cliente", "customer code", "customer id", "id cliente"]),
                Column(field: .level1, isRequired: true, headings: Self.level(1) + ["sconto", "discount"]),
                Column(field: .recordID, isRequired: false, headings: ["id", "record id"]),
                Column(field: .product, isRequired: false, headings: [
                    "prodotto", "product", "codice prodotto", "codice articolo", "articolo", "product code", "product id", "id prodotto",
                ]),
                Column(field: .level2, isRequired: false, headings: Self.level(2)),
                Column(field: .level3, isRequired: false, headings: Self.level(3)),
            ]
        }
    }

    private static let recordID = ["id", "codice", "code", "record id"]
    private static let contact = ["responsabile", "referente", "contatto", "persona di riferimento", "contact", "contact person"]
    private static let phone = ["telefono", "tel", "phone", "telephone"]
    private static let mobile = ["cellulare", "cell", "mobile", "mobile phone"]
    private static let email = ["e mail", "email", "mail", "posta elettronica", "indirizzo e mail", "indirizzo email", "email address"]
    private static let address = ["indirizzo", "via", "address", "street"]
    private static let city = ["citta", "comune", "localita", "city", "town"]
    private static let supplierReference = ["fornitore", "supplier", "codice fornitore", "supplier code", "supplier id", "id fornitore"]

    private static func level(_ number: Int) -> [String] {
        ["sconto \(number)", "level \(number)", "livello \(number)", "discount \(number)", "discount level \(number)", "sc \(number)"]
    }
}
