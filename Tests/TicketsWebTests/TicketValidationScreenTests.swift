@testable import TicketsWeb
import WebTestSupport
import Foundation
import GRDB
import HummingbirdTesting
import Testing
import TicketKit

/// Issue 39: a single ride is bought now and validated on boarding, as the riders' apps do, and
/// its ticket counts down the time it has left.
struct TicketValidationScreenTests {
    @Test func aPaidSingleIsValidatedOnBoardingAndCountsDown() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let ride = try #require(pick.rides(of: op, as: .single).first)
            let minutes = try #require(ride.validityMinutes)
            let summary = try await client.execute(uri: "/tickets/summary?operator=\(op.code)&service=single&qty_\(ride.code)=1", method: .get)
            #expect(summary.text.contains("validate on boarding"))
            let buy = try await client.execute(uri: "/tickets/purchases", method: .post, headers: .form(), body: formBody([
                ("operator", op.code), ("service", "single"), ("qty_\(ride.code)", "1"),
            ]))
            var jar = CookieJar()
            jar.take(buy)
            let location = try #require(buy.headers[.location])
            let purchaseID = try #require(Int(location.split(separator: "/").last ?? ""))
            _ = try await TicketTestCatalogue.pay(client, purchase: purchaseID)
            let paid = try await client.execute(uri: "/tickets/mine", method: .get, headers: jar.header)
            #expect(paid.text.contains("Validate on boarding") && !paid.text.contains("ticket-qr") && !paid.text.contains("class=\"countdown\""))

            let owner = try #require(try Self.owner(stores, purchaseID))
            let ticketID = try #require(try stores.tickets.purchases(owner: owner).first?.tickets.first?.id)
            let before = Date()
            let validated = try await client.execute(uri: "/tickets/mine/\(ticketID)/activate", method: .post, headers: .form(jar.header))
            #expect(validated.status == .seeOther)
            let after = Date()
            let api = try await client.execute(uri: "/api/tickets/tickets/\(ticketID)", method: .get, headers: jar.header).json()
            let from = try #require((api["validFrom"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
            let until = try #require((api["validUntil"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
            // The ride's minutes run from the validation, not from the purchase or the payment.
            #expect(from >= before.addingTimeInterval(-1) && from <= after)
            #expect(until.timeIntervalSince(from) == TimeInterval(minutes * 60))
            let mine = try await client.execute(uri: "/tickets/mine", method: .get, headers: jar.header)
            #expect(mine.text.contains("data-until=\"\(Int64(until.timeIntervalSince1970))\""))
            #expect(mine.text.contains("/static/tickets/countdown.js"))
            // Worked out by hand: a 90-minute ride just validated has 1:29:5x or 1:30:00 left.
            let hours = minutes / 60, rest = minutes % 60
            let full = String(format: "%d:%02d:00", hours, rest)
            let almost = String(format: "%d:%02d:5", (minutes - 1) / 60, (minutes - 1) % 60)
            #expect(mine.text.contains("role=\"timer\">\(full)<") || mine.text.contains("role=\"timer\">\(almost)"), "\(mine.text)")
        }
    }

    static func owner(_ stores: AppStores, _ purchaseID: Int) throws -> String? {
        try stores.tickets.database.read { db in
            try String.fetchOne(db, sql: "SELECT owner FROM ticket_purchase WHERE id = ?", arguments: [purchaseID])
        }
    }

    @Test func timeLeftReadsAsHoursMinutesSeconds() {
        #expect(TicketView.timeLeft(90 * 60) == "1:30:00")
        #expect(TicketView.timeLeft(59.2) == "0:01:00")
        #expect(TicketView.timeLeft(3599.5) == "1:00:00")
        #expect(TicketView.timeLeft(-3) == "0:00:00")
        #expect(TicketView.timeLeft(75 * 60 - 1) == "1:14:59")
    }
}
