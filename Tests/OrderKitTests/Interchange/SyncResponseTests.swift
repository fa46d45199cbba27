import Foundation
import OrderCompany
import OrderKit
import Testing

/// A whole sync answer: every bad line reported at once, `***` lines as server errors, and
/// nothing returned to apply unless every line is good.
@Suite struct SyncResponseTests {
    let good = [
        "ins||fornitore||Caffè Rossi||||||||||ordini@cafferossi.it||Forlì||Via Emilia 1||ACME||1",
        "ins||cliente||Caffè Società Cooperativa||||||||||||||Città di Castello||||||||06012||PG||||ACME||2",
        "ins||prodotto||CAF-01||Miscela bar||6||12,50||ACME||3",
        "ins||sconto||1||2||||10||5||2||ACME||4",
        "del||prodotto||ACME||5",
    ]

    @Test func returnsEveryCommandInOrder() throws {
        let commands = try SyncResponse.parse(good.joined(separator: "\n") + "\n", company: "ACME").get()
        #expect(commands.count == 5)
        #expect(commands.last == .delete(.product, company: "ACME", remoteID: "5"))
        guard case .insert(.customer(let customer), _, _) = commands[1] else { Issue.record("\(commands[1])"); return }
        #expect(customer.companyName == "Caffè Società Cooperativa")
        #expect(customer.city == "Città di Castello")
    }

    @Test func reportsAllThreeBadLinesWithTheirNumbersAndReturnsNoCommands() throws {
        let text = [
            good[0],
            "ins||fornitore||Rossi||ordini@rossi.it||ACME||12",  // line 2: wrong field count
            good[1],
            "ins||cliente_vip||Rossi||ACME||22",  // line 4: unknown type
            good[2],
            "ins||prodotto||CAF-02||Miscela||6||dodici||ACME||32",  // line 6: bad number
            good[3],
        ].joined(separator: "\n")
        let rejection = try #require(SyncResponse.parse(text, company: "ACME").rejected)
        #expect(rejection.badLines.map(\.line) == [2, 4, 6])
        #expect(rejection.badLines[0].problem == .wrongFieldCount(kind: .supplier, expected: 8, found: 2))
        #expect(rejection.badLines[0].errorDescription == "Sync line 2: a fornitore has 8 fields between its type and the company code, separated by ||, found 2.")
        #expect(rejection.badLines[1].problem == .unknownKind("cliente_vip"))
        #expect(rejection.badLines[2].code == "sync.line.field.notAPrice")
        #expect(rejection.serverErrors.isEmpty)
        #expect(rejection.code == "sync.response.badLines")
        let message = try #require(rejection.errorDescription)
        for number in [2, 4, 6] { #expect(message.contains("Sync line \(number):")) }
        #expect(message.contains("Nothing was changed"))
    }

    @Test func serverErrorLinesRefuseTheResponse() throws {
        let text = "***Errore: abbonamento scaduto\n" + good[0] + "\n*** riprovare più tardi\n"
        let rejection = try #require(SyncResponse.parse(text, company: "ACME").rejected)
        #expect(rejection.serverErrors == [
            SyncServerError(line: 1, message: "Errore: abbonamento scaduto"), SyncServerError(line: 3, message: "riprovare più tardi"),
        ])
        #expect(rejection.badLines.isEmpty)
        #expect(rejection.code == "sync.response.serverError")
        #expect(rejection.errorDescription?.contains("riprovare più tardi") == true)
    }

    @Test func toleratesCRLFAByteOrderMarkAndBlankLinesAndCountsThemInLineNumbers() throws {
        let text = "\u{FEFF}" + good[0] + "\r\n\r\n  \r\n" + "ins||agente||x||ACME||1\r\n" + good[2] + "\r\n"
        let rejection = try #require(SyncResponse.parse(text, company: "ACME").rejected)
        #expect(rejection.badLines.map(\.line) == [4])
        let commands = try SyncResponse.parse("\u{FEFF}" + good[0] + "\r\n\r\n" + good[2] + "\r\n", company: "ACME").get()
        #expect(commands.count == 2)
        guard case .insert(.supplier(let supplier), _, _) = commands[0] else { Issue.record("\(commands[0])"); return }
        #expect(supplier.city == "Via Emilia 1" || supplier.address == "Forlì")  // no CR left on the last field
        #expect(!supplier.city.hasSuffix("\r"))
    }

    @Test func anEmptyResponseIsNoChange() throws {
        #expect(try SyncResponse.parse("", company: "ACME").get().isEmpty)
        #expect(try SyncResponse.parse("\n\n", company: "ACME").get().isEmpty)
    }

    @Test func reportsProgressEveryThousandLinesAndAtTheEnd() throws {
        let text = Array(repeating: good[2], count: 2_500).joined(separator: "\n")
        var reports: [SyncProgress] = []
        let commands = try SyncResponse.parse(text, company: "ACME") { reports.append($0) }.get()
        #expect(commands.count == 2_500)
        #expect(reports.map(\.linesParsed) == [1_000, 2_000, 2_500])
        #expect(reports.allSatisfy { $0.totalLines == 2_500 })
        #expect(reports.last?.fraction == 1)
    }

    /// §3.2.2's example as the thesis prints it, its lines wrapped after `||`.
    @Test func readsTheThesisExampleAsPrinted() throws {
        let commands = try SyncResponse.parse(ThesisExample.syncBody, company: ThesisExample.company).get()
        #expect(commands.count == 4)
        #expect(try SyncResponse.parse(ThesisExample.lines.joined(separator: "\n"), company: ThesisExample.company).get() == commands)
    }

    @Test func aListinoLineGivesItsProductTheSupplierAndMustHaveOne() throws {
        let commands = try SyncResponse.parse("ins||listino||1||ACME||3\n" + good[2], company: "ACME").get()
        guard case .insert(.product(_, let supplier), _, _) = commands.first else { Issue.record("\(commands)"); return }
        #expect(supplier == "1")
        let orphan = try #require(SyncResponse.parse("ins||listino||1||ACME||99\n" + good[2], company: "ACME").rejected)
        #expect(orphan.badLines == [SyncLineError(line: 1, problem: .productSupplierWithoutProduct(productRemoteID: "99"))])
    }

    @Test func linesForAnotherCompanyAreRefused() throws {
        let rejection = try #require(SyncResponse.parse(good.joined(separator: "\n"), company: "BETA").rejected)
        #expect(rejection.badLines.count == 5)
        #expect(rejection.badLines.allSatisfy { $0.problem == .wrongCompany(found: "ACME", expected: "BETA") })
    }
}
