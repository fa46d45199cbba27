@testable import TicketsWeb
@testable import WebCore
import WebTestSupport
import Amounts
import BarcodeKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TicketKit

/// The tickets' API over HTTP: catalogue, nearest province, quotes and their refusals,
/// purchases, activation, "My tickets" per browser, and offline verification.
struct TicketRouteTests {
    @Test func theCatalogueListsEveryProvinceWithItsOperators() async throws {
        try await withBottegaApp { client, _ in
            let response = try await client.execute(uri: "/api/tickets/catalogue", method: .get)
            #expect(response.status == .ok)
            let body = try response.json()
            #expect((body["provinces"] as? [Any])?.count == 107)
            let products = try #require(body["products"] as? [[String: Any]])
            // Money leaves as a decimal string, never a float.
            #expect(products.allSatisfy { $0["price"] is String })
        }
    }

    @Test func theNearestProvinceIsTheOneWhoseCapitalIsClosest() async throws {
        try await withBottegaApp { client, _ in
            // Piazza dei Signori, Padova.
            let padova = try await client.execute(uri: "/api/tickets/provinces/nearest?lat=45.4079&lon=11.8734", method: .get)
            #expect((try padova.json()["province"] as? [String: Any])?["code"] as? String == "PD")
            let screen = try await client.execute(uri: "/tickets/provinces/nearest?lat=45.4079&lon=11.8734", method: .get)
            #expect(screen.status == .seeOther)
            #expect(screen.headers[.location]?.hasPrefix("/tickets/provinces/PD") == true)
            for bad in ["lat=95&lon=11", "lat=abc&lon=11", "lon=11"] {
                let refused = try await client.execute(uri: "/api/tickets/provinces/nearest?\(bad)", method: .get)
                #expect(refused.status == .badRequest, "\(bad)")
            }
        }
    }

    @Test func anUnknownProvinceOrOperatorIsNotFound() async throws {
        try await withBottegaApp { client, _ in
            for address in ["/api/tickets/provinces/ZZ", "/tickets/provinces/ZZ", "/api/tickets/operators/NOPE", "/tickets/operators/NOPE/single"] {
                let response = try await client.execute(uri: address, method: .get)
                #expect(response.status == .notFound, "\(address)")
            }
        }
    }

