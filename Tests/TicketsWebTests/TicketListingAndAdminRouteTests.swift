@testable import TicketsWeb
@testable import WebCore
import WebTestSupport
import BarcodeKit
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Testing
import TicketKit

/// The ticket listings, the public key, purchases,
/// the QR picture, the verify screen's photo upload, and the admin's operator and province edits.
struct TicketListingAndAdminRouteTests {
    static let password = "correct horse battery staple"
    static let admin: HTTPFields = [.authorization: "Bearer \(password)", .contentType: "application/json"]

    @Test func listingsAndThePublicKeyAnswer() async throws {
        try await withBottegaApp { client, stores in
            let provinces = try await client.execute(uri: "/api/tickets/provinces", method: .get)
            #expect((try provinces.json()["provinces"] as? [Any])?.count == 107)
            let padova = try await client.execute(uri: "/api/tickets/provinces/PD", method: .get)
            #expect(((try padova.json()["operators"] as? [[String: Any]])?.isEmpty) == false)
            let op = try TicketTestCatalogue(stores).fullOperator()
            let detail = try await client.execute(uri: "/api/tickets/operators/\(op.code)", method: .get)
            #expect((try detail.json()["products"] as? [Any])?.isEmpty == false)
            let key = try await client.execute(uri: "/api/tickets/public-key", method: .get)
            let encoded = try #require(try key.json()["publicKey"] as? String)
            let raw = try #require(Data(base64Encoded: encoded))
            #expect(raw == (try stores.tickets.publicKey().rawRepresentation))
        }
    }

