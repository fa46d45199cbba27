import Amounts
import Foundation
import OrderCompany
import OrderKit
import TestSupport


/// Random records the format can carry: Italian text with accents (precomposed and combining),
/// apostrophes, €, emoji and spaces at either end; many empty optional fields, which put `||`
/// and `|||` into the lines; exact prices and levels.
struct RecordGenerator {
    var random: SeededGenerator

    static let pieces = [
        "Caffè", "Società", "Cooperativa", "Forlì", "Città di Castello", "Dell'Acqua", "perché", "€", "Perugia", "Bologna",
        "S.r.l.", "via Ugo Bassi, 7", "tel. 051/234567", "Cantù", "Niccolò", "Ü", "👍", "e\u{301}", "&", "\"quoted\"", ";", "\\", "#",
        "ÀÈÌÒÙ", "qualità", "più", "1°", "n. 3", "  ",
    ]

    mutating func text(allowEmpty: Bool = true) -> String {
        if allowEmpty, Int.random(in: 0..<3, using: &random) == 0 { return "" }
        let count = Int.random(in: 1...4, using: &random)
        var words: [String] = []
        for _ in 0..<count { words.append(Self.pieces.randomElement(using: &random) ?? "") }
        let joined = words.joined(separator: " ")
        return joined.allSatisfy(\.isWhitespace) ? "Caffè" : joined
    }

    mutating func identifier() -> String {
        ["F", "C", "P", "S", "è"].randomElement(using: &random)! + "-" + String(Int.random(in: 1...99_999, using: &random))
    }

    mutating func email() -> String {
        ["ordini", "anna.rossi", "info", "niccolò"].randomElement(using: &random)! + "@" + ["caffe-rossi.it", "forlì.example", "pec.it"]
            .randomElement(using: &random)!
    }

    mutating func record(_ kind: MasterDataKind, origin: RecordOrigin) -> SyncRecord {
        switch kind {
        case .supplier:
            .supplier(Supplier(
                name: text(allowEmpty: false), email: email(), contact: text(), phone: text(), mobile: text(), fax: text(), city: text(),
                address: text(), origin: origin))
        case .customer:
            .customer(Customer(
                companyName: text(allowEmpty: false), contact: text(), vatNumber: text(), taxCode: text(), iban: text(), phone: text(),
                mobile: text(), fax: text(), email: text(), address: text(), city: text(), province: text(), postcode: text(),
                notes: text(), origin: origin))
        case .product:
            .product(Product(
                code: identifier(), supplierID: 0, description: text(),
                price: Money(cents: Int.random(in: 0...Money.maximum.cents, using: &random))!,
                minimumQuantity: Int.random(in: 1...100_000, using: &random), origin: origin),
                supplierRemoteID: Bool.random(using: &random) ? nil : identifier())
        case .discount:
            .discount(
                levels: (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    Decimal(Int.random(in: 0...10_000, using: &random)) / 100
                },
                supplierRemoteID: identifier(), customerRemoteID: identifier(),
                productRemoteID: Bool.random(using: &random) ? nil : identifier())
        }
    }

    mutating func command(company: String) -> SyncCommand {
        let kind = MasterDataKind.allCases.randomElement(using: &random)!
        let remoteID = identifier()
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return .delete(kind, company: company, remoteID: remoteID)
        case 1, 2: return .update(record(kind, origin: .synced(company: company, remoteID: remoteID)), company: company, remoteID: remoteID)
        default: return .insert(record(kind, origin: .synced(company: company, remoteID: remoteID)), company: company, remoteID: remoteID)
        }
    }
}

extension Result {
    var rejected: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
