import Amounts
import Foundation
import OrderKit
import Testing

/// One line of the thesis's sync response → one validated command, or an error naming the line
/// and what is wrong. Expected values are written out from the issue's field lists.
@Suite struct SyncLineParserTests {
    let company = "ACME"

    @Test func readsASupplierWithEmptyFieldsInsideAndAtTheEnd() throws {
        // Empty contact, mobile and fax make `||` inside the fields; a split on `||` would break.
        let line = "ins||fornitore||Caffè Rossi S.r.l.|ordini@cafferossi.it||051 123456|||Forlì|Via Emilia 1||ACME||F-1"
        let command = try SyncLineParser.parse(line, number: 1, company: company)
        let expected = Supplier(
            name: "Caffè Rossi S.r.l.", email: "ordini@cafferossi.it", phone: "051 123456", city: "Forlì", address: "Via Emilia 1",
            origin: .synced(company: "ACME", remoteID: "F-1"))
        #expect(command == .insert(.supplier(expected), company: "ACME", remoteID: "F-1"))
    }

    @Test func readsACustomerWhoseLastFieldIsEmpty() throws {
        // The empty notes end the fields with `|`, so `|||` stands before the company code.
        let line = "upd||cliente||Caffè Società Cooperativa|Niccolò Bianchi|IT01234567890|BNCNCL80A01D704X|IT60X0542811101000000123456|"
            + "0543 11111|333 1234567||amministrazione@caffesocieta.it|Corso della Repubblica 5|Forlì|FC|47121|||ACME||C-7"
        let command = try SyncLineParser.parse(line, number: 1, company: company)
        let expected = Customer(
            companyName: "Caffè Società Cooperativa", contact: "Niccolò Bianchi", vatNumber: "IT01234567890", taxCode: "BNCNCL80A01D704X",
            iban: "IT60X0542811101000000123456", phone: "0543 11111", mobile: "333 1234567", fax: "", email: "amministrazione@caffesocieta.it",
            address: "Corso della Repubblica 5", city: "Forlì", province: "FC", postcode: "47121", notes: "",
            origin: .synced(company: "ACME", remoteID: "C-7"))
        #expect(command == .update(.customer(expected), company: "ACME", remoteID: "C-7"))
    }

