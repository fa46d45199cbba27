import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing

/// One line of the thesis's sync response → one validated command, or an error naming the line
/// and what is wrong. Expected values are written out from §3.2.2's field lists.
@Suite struct SyncLineParserTests {
    let company = "ACME"

    @Test func readsASupplierInTheThesisOrderWithEmptyFields() throws {
        // nome, responsabile, telefono, cellulare, fax, e-mail, indirizzo, città.
        let line = "ins||fornitore||Caffè Rossi S.r.l.||||051 123456||||||ordini@cafferossi.it||Via Emilia 1||Forlì||ACME||11"
        let command = try SyncLineParser.parse(line, number: 1, company: company)
        let expected = Supplier(
            name: "Caffè Rossi S.r.l.", email: "ordini@cafferossi.it", phone: "051 123456", city: "Forlì", address: "Via Emilia 1",
            origin: .synced(company: "ACME", remoteID: "11"))
        #expect(command == .command(.insert(.supplier(expected), company: "ACME", remoteID: "11")))
    }

    @Test func readsACustomerWhoseLastFieldIsEmpty() throws {
        let fields = [
            "Caffè Società Cooperativa", "Niccolò Bianchi", "IT01234567890", "BNCNCL80A01D704X", "0543 11111", "333 1234567", "", "Forlì",
            "Corso della Repubblica 5", "", "amministrazione@caffesocieta.it", "47121", "FC", "",
        ]
        let line = (["upd", "cliente"] + fields + ["ACME", "7"]).joined(separator: "||")
        let command = try SyncLineParser.parse(line, number: 1, company: company)
        let expected = Customer(
            companyName: "Caffè Società Cooperativa", contact: "Niccolò Bianchi", vatNumber: "IT01234567890", taxCode: "BNCNCL80A01D704X",
            iban: "", phone: "0543 11111", mobile: "333 1234567", fax: "", email: "amministrazione@caffesocieta.it",
            address: "Corso della Repubblica 5", city: "Forlì", province: "FC", postcode: "47121", notes: "",
            origin: .synced(company: "ACME", remoteID: "7"))
        #expect(command == .command(.update(.customer(expected), company: "ACME", remoteID: "7")))
    }

