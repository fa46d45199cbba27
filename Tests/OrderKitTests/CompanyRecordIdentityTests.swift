import Amounts
import Credentials
import Foundation
import GRDB
import OrderCompany
import OrderKit
import Testing

/// A company's records keep their identity across uploads (issue 20): a re-uploaded sheet with
/// rows inserted, reordered, changed and removed leaves the agent with exactly the company's
/// records, every discount on its own customer and every sent order on its own customer.
@Suite struct CompanyRecordIdentityTests {
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var instant = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { instant } }
        func advance(_ seconds: TimeInterval) { lock.withLock { instant += seconds } }
    }

    struct World {
        let clock = Clock()
        let server: CompanySyncServer
        let agent: AgentStore
        var lastSync = "2000-01-01 00:00:00"

        init() async throws {
            let clock = clock
            let store = try CompanyStore(database: DatabaseQueue(), hasher: PasswordHasher(cost: .testing), now: { clock.now })
            _ = try await store.addCompany(code: "ACME", name: "Acme Forniture")
            try await store.addAgent(company: "ACME", username: "mario.rossi", password: "una-password-lunga")
            server = CompanySyncServer(store: store, lastSyncZone: TimeZone(identifier: "UTC")!)
            agent = try AgentStore(database: DatabaseQueue(), keys: .ephemeral())
        }

        func upload(_ kind: MasterDataKind, _ csv: String, wholeList: Bool = false) async throws -> SpreadsheetImport {
            clock.advance(10)
            return try await server.store.importSpreadsheet(Array(csv.utf8), kind: kind, company: "ACME", isWholeList: wholeList)
        }

        /// The thesis's protocol end to end: `sync` since the last one, parsed and applied.
        mutating func sync() async throws {
            clock.advance(10)
            let body = try await server.thesisSync(company: "ACME", username: "mario.rossi", password: "una-password-lunga", lastSync: lastSync)
            try agent.apply(try SyncResponse.parse(body, company: "ACME").get())
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
            lastSync = formatter.string(from: clock.now)
            clock.advance(10)
        }
    }

    @Test func aReuploadedSheetKeepsEveryDiscountAndOrderOnItsOwnCustomer() async throws {
        var world = try await World()
        _ = try await world.upload(.supplier, "Ragione sociale;E-mail\nTorrefazione Rossi;ordini@rossi.it\n")
        _ = try await world.upload(.customer, "Ragione sociale;Responsabile;Città\nBar Sport;Luca;Cesena\nCaffè Società;Anna;Forlì\nTipografia Bianchi;;Città di Castello\n")
        _ = try await world.upload(.product, "Codice;Fornitore;Prezzo\nCAF-01;Torrefazione Rossi;12,50\n")
        _ = try await world.upload(.discount, "Fornitore;Cliente;Sconto 1;Sconto 2;Sconto 3\nTorrefazione Rossi;Caffè Società;10;5;2\n")
        try await world.sync()

        let caffe = try #require(try world.agent.customers().first { $0.companyName == "Caffè Società" })
        #expect(caffe.contact == "Anna", "the Responsabile column is read")
        var order = try world.agent.createDraft(date: world.clock.now)
        order.customerID = caffe.id
        order.supplierID = try world.agent.suppliers().first?.id
        order = try world.agent.update(order)
        let product = try #require(try world.agent.products().first)
        order = try world.agent.addLine(orderID: order.id!, productID: product.id!, quantity: 1)
        #expect(order.lines.first?.discountLevels == [10, 5, 2])
        order = try world.agent.markSent(id: order.id!, at: world.clock.now)

        // A new row at the top, the rows reordered, one changed and one gone: the whole list.
        let reupload = try await world.upload(
            .customer, "Ragione sociale;Responsabile;Città\nAlimentari Nuovi;;Bologna\nTipografia Bianchi;;Umbertide\nCaffè Società;Anna;Forlì\n",
            wholeList: true)
        #expect((reupload.inserted, reupload.updated, reupload.unchanged, reupload.deleted) == (1, 1, 1, 1))
        try await world.sync()

        let companyCustomers = try await world.server.store.masterData(company: "ACME").compactMap { item -> String? in
            if case .customer(let c) = item.record { "\(c.companyName) — \(c.city)" } else { nil }
        }
        let agentCustomers = try world.agent.customers().map { "\($0.companyName) — \($0.city)" }
        #expect(agentCustomers.sorted() == companyCustomers.sorted())
        #expect(agentCustomers.sorted() == ["Alimentari Nuovi — Bologna", "Caffè Società — Forlì", "Tipografia Bianchi — Umbertide"])
        let discount = try #require(try world.agent.discounts().first)
        #expect(try world.agent.customer(id: discount.customerID)?.companyName == "Caffè Società")
        let sent = try #require(try world.agent.order(id: order.id!))
        #expect(try world.agent.customer(id: try #require(sent.customerID))?.companyName == "Caffè Società")

        // The same sheet again changes nothing and sends nothing.
        let again = try await world.upload(
            .customer, "Ragione sociale;Responsabile;Città\nAlimentari Nuovi;;Bologna\nTipografia Bianchi;;Umbertide\nCaffè Società;Anna;Forlì\n",
            wholeList: true)
        #expect((again.inserted, again.updated, again.unchanged, again.deleted) == (0, 0, 3, 0))
    }

    @Test func removingASupplierTakesItsProductsAndDiscountsWithIt() async throws {
        var world = try await World()
        _ = try await world.upload(.supplier, "Codice;Ragione sociale;E-mail\nF1;Torrefazione Rossi;ordini@rossi.it\nF2;Latteria Verdi;latte@verdi.it\n")
        _ = try await world.upload(.customer, "Codice;Ragione sociale\nC1;Caffè Società\n")
        _ = try await world.upload(.product, "Codice;Fornitore;Prezzo\nCAF-01;F1;12,50\nLAT-01;F2;1,20\n")
        _ = try await world.upload(.discount, "Fornitore;Cliente;Prodotto;Sconto 1\nF1;C1;CAF-01;10\nF2;C1;;5\n")
        try await world.sync()
        #expect(try world.agent.products().count == 2 && world.agent.discounts().count == 2)

        let preview = try await world.server.store.previewUpload(
            Array("Codice;Ragione sociale;E-mail\nF2;Latteria Verdi;latte@verdi.it\n".utf8), kind: .supplier, company: "ACME", isWholeList: true)
        #expect((preview.newCount, preview.changedCount, preview.removedCount, preview.removedOfOtherKinds) == (0, 0, 3, 2))
        _ = try await world.upload(.supplier, "Codice;Ragione sociale;E-mail\nF2;Latteria Verdi;latte@verdi.it\n", wholeList: true)
        try await world.sync()
        #expect(try world.agent.suppliers().map(\.name) == ["Latteria Verdi"])
        #expect(try world.agent.products().map(\.code) == ["LAT-01"])
        #expect(try world.agent.discounts().count == 1)
    }

    @Test func aDanglingReferenceIsRefusedAtUploadWithItsRowAndNothingIsStored() async throws {
        let world = try await World()
        _ = try await world.upload(.supplier, "Ragione sociale;E-mail\nTorrefazione Rossi;ordini@rossi.it\n")
        let error = try await #require(throws: MasterDataImportError.self) {
            try await world.upload(.product, "Codice;Fornitore;Prezzo\nCAF-01;Torrefazione Rossi;12,50\nLAT-01;Latteria Verdi;1,20\n")
        }
        #expect(error == .invalidCells([
            MasterDataProblem(row: 3, column: "B", heading: "Fornitore", value: "Latteria Verdi", reason: .unknownReference(.supplier)),
        ]))
        #expect(error.errorDescription?.contains("row 3, column B (“Fornitore”): “Latteria Verdi” is not one of the company's suppliers") == true)
        #expect(try await world.server.store.masterData(company: "ACME").count == 1)
        let discount = try await #require(throws: MasterDataImportError.self) {
            try await world.upload(.discount, "Fornitore;Cliente;Sconto 1\nTorrefazione Rossi;Nessuno;10\n")
        }
        #expect(discount == .invalidCells([
            MasterDataProblem(row: 2, column: "B", heading: "Cliente", value: "Nessuno", reason: .unknownReference(.customer)),
        ]))
    }

    /// Issue 40: a discount naming an unknown customer code was attached to the customer whose
    /// internal idAzienda happened to be that number. A sheet's references are its own codes and
    /// names, never Bottega's internal numbers.
    @Test func aReferenceIsNeverResolvedThroughAnInternalNumber() async throws {
        let world = try await World()
        _ = try await world.upload(.supplier, "Ragione sociale;E-mail\nTorrefazione Rossi;ordini@rossi.it\n")
        _ = try await world.upload(.customer, "Ragione sociale;Città\nBar Sport;Cesena\nCaffè Società;Forlì\n")
        let stored = try await world.server.store.masterData(company: "ACME")
        let caffe = try #require(stored.first { if case .customer(let customer) = $0.record { customer.companyName == "Caffè Società" } else { false } })
        let supplier = try #require(stored.first { $0.kind == .supplier })
        for (column, value, kind) in [("B", caffe.remoteID, MasterDataKind.customer), ("A", supplier.remoteID, .supplier)] {
            let row = column == "B" ? "Torrefazione Rossi;\(value);10" : "\(value);Caffè Società;10"
            let error = try await #require(throws: MasterDataImportError.self) {
                try await world.upload(.discount, "Fornitore;Cliente;Sconto 1\n\(row)\n")
            }
            #expect(error == .invalidCells([
                MasterDataProblem(row: 2, column: column, heading: column == "B" ? "Cliente" : "Fornitore", value: value, reason: .unknownReference(kind)),
            ]))
        }
        #expect(try await world.server.store.masterData(company: "ACME").filter { $0.kind == .discount }.isEmpty)
    }
}