    @Test func readsACustomerWhoseOnlyFieldIsTheCompanyName() throws {
        let line = "ins||cliente||Città di Castello Forniture|||||||||||||||ACME||C-8"
        let command = try SyncLineParser.parse(line, number: 1, company: company)
        #expect(command == .insert(
            .customer(Customer(companyName: "Città di Castello Forniture", origin: .synced(company: "ACME", remoteID: "C-8"))),
            company: "ACME", remoteID: "C-8"))
    }

    @Test func readsAProductWithACommaPrice() throws {
        let line = "ins||prodotto||CAF-01|F-1|Miscela bar 1 kg, qualità oro|12,50|6||ACME||P-1"
        let command = try SyncLineParser.parse(line, number: 1, company: company)
        let product = Product(
            code: "CAF-01", supplierID: 0, description: "Miscela bar 1 kg, qualità oro", price: try #require(Money(cents: 1250)),
            minimumQuantity: 6, origin: .synced(company: "ACME", remoteID: "P-1"))
        #expect(command == .insert(.product(product, supplierRemoteID: "F-1"), company: "ACME", remoteID: "P-1"))
    }

    @Test func anEmptyMinimumQuantityMeansOnePiece() throws {
        let command = try SyncLineParser.parse("ins||prodotto||CAF-02|F-1||3.5|||ACME||P-2", number: 1, company: company)
        guard case .insert(.product(let product, _), _, _) = command else { Issue.record("not a product: \(command)"); return }
        #expect(product.minimumQuantity == 1)
        #expect(product.price.cents == 350)
    }

    @Test func readsDiscountsForAPriceListAndForOneProduct() throws {
        let wholeList = try SyncLineParser.parse("ins||sconto||F-1|C-7||10|5|2.5||ACME||S-1", number: 1, company: company)
        #expect(wholeList == .insert(
            .discount(levels: [10, 5, Decimal(string: "2.5")!], supplierRemoteID: "F-1", customerRemoteID: "C-7", productRemoteID: nil),
            company: "ACME", remoteID: "S-1"))
        let oneProduct = try SyncLineParser.parse("upd||sconto||F-1|C-7|P-1|12,25||||ACME||S-2", number: 1, company: company)
        #expect(oneProduct == .update(
            .discount(levels: [Decimal(string: "12.25")!], supplierRemoteID: "F-1", customerRemoteID: "C-7", productRemoteID: "P-1"),
            company: "ACME", remoteID: "S-2"))
    }

    @Test func aDeleteNeedsOnlyKindAndRecordID() throws {
        #expect(try SyncLineParser.parse("del||prodotto||||ACME||P-1", number: 1, company: company)
            == .delete(.product, company: "ACME", remoteID: "P-1"))
        // A delete carrying the whole record is accepted too.
        #expect(try SyncLineParser.parse("del||sconto||F-1|C-7||10||||ACME||S-1", number: 1, company: company)
            == .delete(.discount, company: "ACME", remoteID: "S-1"))
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
        let error = problem("add||cliente||Rossi|||||||||||||||ACME||C-1")
        #expect(error == SyncLineError(line: 42, problem: .unknownOperation("add")))
        #expect(error?.code == "sync.line.unknownOperation")
        #expect(error?.errorDescription?.contains("line 42") == true)
    }

    @Test func refusesAnUnknownType() {
        let error = problem("ins||agente||Rossi|||||||||||||||ACME||C-1", number: 3)
        #expect(error == SyncLineError(line: 3, problem: .unknownKind("agente")))
        #expect(error?.errorDescription?.contains("unknown type “agente”") == true)
    }

    @Test func refusesAWrongFieldCount() {
        // A supplier has 8 fields; this one has 7.
        let error = problem("ins||fornitore||Rossi|ordini@rossi.it|||||Forlì||ACME||F-1", number: 7)
        #expect(error == SyncLineError(line: 7, problem: .wrongFieldCount(kind: .supplier, expected: 8, found: 7)))
        #expect(error?.errorDescription == "Sync line 7: a fornitore has 8 fields separated by |, found 7.")
        // A product line with no fields at all.
        #expect(problem("ins||prodotto||||ACME||P-1")?.problem == .wrongFieldCount(kind: .product, expected: 5, found: 0))
    }

    @Test func refusesBadNumbers() {
        let price = problem("ins||prodotto||CAF-01|F-1|Miscela|12,5,0|6||ACME||P-1", number: 9)
        #expect(price == SyncLineError(line: 9, problem: .invalidField(
            kind: .product, FieldProblem(field: "price", position: 4, value: "12,5,0", reason: .notAPrice))))
        #expect(price?.code == "sync.line.field.notAPrice")
        #expect(price?.errorDescription?.contains("field 4 (price)") == true)
        let cases: [(String, FieldProblem.Reason)] = [
            ("ins||prodotto||CAF-01|F-1|Miscela|-1.00|6||ACME||P-1", .notAPrice),
            ("ins||prodotto||CAF-01|F-1|Miscela|1.505|6||ACME||P-1", .notAPrice),
            ("ins||prodotto||CAF-01|F-1|Miscela|12.50|sei||ACME||P-1", .notAQuantity),
            ("ins||prodotto||CAF-01|F-1|Miscela|12.50|2.5||ACME||P-1", .notAQuantity),
            ("ins||prodotto||CAF-01|F-1|Miscela|12.50|0||ACME||P-1", .quantityBelowOne),
            ("ins||sconto||F-1|C-7||100.01||||ACME||S-1", .percentageAbove100),
            ("ins||sconto||F-1|C-7||1000||||ACME||S-1", .percentageAbove100),
            ("ins||sconto||F-1|C-7||-5||||ACME||S-1", .notAPercentage),
            ("ins||sconto||F-1|C-7||10%||||ACME||S-1", .notAPercentage),
            ("ins||sconto||F-1|C-7||10|2.555|||ACME||S-1", .moreThanTwoDecimals),
            ("ins||sconto||F-1|C-7||10||2||ACME||S-1", .levelAfterEmptyLevel),
        ]
        for (line, reason) in cases {
            guard case .invalidField(_, let field) = problem(line)?.problem else { Issue.record("accepted: \(line)"); continue }
            #expect(field.reason == reason, "\(line)")
        }
    }

    @Test func acceptsLevelsAtTheirLimits() throws {
        let command = try SyncLineParser.parse("ins||sconto||F-1|C-7||0|100|99,99||ACME||S-1", number: 1, company: company)
        guard case .insert(.discount(let levels, _, _, _), _, _) = command else { Issue.record("\(command)"); return }
        #expect(levels == [0, 100, Decimal(string: "99.99")!])
    }

    @Test func refusesMissingRequiredFields() {
        let cases: [(String, String)] = [
            ("ins||cliente|| |||||||||||||||ACME||C-1", "company name"),
            ("ins||fornitore|||ordini@rossi.it||||||||ACME||F-1", "name"),
            ("ins||fornitore||Rossi|||||||||ACME||F-1", "e-mail"),
            ("ins||prodotto|||F-1|Miscela|12.50|6||ACME||P-1", "code"),
            ("ins||prodotto||CAF-01||Miscela|12.50|6||ACME||P-1", "supplier record id"),
            ("ins||prodotto||CAF-01|F-1|Miscela||6||ACME||P-1", "price"),
            ("ins||sconto||F-1|C-7||||||ACME||S-1", "level 1"),
        ]
        for (line, field) in cases {
            guard case .invalidField(_, let found) = problem(line)?.problem else { Issue.record("accepted: \(line)"); continue }
            #expect(found.field == field && found.reason == .required, "\(line)")
        }
        guard case .invalidField(_, let email) = problem("ins||fornitore||Rossi|051 123456||||||||ACME||F-1")?.problem else {
            Issue.record("a phone number accepted as e-mail"); return
        }
        #expect(email.reason == .notAnEmailAddress)
    }

    @Test func refusesAnotherCompanysLineAndAnEmptyRecordID() {
        #expect(problem("del||cliente||||OTHER||C-1")?.problem == .wrongCompany(found: "OTHER", expected: "ACME"))
        #expect(problem("del||cliente||||ACME||")?.problem == .emptyRecordID)
        #expect(problem("del||cliente||||ACME||  ")?.problem == .emptyRecordID)
    }

    @Test func refusesLinesWithoutTheFiveSections() {
        for line in ["hello", "ins", "ins||", "ins||cliente", "ins||cliente||Rossi", "ins||cliente||Rossi||C-1", "del||cliente||ACME||C-1",
                     "ins|cliente|Rossi|ACME|C-1"] {
            #expect(problem(line)?.problem == .missingSections, "\(line)")
        }
    }

    @Test func aServerErrorLineIsReportedAsSuch() {
        #expect(problem("*** utente non abilitato")?.problem == .serverError("utente non abilitato"))
    }
}
