import Foundation
import Mustache
import Testing
import TicketKit
@testable import TicketsWeb
import WebTestSupport

/// `TicketView` answers templates by hand (issue 44): every property must come out as Mustache's
/// own reading by `Mirror` gives it, an absent optional as nothing, and nothing else answered.
@Suite struct TicketViewMustacheTests {
    @Test func everyPropertyIsWhatTheMirrorReads() async throws {
        try await withBottegaApp { _, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let ride = try #require(pick.rides(of: op, as: .single).first)
            var tickets = [try stores.tickets.issueDirect(operatorCode: op.code, productCode: ride.code, start: nil)]
            tickets += try stores.tickets.issueRides(operatorCode: op.code, productCode: ride.code, quantity: 2)
            if let pass = pick.passes(of: op).first {
                tickets.append(try stores.tickets.issueDirect(operatorCode: op.code, productCode: pass.code, start: nil, holder: "Anna Bellè", cardNumber: "123456"))
            }
            let zone = TimeZone(identifier: "Europe/Rome") ?? .current
            for ticket in tickets {
                expectAnswersAsTheMirrorReads(TicketView(ticket, timeZone: zone), properties: 26)
            }
        }
    }
}
