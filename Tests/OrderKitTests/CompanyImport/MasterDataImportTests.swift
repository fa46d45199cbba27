import Amounts
import Foundation
import Testing
@testable import OrderCompany
@testable import OrderKit

struct MasterDataImportTests {
    @Test func customersFromXLSXKeepItalianTextAndUseTheCodeColumnAsRecordID() throws {
        let table = try SpreadsheetReader.read(SpreadsheetFixtures.bytes("customers.xlsx"))
        let records = try MasterDataImport.records(from: table, kind: .customer)
        #expect(records.map(\.key) == ["C001", "C002", "C003"])
        #expect(records.map(\.rowNumber) == [2, 3, 5])
        guard case .customer(let first) = records[0].record, case .customer(let second) = records[1].record,
              case .customer(let third) = records[2].record else {
            Issue.record("not customers: \(records)")
            return
        }
        #expect(first.companyName == "Caffè Società Cooperativa")
        #expect(first.vatNumber == "01234567890")
        #expect(first.email == "ordini@caffesocieta.it")
        #expect(second.city == "Forlì")
        #expect(second.notes == "Consegna il martedì solo al mattino")
        #expect(third.companyName == "Tipografia Città di Castello")
        #expect(third.city == "Città di Castello")
        #expect(third.postcode == "06012")
        #expect(try MasterDataImport.columnMapping(for: table, kind: .customer).ignoredHeadings == ["Cliente dal"])
    }

    @Test func customersFromBothCSVEncodingsAreTheSameText() throws {
        let utf8 = try MasterDataImport.records(from: SpreadsheetReader.read(SpreadsheetFixtures.bytes("customers-utf8.csv")), kind: .customer)
        let cp1252 = try MasterDataImport.records(from: SpreadsheetReader.read(SpreadsheetFixtures.bytes("customers-windows1252.csv")), kind: .customer)
        // No id column: a customer is its partita IVA where the sheet has one, else its ragione
        // sociale, never its row (issue 40).
        #expect(utf8[0].key == "vat:01234567890")
        #expect(Set(utf8.map(\.key)).count == 3 && utf8.dropFirst().allSatisfy { $0.key.hasPrefix("name:") })
        #expect(cp1252.allSatisfy { $0.key.hasPrefix("name:") } && cp1252[1].key == utf8[2].key)
        guard case .customer(let bar) = utf8[1].record, case .customer(let caffe) = cp1252[0].record else {
            Issue.record("not customers")
            return
        }
        #expect(bar.companyName == "Bar \"Da Nicolò\"; Forlì")
        #expect(bar.notes == "Consegna al retro suonare due volte")
        #expect(caffe.companyName == "Caffè Società Cooperativa")
        #expect(caffe.city == "Forlì")
    }

    @Test func productsWithDecimalPricesAndEmptyCells() throws {
        let table = try SpreadsheetReader.read(SpreadsheetFixtures.bytes("products.xlsx"))
        let records = try MasterDataImport.records(from: table, kind: .product)
        // No id column: a product is known by its supplier and its code.
        #expect(records.map(\.key) == ["code:F01/p-001", "code:F01/p-002", "code:F02/p-003", "code:F02/p-004", "code:F02/p-005"])
        let products = records.compactMap { record -> (Product, String?)? in
            if case .product(let product, let supplier) = record.record { (product, supplier) } else { nil }
        }
        #expect(products.map { $0.0.price } == [1250, 99, 30, 123_456, 2000].map { UnitPrice(cents: $0) })
        #expect(products.map(\.1) == ["F01", "F01", "F02", "F02", "F02"])
        #expect(products.map(\.0.minimumQuantity) == [1, 10, 1, 6, 50])
        #expect(products[2].0.description == "")
        #expect(products[3].0.description == "Tazzine “Forlì” (6 pezzi)")
    }

    @Test func missingRequiredColumnIsNamedWithTheHeadingsFound() throws {
        let table = try SpreadsheetReader.read(SpreadsheetFixtures.bytes("products-missing-supplier.xlsx"))
        let error = MasterDataImportError.missingColumns(kind: .product, missing: [.supplier], headingsFound: ["Codice", "Descrizione", "Prezzo"])
        #expect(throws: error) { try MasterDataImport.records(from: table, kind: .product) }
        #expect(error.code == "missing columns")
        #expect(error.errorDescription == "the products sheet needs the column “Fornitore (supplier)”; the headings found are “Codice”, “Descrizione”, “Prezzo”")
    }

