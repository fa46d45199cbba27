import Amounts
import OrderKit

/// Who a customer is when its sheet has no Codice column (issue 40): its partita IVA, else its
/// codice fiscale, else its name. A change of legal form ("Bar Centrale" → "Bar Centrale
/// S.n.c.") keeps the partita IVA, so it updates the customer instead of deleting it (and its
/// discounts) and adding another. Suppliers, which carry no VAT number, stay matched on the name.
public enum CompanyIdentity {
    /// "IT 01234567890", "01234567890", "it01234567890" → "01234567890"; nil for an empty cell.
    /// Only spaces, dots and dashes are dropped, and an Italian "IT" prefix: any other text is
    /// kept (upper-cased) as the company wrote it, so two different numbers never fold together.
    public static func vatNumber(_ text: String) -> String? {
        var folded = String(text.uppercased().filter { !" .-".contains($0) })
        if folded.hasPrefix("IT"), folded.dropFirst(2).count == 11, folded.dropFirst(2).allSatisfy(\.isASCIIDigitCharacter) {
            folded = String(folded.dropFirst(2))
        }
        return folded.isEmpty ? nil : folded
    }

    /// A codice fiscale upper-cased without spaces; nil for an empty cell.
    public static func taxCode(_ text: String) -> String? {
        let folded = String(text.uppercased().filter { !$0.isWhitespace })
        return folded.isEmpty ? nil : folded
    }

    /// The keys a record without a sheet code is known by, strongest first: `vat:`, `cf:` and
    /// `name:` for a customer; the name for a supplier; the given key for the others.
    static func keys(of record: SyncRecord) -> [String] {
        switch record {
        case .customer(let customer):
            [vatNumber(customer.vatNumber).map { "vat:" + $0 }, taxCode(customer.taxCode).map { "cf:" + $0 },
             "name:" + SearchKey.fold(customer.companyName)].compactMap { $0 }
        case .supplier(let supplier): ["name:" + SearchKey.fold(supplier.name)]
        case .product, .discount: []
        }
    }

    /// A key made from the record (not from a sheet's Codice column).
    static func isNatural(_ key: String) -> Bool {
        ["vat:", "cf:", "name:", "code:", "discount:"].contains { key.hasPrefix($0) }
    }
}