    @Test func purchasesAreListedForTheirOwnerOnly() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let ride = try #require(pick.rides(of: op, as: .single).first)
            let bought = try await client.execute(uri: "/api/tickets/purchases", method: .post, headers: .json(), body: jsonBody([
                "operator": op.code, "service": "single", "lines": [["product": ride.code, "quantity": 1]],
            ]))
            var jar = CookieJar()
            jar.take(bought)
            let purchaseID = try #require(try bought.json()["id"] as? Int)
            let mine = try await client.execute(uri: "/api/tickets/purchases", method: .get, headers: jar.header)
            let listed = try #require(try mine.json()["purchases"] as? [[String: Any]])
            #expect(listed.map { $0["id"] as? Int } == [purchaseID])
            #expect(listed.first?["total"] as? String == ride.price.plainText)
            let theirs = try await client.execute(uri: "/api/tickets/purchases", method: .get)
            #expect((try theirs.json()["purchases"] as? [Any])?.isEmpty == true)
            let screen = try await client.execute(uri: "/tickets/purchases/\(purchaseID)", method: .get)
            #expect(screen.status == .notFound)
            let owner = try #require(try Self.owner(of: stores, purchase: purchaseID))
            let ticket = try #require(try stores.tickets.tickets(owner: owner).first)
            let unpaidQR = try await client.execute(uri: "/tickets/mine/\(ticket.id)/qr.svg", method: .get, headers: jar.header)
            #expect(unpaidQR.status == .notFound, "no QR Code before the payment")
            _ = try await TicketTestCatalogue.pay(client, purchase: purchaseID)
            _ = try stores.tickets.activate(ticketID: ticket.id, owner: owner)
            let qr = try await client.execute(uri: "/tickets/mine/\(ticket.id)/qr.svg", method: .get, headers: jar.header)
            #expect(qr.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
            let strangersQR = try await client.execute(uri: "/tickets/mine/\(ticket.id)/qr.svg", method: .get)
            #expect(strangersQR.status == .notFound)
            let unknownService = try await client.execute(uri: "/api/tickets/purchases", method: .post, headers: .json(), body: jsonBody([
                "operator": op.code, "service": "season", "lines": [["product": ride.code, "quantity": 1]],
            ]))
            #expect(unknownService.status == .badRequest)
            let notJSON = try await client.execute(uri: "/api/tickets/purchases", method: .post, headers: .json(), body: ByteBuffer(string: "operator=x"))
            #expect(notJSON.status == .badRequest)
        }
    }

    /// The owner key a purchase was recorded under (the browser's device cookie, digested).
    static func owner(of stores: AppStores, purchase: Int) throws -> String? {
        try stores.tickets.database.read { db in
            try String.fetchOne(db, sql: "SELECT owner FROM ticket_purchase WHERE id = ?", arguments: [purchase])
        }
    }

    @Test func theVerifyScreenReadsAPhotoOfTheQRCode() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let ride = try #require(pick.rides(of: op, as: .single).first)
            let issued = try stores.tickets.issueDirect(operatorCode: op.code, productCode: ride.code, start: nil)
            let payload = try #require(issued.payload)
            let png = try PNGBarcodeRenderer.png(try stores.tickets.qrCode(for: payload), scale: 8)
            let (headers, body) = multipartBody(field: "image", filename: "ticket.png", bytes: png)
            let verdict = try await client.execute(uri: "/tickets/verify", method: .post, headers: headers, body: body)
            #expect(verdict.text.contains("Valid ticket"))
            let (junkHeaders, junk) = multipartBody(field: "image", filename: "ticket.png", bytes: Array("no".utf8))
            let refused = try await client.execute(uri: "/tickets/verify", method: .post, headers: junkHeaders, body: junk)
            // Not an image at all: the photo is what cannot be processed (as on the wallet's scan).
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("role=\"alert\""))
        }
    }

    @Test func theAdminAPIEditsOperatorsAndProvinces() async throws {
        try await withBottegaApp { client, stores in
            var province = try #require(try stores.tickets.catalogue().province(code: "PD"))
            province.name = "Padova (edited)"
            let saved = try await client.execute(uri: "/api/tickets/admin/provinces/PD", method: .put, headers: Self.admin, body: ByteBuffer(bytes: try JSONEncoder().encode(province)))
            #expect(saved.status == .ok, "\(saved.text)")
            #expect(try stores.tickets.catalogue().province(code: "PD")?.name == "Padova (edited)")

            var op = try TicketTestCatalogue(stores).fullOperator()
            op.smsNumber = "4880105"
            let savedOperator = try await client.execute(uri: "/api/tickets/admin/operators/\(op.code)", method: .put, headers: Self.admin, body: ByteBuffer(bytes: try JSONEncoder().encode(op)))
            #expect(savedOperator.status == .ok, "\(savedOperator.text)")
            #expect(try stores.tickets.catalogue().operator(code: op.code)?.smsNumber == "4880105")
            op.provinceCodes = ["ZZ"]
            let unknownProvince = try await client.execute(uri: "/api/tickets/admin/operators/\(op.code)", method: .put, headers: Self.admin, body: ByteBuffer(bytes: try JSONEncoder().encode(op)))
            #expect(unknownProvince.status.code >= 400 && unknownProvince.status.code < 500)
            let deleted = try await client.execute(uri: "/api/tickets/admin/operators/\(op.code)", method: .delete, headers: Self.admin)
            #expect(deleted.status == .noContent)
            #expect(try stores.tickets.catalogue().operator(code: op.code) == nil)
        }
    }

    @Test func theAdminScreenAddsAndDeletesAnOperator() async throws {
        try await withBottegaApp { client, stores in
            var jar = CookieJar()
            jar.take(try await client.execute(uri: "/tickets/admin/login", method: .post, headers: .form(), body: formBody([("password", Self.password)])))
            let added = try await client.execute(uri: "/tickets/admin/operators", method: .post, headers: .form(jar.header), body: formBody([
                ("code", "APS-PD"), ("name", "APS Holding Padova"), ("provinces", "PD"), ("smsNumber", ""), ("messageTemplate", "{keyword}"),
            ]))
            #expect(added.status == .seeOther)
            #expect(try stores.tickets.catalogue().operator(code: "APS-PD")?.name == "APS Holding Padova")
            let badCode = try await client.execute(uri: "/tickets/admin/operators", method: .post, headers: .form(jar.header), body: formBody([
                ("code", "bad code!"), ("name", "X"), ("provinces", "PD"),
            ]))
            #expect(badCode.status == .badRequest)
            let deleted = try await client.execute(uri: "/tickets/admin/operators/APS-PD/delete", method: .post, headers: jar.header)
            #expect(deleted.status == .seeOther)
            #expect(try stores.tickets.catalogue().operator(code: "APS-PD") == nil)
            let withoutLogin = try await client.execute(uri: "/tickets/admin/operators", method: .post, headers: .form(), body: formBody([("code", "X-1"), ("name", "X"), ("provinces", "PD")]))
            #expect(withoutLogin.status == .unauthorized)
        }
    }
}