/// Manufacturers' own price lists, shaped as two real ones are (Flos and Vistosi lighting, 2019,
/// as published in hicTech/arteInLuceImport): no supplier column — the supplier is chosen for the
/// whole file, as the thesis's import asks — codes padded with spaces, "€ 270.49" and
/// " 360.00 € " prices, a VAT-included column that must not be read as the price.
@Suite struct ManufacturerPriceListTests {
    @Test func aPriceListWithoutASupplierColumnTakesTheOneChosen() async throws {
        let store = try CompanyStore(database: DatabaseQueue(), hasher: PasswordHasher(cost: .testing))
        _ = try await store.addCompany(code: "ACME", name: "Acme")
        _ = try await store.importSpreadsheet(Array("Codice;Ragione sociale;E-mail\nFLOS;Flos S.p.A.;ordini@flos.example\nVIST;Vistosi S.r.l.;ordini@vistosi.example\n".utf8), kind: .supplier, company: "ACME")
        let flos = """
            Codice Articolo;Descrizione Articolo;Cod. Ragg. Comm.;Prezzo iva esclusa
            00750              ;RIFL.SPLUGEN ZAPP.                                ;SPAREPARTS;€ 270.49
            02175              ;CAVO ACC.MT 5 D.1,9 TARAXACUM ZN                  ;SPAREPARTS;€ 3.00
            """
        let vistosi = """
            Codice articolo;Descrizione;Listino;Prezzo;PREZZO IVATO;SCONTO 15%
            APARMON25CROT;ARMONIA  APPLI 25CRISTALL OTTONE  NI NER G9;Listino vendita L01 - 2019; 360.00 € ; 439.20 € ; 373.32 €
            APCLEOBCNI;CLEO     APPLIBIANCO   LUCIDO  NICHEL E27;Listino vendita L01 - 2019; 110.00 € ; 134.20 € ; 114.07 €
            """
        // Without a supplier: the missing column is named.
        await #expect(throws: MasterDataImportError.self) { try await store.importSpreadsheet(Array(flos.utf8), kind: .product, company: "ACME") }
        _ = try await store.importSpreadsheet(Array(flos.utf8), kind: .product, company: "ACME", supplier: "FLOS")
        _ = try await store.importSpreadsheet(Array(vistosi.utf8), kind: .product, company: "ACME", supplier: "Vistosi S.r.l.")
        let stored = try await store.masterData(company: "ACME")
        let suppliers = Dictionary(uniqueKeysWithValues: stored.compactMap { item -> (String, String)? in
            if case .supplier(let s) = item.record { (item.remoteID, s.name) } else { nil }
        })
        let products = stored.compactMap { item -> (String, String, UnitPrice, String)? in
            if case .product(let p, let supplier?) = item.record { (p.code, p.description, p.price, suppliers[supplier] ?? "?") } else { nil }
        }
        #expect(products.map(\.0) == ["00750", "02175", "APARMON25CROT", "APCLEOBCNI"])
        #expect(products.map(\.2) == [27_049, 300, 36_000, 11_000].map { UnitPrice(cents: $0)! })
        #expect(products.map(\.3) == ["Flos S.p.A.", "Flos S.p.A.", "Vistosi S.r.l.", "Vistosi S.r.l."])
        #expect(products[0].1 == "RIFL.SPLUGEN ZAPP.")
        // A supplier that is not the company's is one clear problem, not one per row.
        let error = try await #require(throws: MasterDataImportError.self) {
            try await store.importSpreadsheet(Array(flos.utf8), kind: .product, company: "ACME", supplier: "Artemide")
        }
        guard case .invalidCells(let problems) = error else { Issue.record("\(error)"); return }
        #expect(problems.count == 1)
        #expect(problems.first?.description == "“Artemide”, the supplier chosen for the whole file, is not one of the company's suppliers: upload the suppliers first, or choose another")
    }
}