    @Test(arguments: [0, 1000, -1])
    func aQuantityOutsideTheLimitsIsRefused(_ quantity: Int) async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let ride = try #require(pick.rides(of: op, as: .multiple).first)
            let body = jsonBody(["operator": op.code, "service": "multiple", "lines": [["product": ride.code, "quantity": quantity]]])
            let quote = try await client.execute(uri: "/api/tickets/quote", method: .post, headers: .json(), body: body)
            #expect(quote.status == .badRequest)
            let message = try #require((try quote.json()["error"] as? [String: Any])?["message"] as? String)
            #expect(message.contains(ride.code) || message.contains(ride.name))
            let screen = try await client.execute(uri: "/tickets/summary?operator=\(op.code)&service=multiple&qty_\(ride.code)=\(quantity)", method: .get)
            #expect(screen.status == .badRequest)
        }
    }

    @Test func aQuoteAddsDecimalPricesExactly() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let ride = try #require(pick.rides(of: op, as: .multiple).first)
            let quote = try await client.execute(uri: "/api/tickets/quote", method: .post, headers: .json(), body: jsonBody([
                "operator": op.code, "service": "multiple", "lines": [["product": ride.code, "quantity": 3]],
            ]))
            #expect(quote.status == .ok)
            let expected = ride.price * 3
            #expect(try quote.json()["total"] as? String == expected.plainText)
        }
    }

    @Test func multipleTicketsAreActivatedOneByOneAndVerify() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let ride = try #require(pick.rides(of: op, as: .multiple).first)
            var jar = CookieJar()
            let bought = try await client.execute(uri: "/api/tickets/purchases", method: .post, headers: .json(), body: jsonBody([
                "operator": op.code, "service": "multiple", "lines": [["product": ride.code, "quantity": 2]],
            ]))
            #expect(bought.status == .created, "\(bought.text)")
            jar.take(bought)
            #expect(try bought.json()["state"] as? String == "awaitingPayment")
            let unpaid = try #require(try bought.json()["tickets"] as? [[String: Any]])
            #expect(unpaid.count == 2)
            #expect(unpaid.allSatisfy { $0["state"] as? String == "awaitingPayment" && $0["payload"] == nil })
            let smsLinks = try #require(try bought.json()["smsLinks"] as? [String])
            #expect(smsLinks.count == 2 && smsLinks.allSatisfy { $0.hasPrefix("sms:") })
            let early = try await client.execute(uri: "/api/tickets/tickets/\(try #require(unpaid.first?["id"] as? Int))/activate", method: .post, headers: jar.header)
            #expect(early.status == .conflict, "a ride of an unpaid purchase cannot be activated")

            let paid = try await TicketTestCatalogue.pay(client, purchase: try #require(try bought.json()["id"] as? Int))
            let tickets = try #require(paid["tickets"] as? [[String: Any]])
            #expect(tickets.allSatisfy { $0["state"] as? String == "unused" && $0["payload"] == nil })
            let id = try #require(tickets.first?["id"] as? Int)
            let activated = try await client.execute(uri: "/api/tickets/tickets/\(id)/activate", method: .post, headers: jar.header)
            #expect(activated.status == .ok)
            let payload = try #require(try activated.json()["payload"] as? String)
            let again = try await client.execute(uri: "/api/tickets/tickets/\(id)/activate", method: .post, headers: jar.header)
            #expect(again.status.code >= 400 && again.status.code < 500)

            let verified = try await client.execute(uri: "/api/tickets/verify", method: .post, headers: .json(), body: jsonBody(["payload": payload]))
            #expect(try verified.json()["valid"] as? Bool == true)
            #expect(try verified.json()["product"] as? String == ride.code)
        }
    }

    @Test func everyKindOfBadTicketIsRejectedWithItsReason() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let pass = try #require(pick.passes(of: op).first)
            let bought = try await client.execute(uri: "/api/tickets/purchases", method: .post, headers: .json(), body: jsonBody([
                "operator": op.code, "service": "subscription", "lines": [["product": pass.code, "quantity": 1]], "holder": "Anna Rossi",
            ]))
            #expect(bought.status == .created, "\(bought.text)")
            let paid = try await TicketTestCatalogue.pay(client, purchase: try #require(try bought.json()["id"] as? Int))
            let ticket = try #require((paid["tickets"] as? [[String: Any]])?.first)
            #expect(ticket["holder"] as? String == "Anna Rossi")
            let payload = try #require(ticket["payload"] as? String)
            var altered = Array(payload)
            // A character in the serial and times: the key id (before them) stays readable.
            let index = altered.index(altered.startIndex, offsetBy: 28)
            altered[index] = altered[index] == "A" ? "B" : "A"
            let cases: [(String, String, String)] = [
                (String(altered), "", "bad signature"),
                (payload, "?at=2099-01-01T00:00:00Z", "expired"),
                (payload, "?at=2000-01-01T00:00:00Z", "not yet valid"),
                ("BT1.not-a-ticket", "", "malformed"),
                ("hello", "", "malformed"),
            ]
            for (text, query, reason) in cases {
                let verdict = try await client.execute(uri: "/api/tickets/verify\(query)", method: .post, headers: .json(), body: jsonBody(["payload": text]))
                #expect(verdict.status == .ok)
                #expect(try verdict.json()["valid"] as? Bool == false)
                #expect(try verdict.json()["reason"] as? String == reason, "\(text.prefix(20)) \(query)")
            }
            let noPayload = try await client.execute(uri: "/api/tickets/verify", method: .post, headers: .json(), body: jsonBody(["ticket": "x"]))
            #expect(noPayload.status == .badRequest)
            let badTime = try await client.execute(uri: "/api/tickets/verify?at=yesterday", method: .post, headers: .json(), body: jsonBody(["payload": payload]))
            #expect(badTime.status == .badRequest)
        }
    }

    @Test func aTicketsQRCodeImageVerifies() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let ride = try #require(pick.rides(of: op, as: .single).first)
            let bought = try await client.execute(uri: "/api/tickets/purchases", method: .post, headers: .json(), body: jsonBody([
                "operator": op.code, "service": "single", "lines": [["product": ride.code, "quantity": 1]],
            ]))
            var jar = CookieJar()
            jar.take(bought)
            #expect((try bought.json()["tickets"] as? [[String: Any]])?.first?["qr"] == nil, "no QR Code before the payment")
            let paid = try await TicketTestCatalogue.pay(client, purchase: try #require(try bought.json()["id"] as? Int))
            let unused = try #require((paid["tickets"] as? [[String: Any]])?.first)
            #expect(unused["state"] as? String == "unused" && unused["qr"] == nil, "paid, waiting for its validation on boarding")
            let unusedID = try #require(unused["id"] as? Int)
            let validated = try await client.execute(uri: "/api/tickets/tickets/\(unusedID)/activate", method: .post, headers: jar.header)
            let ticket = try validated.json()
            #expect(ticket["state"] as? String == "active")
            let qr = try await client.execute(uri: try #require(ticket["qr"] as? String), method: .get, headers: jar.header)
            #expect(qr.headers[.contentType] == "image/png")
            let verdict = try await client.execute(uri: "/api/tickets/verify", method: .post, headers: [.contentType: "image/png"], body: qr.body)
            #expect(try verdict.json()["valid"] as? Bool == true)
            let noQR = try await client.execute(uri: "/api/tickets/verify", method: .post, headers: [.contentType: "image/png"], body: ByteBuffer(string: "junk"))
            #expect(noQR.status == .unprocessableContent)
            #expect(try (try noQR.json()["error"] as? [String: Any])?["code"] as? String == "unreadable_image")
        }
    }

    @Test func oneBrowserNeverSeesAnothersTickets() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let ride = try #require(pick.rides(of: op, as: .multiple).first)
            let bought = try await client.execute(uri: "/api/tickets/purchases", method: .post, headers: .json(), body: jsonBody([
                "operator": op.code, "service": "multiple", "lines": [["product": ride.code, "quantity": 1]],
            ]))
            var first = CookieJar()
            first.take(bought)
            let id = try #require((try bought.json()["tickets"] as? [[String: Any]])?.first?["id"] as? Int)
            let stranger = try await client.execute(uri: "/api/tickets/tickets/\(id)", method: .get)
            #expect(stranger.status == .notFound)
            let strangerActivates = try await client.execute(uri: "/api/tickets/tickets/\(id)/activate", method: .post)
            #expect(strangerActivates.status == .notFound)
            let mine = try await client.execute(uri: "/api/tickets/tickets", method: .get, headers: first.header)
            #expect((try mine.json()["tickets"] as? [Any])?.count == 1)
        }
    }
}