    @Test func readsAProductWithoutASupplierAndItsListinoLine() throws {
        let command = try SyncLineParser.parse("ins||prodotto||CAF-01||Miscela bar 1 kg, qualità oro||6||12,50||ACME||31", number: 1, company: company)
        let product = Product(
            code: "CAF-01", supplierID: 0, description: "Miscela bar 1 kg, qualità oro", price: try #require(Money(cents: 1250)),
            minimumQuantity: 6, origin: .synced(company: "ACME", remoteID: "31"))
        #expect(command == .command(.insert(.product(product, supplierRemoteID: nil), company: "ACME", remoteID: "31")))
        #expect(try SyncLineParser.parse("ins||listino||11||ACME||31", number: 2, company: company)
            == .productSupplier(productRemoteID: "31", supplierRemoteID: "11"))
    }

    @Test func anEmptyMinimumQuantityMeansOnePiece() throws {
        let command = try SyncLineParser.parse("ins||prodotto||CAF-02||||||3.5||ACME||32", number: 1, company: company)
        guard case .command(.insert(.product(let product, _), _, _)) = command else { Issue.record("not a product: \(command)"); return }
        #expect(product.minimumQuantity == 1)
        #expect(product.price.micros / 10_000 == 350)
    }

    @Test func readsDiscountsForAPriceListAndForOneProduct() throws {
        let wholeList = try SyncLineParser.parse("ins||sconto||11||7||||10||5||2.5||ACME||41", number: 1, company: company)
        #expect(wholeList == .command(.insert(
            .discount(levels: [10, 5, Decimal(string: "2.5")!], supplierRemoteID: "11", customerRemoteID: "7", productRemoteID: nil),
            company: "ACME", remoteID: "41")))
        let oneProduct = try SyncLineParser.parse("upd||sconto||11||7||31||12,25||||||ACME||42", number: 1, company: company)
        #expect(oneProduct == .command(.update(
            .discount(levels: [Decimal(string: "12.25")!], supplierRemoteID: "11", customerRemoteID: "7", productRemoteID: "31"),
            company: "ACME", remoteID: "42")))
    }

    @Test func aDeleteMayCarryTheRecordOrNothing() throws {
        #expect(try SyncLineParser.parse("del||prodotto||ACME||31", number: 1, company: company)
            == .command(.delete(.product, company: "ACME", remoteID: "31")))
        #expect(try SyncLineParser.parse("del||sconto||1||2||3||15||10||5||ACME||40", number: 1, company: company)
            == .command(.delete(.discount, company: "ACME", remoteID: "40")))
    }

    // MARK: - Errors, each with the line number

    func problem(_ line: String, number: Int = 42) -> SyncLineError? {
        do {
            _ = try SyncLineParser.parse(line, number: number, company: company)
            return nil
        } catch {
            return error
        }
    }

    @Test func refusesAnUnknownOperation() {
        let error = problem("add||cliente||Rossi||||||||||||||||||||||||||||ACME||1")
        #expect(error == SyncLineError(line: 42, problem: .unknownOperation("add")))
        #expect(error?.code == "sync.line.unknownOperation")
        #expect(error?.errorDescription?.contains("line 42") == true)
    }

    @Test func refusesAnUnknownType() {
        let error = problem("ins||agente||Rossi||ACME||1", number: 3)
        #expect(error == SyncLineError(line: 3, problem: .unknownKind("agente")))
        #expect(error?.errorDescription?.contains("unknown type “agente”") == true)
    }

    @Test func refusesAWrongFieldCount() {
        // A supplier has 8 fields; this one has 7.
        let error = problem((["ins", "fornitore", "Rossi", "", "", "", "ordini@rossi.it", "", ""] + ["ACME", "11"]).joined(separator: "||"), number: 7)
        #expect(error == SyncLineError(line: 7, problem: .wrongFieldCount(kind: .supplier, expected: 8, found: 7)))
        #expect(error?.errorDescription == "Sync line 7: a fornitore has 8 fields between its type and the company code, separated by ||, found 7.")
        // Bottega's old single-| line is refused for its |, not read as something else.
        #expect(problem("ins||prodotto||CAF-01|11|Miscela|12.50|6||ACME||31")?.problem == .separatorInField(position: 1, value: "CAF-01|11|Miscela|12.50|6"))
        #expect(problem("ins||listino||11||12||ACME||31")?.problem == .wrongProductSupplierFieldCount(found: 2))
    }

    @Test func refusesAFieldWithASingleBar() {
        #expect(problem("ins||prodotto||CAF|01||Miscela||6||12.50||ACME||31")?.problem == .separatorInField(position: 1, value: "CAF|01"))
    }

    @Test func refusesBadNumbers() {
        let price = problem("ins||prodotto||CAF-01||Miscela||6||12,5,0||ACME||31", number: 9)
        #expect(price == SyncLineError(line: 9, problem: .invalidField(
            kind: .product, FieldProblem(field: "prezzo", position: 4, value: "12,5,0", reason: .notAPrice))))
        #expect(price?.code == "sync.line.field.notAPrice")
        #expect(price?.errorDescription?.contains("field 4 (prezzo)") == true)
        let cases: [(String, FieldProblem.Reason)] = [
            ("ins||prodotto||CAF-01||Miscela||6||-1.00||ACME||31", .notAPrice),
            ("ins||prodotto||CAF-01||Miscela||sei||12.50||ACME||31", .notAQuantity),
            ("ins||prodotto||CAF-01||Miscela||2.5||12.50||ACME||31", .notAQuantity),
            ("ins||prodotto||CAF-01||Miscela||0||12.50||ACME||31", .quantityBelowOne),
            ("ins||sconto||11||7||||100.01||||||ACME||41", .percentageAbove100),
            ("ins||sconto||11||7||||-5||||||ACME||41", .notAPercentage),
            ("ins||sconto||11||7||||10||2.555||||ACME||41", .moreThanTwoDecimals),
            ("ins||sconto||11||7||||10||||2||ACME||41", .levelAfterEmptyLevel),
        ]
        for (line, reason) in cases {
            guard case .invalidField(_, let field) = problem(line)?.problem else { Issue.record("accepted: \(line)"); continue }
            #expect(field.reason == reason, "\(line)")
        }
    }

    @Test func refusesMissingRequiredFields() {
        func line(_ kind: String, _ fields: [String]) -> String { (["ins", kind] + fields + ["ACME", "1"]).joined(separator: "||") }
        let cases: [(String, String)] = [
            (line("cliente", [" "] + Array(repeating: "", count: 13)), "ragione sociale"),
            (line("fornitore", ["", "", "", "", "", "ordini@rossi.it", "", ""]), "nome"),
            (line("fornitore", ["Rossi", "", "", "", "", "", "", ""]), "e-mail"),
            (line("prodotto", ["", "Miscela", "6", "12.50"]), "codice"),
            (line("prodotto", ["CAF-01", "Miscela", "6", ""]), "prezzo"),
            (line("sconto", ["11", "7", "", "", "", ""]), "sconto1"),
        ]
        for (line, field) in cases {
            guard case .invalidField(_, let found) = problem(line)?.problem else { Issue.record("accepted: \(line)"); continue }
            #expect(found.field == field && found.reason == .required, "\(line)")
        }
    }

    @Test func refusesAnotherCompanysLineAndAnEmptyRecordID() {
        #expect(problem("del||cliente||OTHER||1")?.problem == .wrongCompany(found: "OTHER", expected: "ACME"))
        #expect(problem("del||cliente||ACME||")?.problem == .emptyRecordID)
        #expect(problem("del||cliente||ACME||  ")?.problem == .emptyRecordID)
    }

    @Test func refusesLinesWithFewerThanFourFields() {
        for line in ["hello", "ins", "ins||", "ins||cliente", "ins||cliente||Rossi", "ins|cliente|Rossi|ACME|1"] {
            #expect(problem(line)?.problem == .missingSections, "\(line)")
        }
    }

    @Test func aServerErrorLineIsReportedAsSuch() {
        #expect(problem("*** Password errata")?.problem == .serverError("Password errata"))
    }
}
