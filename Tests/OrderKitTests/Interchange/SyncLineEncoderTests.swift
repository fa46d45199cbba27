import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing
import TestSupport

/// The company's side: commands → the thesis's lines, refusing what the format cannot carry,
/// and reading back to the same commands.
@Suite struct SyncLineEncoderTests {
    @Test func writesTheThesisLayoutWithDoublePipesEverywhere() throws {
        let supplier = Supplier(
            name: "Caffè Rossi S.r.l.", email: "ordini@cafferossi.it", phone: "051 123456", city: "Forlì", address: "Via Emilia 1")
        #expect(try SyncLineEncoder.encode(.insert(.supplier(supplier), company: "ACME", remoteID: "11"))
            == ["ins||fornitore||Caffè Rossi S.r.l.||||051 123456||||||ordini@cafferossi.it||Via Emilia 1||Forlì||ACME||11"])
        let product = Product(code: "CAF-01", supplierID: 3, description: "Miscela", price: try #require(Money("12,5")), minimumQuantity: 6)
        #expect(try SyncLineEncoder.encode(.update(.product(product, supplierRemoteID: "11"), company: "ACME", remoteID: "31"))
            == ["upd||prodotto||CAF-01||Miscela||6||12.5||ACME||31", "upd||listino||11||ACME||31"])
        #expect(try SyncLineEncoder.encode(.update(.product(product, supplierRemoteID: nil), company: "ACME", remoteID: "31"))
            == ["upd||prodotto||CAF-01||Miscela||6||12.5||ACME||31"])
        let discount = SyncRecord.discount(
            levels: [10, Decimal(string: "2.5")!], supplierRemoteID: "11", customerRemoteID: "7", productRemoteID: nil)
        #expect(try SyncLineEncoder.encode(.insert(discount, company: "ACME", remoteID: "41")) == ["ins||sconto||11||7||||10||2.5||||ACME||41"])
        #expect(try SyncLineEncoder.encode(.delete(.customer, company: "ACME", remoteID: "7")) == ["del||cliente||ACME||7"])
        #expect(try SyncLineEncoder.encode(.delete(.discount, company: "ACME", remoteID: "41"), deletedRecord: discount)
            == ["del||sconto||11||7||||10||2.5||||ACME||41"])
    }

    @Test func theThesisErrorMessagesAreWordForWord() {
        #expect(SyncLineEncoder.subscriptionEndedMessage == "***La sottoscrizione non è più attiva oppure il tuo account non è più valido.")
        #expect(SyncLineEncoder.wrongPasswordMessage == "*** Password errata")
    }

    @Test func refusesABarInAValueNamingTheRecordAndField() {
        let customer = Customer(companyName: "Caffè Società Cooperativa", notes: "consegna lun|mer")
        #expect(throws: InterchangeEncodingError(record: "cliente 7", field: "note", problem: .separatorInValue)) {
            try SyncLineEncoder.encode(.insert(.customer(customer), company: "ACME", remoteID: "7"))
        }
    }

    @Test func refusesLineBreaksOfEveryKind() {
        for broken in ["Via Emilia 1\nForlì", "Via Emilia 1\r\nForlì", "Via Emilia 1\rForlì", "Via Emilia 1\u{2028}Forlì"] {
            let supplier = Supplier(name: "Caffè Rossi", email: "ordini@cafferossi.it", address: broken)
            #expect(throws: InterchangeEncodingError(record: "fornitore 11", field: "indirizzo", problem: .lineBreakInValue)) {
                try SyncLineEncoder.encode(.update(.supplier(supplier), company: "ACME", remoteID: "11"))
            }
        }
    }

    @Test func refusesCompanyCodesAndRecordIDsTheParserWouldMisread() throws {
        let error = try #require(throws: InterchangeEncodingError.self) {
            try SyncLineEncoder.encode(.delete(.product, company: "AC|ME", remoteID: "31"))
        }
        #expect(error.field == "codAzienda" && error.problem == .separatorInValue)
        let empty = try #require(throws: InterchangeEncodingError.self) {
            try SyncLineEncoder.encode(.delete(.product, company: "ACME", remoteID: ""))
        }
        #expect(empty.field == "idAzienda" && empty.problem == .empty)
    }

    @Test func refusesValuesTheAgentWouldRefuse() throws {
        let noEmail = Supplier(name: "Caffè Rossi", email: "")
        let error = try #require(throws: InterchangeEncodingError.self) {
            try SyncLineEncoder.encode(.insert(.supplier(noEmail), company: "ACME", remoteID: "11"))
        }
        #expect(error.field == "e-mail")
        #expect(error.code == "interchange.encode.required")
        let tooDeep = SyncRecord.discount(levels: [Decimal(string: "2.555")!], supplierRemoteID: "11", customerRemoteID: "1", productRemoteID: nil)
        #expect(throws: InterchangeEncodingError.self) { try SyncLineEncoder.encode(.insert(tooDeep, company: "ACME", remoteID: "41")) }
        let fourLevels = SyncRecord.discount(levels: [10, 5, 2, 1], supplierRemoteID: "11", customerRemoteID: "1", productRemoteID: nil)
        let error4 = try #require(throws: InterchangeEncodingError.self) {
            try SyncLineEncoder.encode(.insert(fourLevels, company: "ACME", remoteID: "41"))
        }
        #expect(error4.code == "interchange.encode.tooManyLevels")
        #expect(error4.errorDescription?.contains("at most 3 levels") == true)
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
    func everyEncodedCommandParsesBackToTheSameCommand(seed: UInt64) throws {
        var generator = RecordGenerator(random: SeededGenerator(seed: seed))
        for _ in 1...500 {
            let command = generator.command(company: "Società Bianchi & C.")
            let text = try SyncLineEncoder.encode([command])
            #expect(try SyncResponse.parse(text, company: "Società Bianchi & C.").get() == [command], "\(text)")
        }
    }

    @Test func aWholeEncodedResponseParsesBackInOrder() throws {
        var generator = RecordGenerator(random: SeededGenerator(seed: 99))
        var seen: Set<String> = []
        // Record ids are unique within a response, as the company's are.
        let commands = (0..<4_000).map { _ in generator.command(company: "ACME") }.filter { seen.insert($0.remoteID).inserted }
        let text = try SyncLineEncoder.encode(commands)
        #expect(try SyncResponse.parse(text, company: "ACME").get() == commands)
    }

    @Test func italianTextSurvivesExactly() throws {
        let customer = Customer(
            companyName: "Caffè Società Cooperativa", contact: "Niccolò Dell'Acqua", address: "Piazza dell'Unità d'Italia 1",
            city: "Città di Castello", province: "PG", notes: "più caffè perché è qualità — 10 €",
            origin: .synced(company: "ACME", remoteID: "1"))
        let command = SyncCommand.insert(.customer(customer), company: "ACME", remoteID: "1")
        let line = try #require(try SyncLineEncoder.encode(command).first)
        #expect(line.contains("Città di Castello||Piazza dell'Unità d'Italia 1"))
        let parsed = try SyncLineParser.parse(line, number: 1, company: "ACME")
        guard case .command(.insert(.customer(let back), _, _)) = parsed else { Issue.record("\(parsed)"); return }
        #expect(Array(back.notes.unicodeScalars) == Array(customer.notes.unicodeScalars))
        #expect(Array(back.city.utf8) == Array("Città di Castello".utf8))
    }
}

extension SyncCommand {
    var remoteID: String {
        switch self {
        case .insert(_, _, let id), .update(_, _, let id), .delete(_, _, let id): id
        case .deleteAll: ""
        }
    }
}
