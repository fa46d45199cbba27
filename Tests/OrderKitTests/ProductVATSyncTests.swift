import Amounts
import Foundation
import GRDB
import OrderCompany
import OrderKit
import Testing

/// Issue 40: a product's VAT rate goes from the company's sheet (`Aliquota IVA`) through both
/// sync formats to the agent's order lines; a product without one is at 22 %.
@Suite struct ProductVATSyncTests {
    static let sheet = """
        Codice;Fornitore;Descrizione;Prezzo;Aliquota IVA
        PANE-1;Forno Rossi;Pane;2,50;4
        VINO-1;Forno Rossi;Vino;9,00;
        OLIO-1;Forno Rossi;Olio;12,00;10 %
        """

    static func productsByCode(_ records: [ImportedRecord]) -> [String: Product] {
        Dictionary(uniqueKeysWithValues: records.compactMap { item -> (String, Product)? in
            if case .product(let product, _) = item.record { (product.code, product) } else { nil }
        })
    }

    @Test func theSheetsAliquotaIVAColumnGivesEachProductItsRate() throws {
        let records = try MasterDataImport.records(from: SpreadsheetReader.read(Array(Self.sheet.utf8)), kind: .product)
        let products = Self.productsByCode(records)
        #expect(products["PANE-1"]?.vatRate.hundredths == 400)
        #expect(products["VINO-1"]?.vatRate == .standard)
        #expect(products["OLIO-1"]?.vatRate.hundredths == 1000)
        let bad = "Codice;Fornitore;Prezzo;IVA\nPANE-1;Forno Rossi;2,50;ventidue\n"
        let error = try #require(throws: MasterDataImportError.self) {
            try MasterDataImport.records(from: SpreadsheetReader.read(Array(bad.utf8)), kind: .product)
        }
        guard case .invalidCells(let problems) = error else { Issue.record("\(error)"); return }
        #expect(problems.map(\.description) == ["row 2, column D (“IVA”): “ventidue” is not a VAT rate such as 22, 10 or 4 (leave it empty for 22 %)"])
    }

    @Test func bothSyncFormatsCarryTheRateAndAThesisLineWithoutItIs22() throws {
        var product = Product(code: "PANE-1", supplierID: nil, description: "Pane", price: UnitPrice(cents: 250)!)
        product.vatRate = try #require(VATRate("5,5"))
        let command = SyncCommand.insert(.product(product, supplierRemoteID: "10"), company: "ACME", remoteID: "30")
        let lines = try SyncLineEncoder.encode(command)
        // The thesis's product line as it always was; Bottega's two lines after it.
        #expect(lines.count == 3 && lines[0].hasPrefix("ins||prodotto||PANE-1||Pane||1||") && lines[0].hasSuffix("||ACME||30"))
        #expect(Array(lines.dropFirst()) == ["ins||listino||10||ACME||30", "ins||iva||5.5||ACME||30"])
        let parsed = try SyncResponse.parse(lines.joined(separator: "\n"), company: "ACME").get()
        guard case .insert(.product(let back, let supplier), _, _)? = parsed.first else { Issue.record("\(parsed)"); return }
        #expect(back.vatRate.hundredths == 550 && supplier == "10")
        // The thesis's own line alone: 22 %.
        let thesisOnly = try SyncResponse.parse(lines[0], company: "ACME").get()
        guard case .insert(.product(let plain, _), _, _)? = thesisOnly.first else { Issue.record("\(thesisOnly)"); return }
        #expect(plain.vatRate == .standard)

        let entry = try ChangeFeedEntry(command)
        #expect(entry.fields["vatRate"] == "5.5")
        guard case .insert(.product(let fed, _), _, _) = try entry.command(company: "ACME") else { Issue.record("not a product"); return }
        #expect(fed.vatRate.hundredths == 550)
    }

    @Test func anOrderLineTakesItsProductsRateAndTheOrderSumsVATByRate() throws {
        let store = try AgentStore(database: DatabaseQueue(), keys: .ephemeral())
        let supplier = try store.save(Supplier(name: "Forno Rossi", email: "ordini@forno.example"))
        var bread = Product(code: "PANE-1", supplierID: supplier.id, description: "Pane", price: UnitPrice(cents: 250)!)
        bread.vatRate = try #require(VATRate("4"))
        bread = try store.save(bread)
        let wine = try store.save(Product(code: "VINO-1", supplierID: supplier.id, description: "Vino", price: UnitPrice(cents: 900)!))
        let order = try store.createDraft(date: Date())
        let id = try #require(order.id)
        _ = try store.addLine(orderID: id, productID: try #require(bread.id), quantity: 10)
        let priced = try store.addLine(orderID: id, productID: try #require(wine.id), quantity: 3)
        #expect(priced.lines.map(\.vatRate.hundredths) == [400, 2200])
        // By hand: 25,00 at 4 % is 1,00; 27,00 at 22 % is 5,94; total 52,00 + 6,94 = 58,94.
        let summary = try priced.vatSummary()
        #expect(summary.rows.map(\.tax.cents) == [100, 594])
        #expect(summary.total.cents == 5_894)
    }
}
