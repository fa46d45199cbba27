@testable import TicketsWeb
@testable import WebCore
import WebTestSupport
import Amounts
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TicketKit

/// The ticket screens in the thesis's order, as a browser without JavaScript walks them.
struct TicketScreenTests {
    @Test func theInformationPageCanBeSwitchedOff() async throws {
        try await withBottegaApp { client, _ in
            let first = try await client.execute(uri: "/tickets", method: .get)
            #expect(first.status == .ok)
            #expect(first.text.contains("Don't show this page again"))
            var jar = CookieJar()
            let hide = try await client.execute(uri: "/tickets/info", method: .post, headers: .form(), body: formBody([("hide", "on")]))
            #expect(hide.status == .seeOther)
            jar.take(hide)
            let next = try await client.execute(uri: "/tickets", method: .get, headers: jar.header)
            #expect(next.status == .seeOther)
            #expect(next.headers[.location] == "/tickets/provinces")
            let forced = try await client.execute(uri: "/tickets?info=1", method: .get, headers: jar.header)
            #expect(forced.status == .ok)
        }
    }

    @Test func theProvinceScreenOffersLocationAndAPicker() async throws {
        try await withBottegaApp { client, _ in
            let page = try await client.execute(uri: "/tickets/provinces", method: .get)
            #expect(page.text.contains("id=\"locate\""))
            #expect(page.text.components(separatedBy: "<option value=").count - 1 == 107)
            let go = try await client.execute(uri: "/tickets/provinces/go?code=PD", method: .get)
            #expect(go.headers[.location] == "/tickets/provinces/PD")
        }
    }

    @Test func serviceButtonsAreEnabledOnlyForWhatTheOperatorOffers() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.operatorWithoutSubscriptions()
            let page = try await client.execute(uri: "/tickets/operators/\(op.code)", method: .get)
            #expect(page.text.contains("<button class=\"service\" disabled title=\"Subscription"))
            #expect(page.text.contains("href=\"/tickets/operators/\(op.code)/single\""))
            let refused = try await client.execute(uri: "/tickets/operators/\(op.code)/subscription", method: .get)
            #expect(refused.status == .notFound)
        }
    }

    @Test func multipleTicketsHaveSteppersAndALiveTotal() async throws {
        try await withBottegaApp { client, stores in
            let op = try TicketTestCatalogue(stores).fullOperator()
            let page = try await client.execute(uri: "/tickets/operators/\(op.code)/multiple", method: .get)
            #expect(page.text.contains("data-step=\"-1\""))
            #expect(page.text.contains("data-step=\"1\""))
            #expect(page.text.contains("id=\"live-total\""))
            #expect(page.text.contains("/static/tickets/quantity.js"))
        }
    }

    @Test func buyingMultipleTicketsShowsTheSMSAndMyTickets() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let rides = pick.rides(of: op, as: .multiple)
            let ride = try #require(rides.first)
            let summary = try await client.execute(uri: "/tickets/summary?operator=\(op.code)&service=multiple&qty_\(ride.code)=2", method: .get)
            #expect(summary.status == .ok)
            #expect(summary.text.contains((ride.price * 2).formatted))
            let buy = try await client.execute(uri: "/tickets/purchases", method: .post, headers: .form(), body: formBody([
                ("operator", op.code), ("service", "multiple"), ("qty_\(ride.code)", "2"),
            ]))
            #expect(buy.status == .seeOther)
            var jar = CookieJar()
            jar.take(buy)
            #expect(jar.header[.cookie]?.contains("bottega_device=") == true)
            let purchase = try await client.execute(uri: try #require(buy.headers[.location]), method: .get, headers: jar.header)
            #expect(purchase.text.contains("href=\"sms:"))
            #expect(purchase.text.contains("awaiting payment") && !purchase.text.contains("Validate on boarding") && !purchase.text.contains("ticket-qr"))
            let location = try #require(buy.headers[.location])
            let purchaseID = try #require(Int(location.split(separator: "/").last ?? ""))
            _ = try await TicketTestCatalogue.pay(client, purchase: purchaseID)
            let mine = try await client.execute(uri: "/tickets/mine", method: .get, headers: jar.header)
            #expect(mine.text.components(separatedBy: "Validate on boarding").count - 1 == 2)
            let stranger = try await client.execute(uri: "/tickets/mine", method: .get)
            #expect(!stranger.text.contains("Validate on boarding"))
        }
    }

    @Test func aSubscriptionFromTodayShowsItsQRCodeAndVerifies() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let pass = try #require(pick.passes(of: op).first)
            let today = CalendarDay.text(Date(), in: TimeZone(identifier: op.timeZone) ?? .current)
            let noHolder = try await client.execute(uri: "/tickets/purchases", method: .post, headers: .form(), body: formBody([
                ("operator", op.code), ("service", "subscription"), ("product", pass.code), ("start", today),
            ]))
            #expect(noHolder.status == .badRequest)
            #expect(noHolder.text.contains("a pass is personal"))
            let buy = try await client.execute(uri: "/tickets/purchases", method: .post, headers: .form(), body: formBody([
                ("operator", op.code), ("service", "subscription"), ("product", pass.code), ("start", today), ("holder", "Anna Rossi"),
            ]))
            #expect(buy.status == .seeOther)
            var jar = CookieJar()
            jar.take(buy)
            let location = try #require(buy.headers[.location])
            _ = try await TicketTestCatalogue.pay(client, purchase: try #require(Int(location.split(separator: "/").last ?? "")))
            let mine = try await client.execute(uri: "/tickets/mine", method: .get, headers: jar.header)
            #expect(mine.text.contains("class=\"ticket-qr\""))
            let payload = try #require(mine.text.range(of: "BT1\\.[A-Za-z0-9_-]+", options: .regularExpression).map { String(mine.text[$0]) })
            let verify = try await client.execute(uri: "/tickets/verify", method: .post, headers: .form(), body: formBody([("payload", payload)]))
            #expect(verify.text.contains("Valid ticket"))
            #expect(verify.text.contains("Anna Rossi"), "the inspector sees whose pass it is")
            // One signature character changed for certain (a fixed replacement would equal the
            // original now and then); not the last, whose low bits are base64 padding.
            var tampered = Array(payload)
            tampered[tampered.count - 10] = tampered[tampered.count - 10] == "A" ? "B" : "A"
            let forged = try await client.execute(uri: "/tickets/verify", method: .post, headers: .form(), body: formBody([("payload", String(tampered))]))
            #expect(forged.text.contains("Rejected: "))
            let yesterday = try await client.execute(uri: "/tickets/summary?operator=\(op.code)&service=subscription&product=\(pass.code)&start=2000-01-01", method: .get)
            #expect(yesterday.status == .badRequest)
            let notADate = try await client.execute(uri: "/tickets/summary?operator=\(op.code)&service=subscription&product=\(pass.code)&start=2026-02-30", method: .get)
            #expect(notADate.status == .badRequest)
        }
    }
}
