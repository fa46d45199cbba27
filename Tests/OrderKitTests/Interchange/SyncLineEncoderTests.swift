import Amounts
import Foundation
import OrderKit
import Testing

/// The company's side: commands → the thesis's lines, refusing what the format cannot carry,
/// and reading back to the same commands.
@Suite struct SyncLineEncoderTests {
    @Test func writesTheLineTheParserTestsRead() throws {
        let supplier = Supplier(
            name: "Caffè Rossi S.r.l.", email: "ordini@cafferossi.it", phone: "051 123456", city: "Forlì", address: "Via Emilia 1")
        #expect(try SyncLineEncoder.encode(.insert(.supplier(supplier), company: "ACME", remoteID: "F-1"))
            == "ins||fornitore||Caffè Rossi S.r.l.|ordini@cafferossi.it||051 123456|||Forlì|Via Emilia 1||ACME||F-1")
        let product = Product(code: "CAF-01", supplierID: 3, description: "Miscela", price: try #require(Money("12,5")), minimumQuantity: 6)
        #expect(try SyncLineEncoder.encode(.update(.product(product, supplierRemoteID: "F-1"), company: "ACME", remoteID: "P-1"))
            == "upd||prodotto||CAF-01|F-1|Miscela|12.50|6||ACME||P-1")
        let discount = SyncRecord.discount(
            levels: [10, Decimal(string: "2.5")!], supplierRemoteID: "F-1", customerRemoteID: "C-7", productRemoteID: nil)
        #expect(try SyncLineEncoder.encode(.insert(discount, company: "ACME", remoteID: "S-1")) == "ins||sconto||F-1|C-7||10|2.5|||ACME||S-1")
        #expect(try SyncLineEncoder.encode(.delete(.customer, company: "ACME", remoteID: "C-7")) == "del||cliente||||ACME||C-7")
    }

    @Test func refusesABarInAValueNamingTheRecordAndField() {
        let customer = Customer(companyName: "Caffè Società Cooperativa", notes: "consegna lun|mer")
        #expect(throws: InterchangeEncodingError(record: "cliente C-7", field: "notes", problem: .separatorInValue)) {
            try SyncLineEncoder.encode(.insert(.customer(customer), company: "ACME", remoteID: "C-7"))
        }
    }

    @Test func refusesLineBreaksOfEveryKind() {
        for broken in ["Via Emilia 1\nForlì", "Via Emilia 1\r\nForlì", "Via Emilia 1\rForlì", "Via Emilia 1\u{2028}Forlì"] {
            let supplier = Supplier(name: "Caffè Rossi", email: "ordini@cafferossi.it", address: broken)
            #expect(throws: InterchangeEncodingError(record: "fornitore F-1", field: "address", problem: .lineBreakInValue)) {
                try SyncLineEncoder.encode(.update(.supplier(supplier), company: "ACME", remoteID: "F-1"))
            }
        }
    }

    @Test func refusesCompanyCodesAndRecordIDsTheParserWouldMisread() throws {
        let error = try #require(throws: InterchangeEncodingError.self) {
            try SyncLineEncoder.encode(.delete(.product, company: "AC|ME", remoteID: "P-1"))
        }
        #expect(error.field == "company code" && error.problem == .separatorInValue)
        let empty = try #require(throws: InterchangeEncodingError.self) {
            try SyncLineEncoder.encode(.delete(.product, company: "ACME", remoteID: ""))
        }
        #expect(empty.field == "record id" && empty.problem == .empty)
    }

    @Test func refusesValuesTheAgentWouldRefuse() throws {
        let noEmail = Supplier(name: "Caffè Rossi", email: "")
        let error = try #require(throws: InterchangeEncodingError.self) {
            try SyncLineEncoder.encode(.insert(.supplier(noEmail), company: "ACME", remoteID: "F-1"))
        }
        #expect(error.field == "e-mail")
        #expect(error.code == "interchange.encode.required")
        let tooDeep = SyncRecord.discount(levels: [Decimal(string: "2.555")!], supplierRemoteID: "F-1", customerRemoteID: "C-1", productRemoteID: nil)
        #expect(throws: InterchangeEncodingError.self) { try SyncLineEncoder.encode(.insert(tooDeep, company: "ACME", remoteID: "S-1")) }
        let fourLevels = SyncRecord.discount(levels: [10, 5, 2, 1], supplierRemoteID: "F-1", customerRemoteID: "C-1", productRemoteID: nil)
        let error4 = try #require(throws: InterchangeEncodingError.self) {
            try SyncLineEncoder.encode(.insert(fourLevels, company: "ACME", remoteID: "S-1"))
        }
        #expect(error4.code == "interchange.encode.tooManyLevels")
        #expect(error4.errorDescription?.contains("at most 3 levels") == true)
        let noLevels = SyncRecord.discount(levels: [], supplierRemoteID: "F-1", customerRemoteID: "C-1", productRemoteID: nil)
        #expect(throws: InterchangeEncodingError.self) { try SyncLineEncoder.encode(.insert(noLevels, company: "ACME", remoteID: "S-1")) }
        #expect(throws: InterchangeEncodingError(record: "the subscription to ACME", field: "", problem: .notALine)) {
            try SyncLineEncoder.encode(.deleteAll(company: "ACME"))
        }
    }

    @Test func aServerErrorLineStaysOneLine() throws {
        #expect(SyncLineEncoder.serverErrorLine("Password errata\nriprovare") == "***Password errata riprovare")
        let rejection = try #require(SyncResponse.parse(SyncLineEncoder.serverErrorLine("Società sospesa") + "\n", company: "ACME").rejected)
        #expect(rejection.serverErrors.map(\.message) == ["Società sospesa"])
    }

    // MARK: - Round trips

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func everyEncodedLineParsesBackToTheSameCommand(seed: UInt64) throws {
        var generator = RecordGenerator(random: SeededGenerator(seed: seed))
        for number in 1...500 {
            let command = generator.command(company: "Società Bianchi & C.")
            let line = try SyncLineEncoder.encode(command)
            #expect(try SyncLineParser.parse(line, number: number, company: "Società Bianchi & C.") == command, "\(line)")
        }
    }

    @Test func aWholeEncodedResponseParsesBackInOrder() throws {
        var generator = RecordGenerator(random: SeededGenerator(seed: 99))
        let commands = (0..<2_000).map { _ in generator.command(company: "ACME") }
        let text = try SyncLineEncoder.encode(commands)
        #expect(try SyncResponse.parse(text, company: "ACME").get() == commands)
    }

    @Test func italianTextSurvivesExactly() throws {
        let customer = Customer(
            companyName: "Caffè Società Cooperativa", contact: "Niccolò Dell'Acqua", address: "Piazza dell'Unità d'Italia 1",
            city: "Città di Castello", province: "PG", notes: "più caffè perché è qualità — 10 €",
            origin: .synced(company: "ACME", remoteID: "C-1"))
        let command = SyncCommand.insert(.customer(customer), company: "ACME", remoteID: "C-1")
        let line = try SyncLineEncoder.encode(command)
        #expect(line.contains("Città di Castello|PG"))
        let parsed = try SyncLineParser.parse(line, number: 1, company: "ACME")
        guard case .insert(.customer(let back), _, _) = parsed else { Issue.record("\(parsed)"); return }
        #expect(Array(back.notes.unicodeScalars) == Array(customer.notes.unicodeScalars))
        #expect(Array(back.city.utf8) == Array("Città di Castello".utf8))
    }
}