    @Test func suppliersFromCSVUseTheirCodeColumn() throws {
        let records = try MasterDataImport.records(from: SpreadsheetReader.read(SpreadsheetFixtures.bytes("suppliers.csv")), kind: .supplier)
        #expect(records.map(\.key) == ["F01", "F02"])
        guard case .supplier(let rossi) = records[0].record else {
            Issue.record("not a supplier")
            return
        }
        #expect(rossi.name == "Torrefazione Rossi, Bianchi & C. S.n.c.")
        #expect(rossi.email == "ordini@torrefazionerossi.it")
        #expect(rossi.city == "Forlì")
    }

    @Test func discountsFromPercentCellsAndPlainNumbers() throws {
        let records = try MasterDataImport.records(from: SpreadsheetReader.read(SpreadsheetFixtures.bytes("discounts.xlsx")), kind: .discount)
        #expect(records.map(\.record) == [
            .discount(levels: [10, 5, Decimal(string: "2.5")!], supplierRemoteID: "F01", customerRemoteID: "C001", productRemoteID: nil),
            .discount(levels: [10, 5, Decimal(string: "2.5")!], supplierRemoteID: "F01", customerRemoteID: "C002", productRemoteID: "P-001"),
        ])
        #expect(records.map(\.key) == ["discount:F01/C001/", "discount:F01/C002/P-001"])
    }

    @Test func headingsMatchWhateverTheCaseAccentsAndPunctuation() throws {
        let table = try csv("RAGIONE SOCIALE,p. iva,CITTA',c.a.p.,E_Mail\nRossi,123,Forlì,40100,a@b.it\n")
        let records = try MasterDataImport.records(from: table, kind: .customer)
        guard case .customer(let rossi) = records[0].record else {
            Issue.record("not a customer")
            return
        }
        #expect(rossi == Customer(companyName: "Rossi", vatNumber: "123", email: "a@b.it", city: "Forlì", postcode: "40100"))
        let english = try csv("Company Name,VAT number,Minimum quantity\nRossi,123,1\n")
        #expect(try MasterDataImport.columnMapping(for: english, kind: .customer).columns == [.companyName: 0, .vatNumber: 1])
        #expect(MasterDataField.normalisedHeading("  Quantità  minima ") == "quantita minima")
        #expect(MasterDataField.normalisedHeading("Sconto1") == "sconto 1")
        #expect(MasterDataField.normalisedHeading("Q.tà min.") == "q ta min")
    }

    @Test func preferredHeadingWinsAndEqualHeadingsAreAmbiguous() throws {
        let table = try csv("Nome,Ragione sociale\nMario,Rossi S.p.A.\n")
        let mapping = try MasterDataImport.columnMapping(for: table, kind: .customer)
        #expect(mapping.columns == [.companyName: 1])
        #expect(mapping.ignoredHeadings == ["Nome"])
        #expect(throws: MasterDataImportError.ambiguousColumns(field: .price, columns: ["C “Prezzo”", "D “prezzo”"])) {
            try MasterDataImport.records(from: csv("Codice,Fornitore,Prezzo,prezzo\nA,F,1,2\n"), kind: .product)
        }
    }

    @Test func everyBadCellIsReportedWithRowAndColumn() throws {
        let table = try csv("""
            Codice;Fornitore;Prezzo;Quantità minima
            A1;F01;12,3456789;1
            A2;;1,50;0
            ;F01;€ 2,00;2
            A4;F|02;1.23,56;x
            """)
        let problems: [MasterDataProblem] = [
            MasterDataProblem(row: 2, column: "C", heading: "Prezzo", value: "12,3456789", reason: .notAPrice),
            MasterDataProblem(row: 3, column: "B", heading: "Fornitore", value: "", reason: .missingValue),
            MasterDataProblem(row: 3, column: "D", heading: "Quantità minima", value: "0", reason: .notAQuantity),
            MasterDataProblem(row: 4, column: "A", heading: "Codice", value: "", reason: .missingValue),
            MasterDataProblem(row: 5, column: "B", heading: "Fornitore", value: "F|02", reason: .containsFieldSeparator),
            MasterDataProblem(row: 5, column: "C", heading: "Prezzo", value: "1.23,56", reason: .notAPrice),
            MasterDataProblem(row: 5, column: "D", heading: "Quantità minima", value: "x", reason: .notAQuantity),
        ]
        #expect(throws: MasterDataImportError.invalidCells(problems)) { try MasterDataImport.records(from: table, kind: .product) }
        #expect(problems[0].description == "row 2, column C (“Prezzo”): “12,3456789” is not a price in euro such as 12,50, 1.234,50 or 0,0325 (at most six decimals)")
    }

    @Test func supplierNeedsAnEmailAddress() throws {
        let table = try csv("Nome;E-mail\nRossi;\nBianchi;051 123456\nVerdi;a@b.it; c@d.it\nNeri;ordini@neri.it\n")
        #expect(throws: MasterDataImportError.invalidCells([
            MasterDataProblem(row: 2, column: "B", heading: "E-mail", value: "", reason: .missingValue),
            MasterDataProblem(row: 3, column: "B", heading: "E-mail", value: "051 123456", reason: .notAnEmail),
        ])) { try MasterDataImport.records(from: table, kind: .supplier) }
    }

    @Test func discountLevelsAreZeroToHundredInOrder() throws {
        let table = try csv("Fornitore;Cliente;Sconto 1;Sconto 2;Sconto 3\nF;C;101;;\nF;C;10;;2\nF;C;2,555;;\nF;C;;5;\nF;C;0;0,5;100%\n")
        #expect(throws: MasterDataImportError.invalidCells([
            MasterDataProblem(row: 2, column: "C", heading: "Sconto 1", value: "101", reason: .notAPercentage),
            MasterDataProblem(row: 3, column: "E", heading: "Sconto 3", value: "2", reason: .levelWithoutPrevious),
            MasterDataProblem(row: 4, column: "C", heading: "Sconto 1", value: "2,555", reason: .notAPercentage),
            MasterDataProblem(row: 5, column: "C", heading: "Sconto 1", value: "", reason: .missingValue),
            MasterDataProblem(row: 5, column: "D", heading: "Sconto 2", value: "5", reason: .levelWithoutPrevious),
        ])) { try MasterDataImport.records(from: table, kind: .discount) }
        let good = try MasterDataImport.records(from: csv("Fornitore;Cliente;Sconto 1;Sconto 2;Sconto 3\nF;C;0;0,5;100%\n"), kind: .discount)
        #expect(good.map(\.record) == [.discount(levels: [0, Decimal(string: "0.5")!, 100], supplierRemoteID: "F", customerRemoteID: "C", productRemoteID: nil)])
    }

    @Test func duplicateRecordIDsAndEmptyIDCellsAreRefused() throws {
        let table = try csv("Codice,Ragione sociale\nC1,Rossi\nC2,Bianchi\nC1,Verdi\n,Neri\n")
        #expect(throws: MasterDataImportError.invalidCells([
            MasterDataProblem(row: 4, column: "A", heading: "Codice", value: "C1", reason: .duplicateRecordID(firstRow: 2)),
            MasterDataProblem(row: 5, column: "A", heading: "Codice", value: "", reason: .missingValue),
        ])) { try MasterDataImport.records(from: table, kind: .customer) }
    }

    @Test func productIDColumnWinsOverTheCode() throws {
        let records = try MasterDataImport.records(from: csv("ID,Codice,Fornitore\n17,A1,F1\n18,A1,F2\n"), kind: .product)
        #expect(records.map(\.key) == ["17", "18"])
    }

    @Test func decomposedAccentsAreStoredComposed() throws {
        let records = try MasterDataImport.records(from: csv("Ragione sociale\nCaffe\u{300} Societa\u{300}\n"), kind: .customer)
        guard case .customer(let customer) = records[0].record else {
            Issue.record("not a customer")
            return
        }
        #expect(Array(customer.companyName.unicodeScalars) == Array("Caff\u{E8} Societ\u{E0}".unicodeScalars))
    }

    @Test func headerOnlySheetHasNoRecords() throws {
        #expect(throws: MasterDataImportError.noRecords) {
            try MasterDataImport.records(from: csv("Ragione sociale\n\n,\n"), kind: .customer)
        }
    }

    @Test func headingListsOfOneKindNeverOverlap() {
        for kind in MasterDataKind.allCases {
            let headings = MasterDataColumns(kind).columns.flatMap(\.headings)
            #expect(Set(headings).count == headings.count, "\(kind)")
            // Every listed heading is already in normalised form, or it could never match.
            #expect(headings.allSatisfy { MasterDataField.normalisedHeading($0) == $0 }, "\(kind)")
        }
    }

    private func csv(_ text: String) throws -> SpreadsheetTable {
        try SpreadsheetReader.read(Array(text.utf8))
    }
}
