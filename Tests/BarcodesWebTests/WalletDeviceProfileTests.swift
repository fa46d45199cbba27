import BarcodeWallet
import Credentials
import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Testing
import TicketKit
import WebTestSupport

/// Issue 39: each cookieless `POST /api/barcodes/codes` made a permanent hidden `~device-…`
/// profile (20 requests, 20 users). Now one device profile per device cookie the server issued,
/// and none without one.
struct WalletDeviceProfileTests {
    private func deviceProfiles(_ stores: AppStores) throws -> Int {
        try stores.wallet.database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM barcode_user WHERE nickname LIKE '~device-%'") ?? -1
        }
    }

    private let code = jsonBody(["format": "EAN_8", "text": "96385074"])

    @Test func cookielessAndMadeUpCookieSavesMakeNoProfile() async throws {
        try await withBottegaApp { client, stores in
            for _ in 0..<20 {
                let answer = try await client.execute(uri: "/api/barcodes/codes", method: .post, headers: .json(), body: code)
                #expect(answer.status == .conflict)
                #expect(try (try answer.json()["error"] as? [String: Any])?["code"] as? String == "device_cookie_required")
            }
            for index in 0..<5 {
                var headers = HTTPFields.json()
                headers[.cookie] = "bottega_device=made-up-\(index)"
                #expect(try await client.execute(uri: "/api/barcodes/codes", method: .post, headers: headers, body: code).status == .conflict)
                headers[.cookie] = "bottega_device=abc.\(String(repeating: "0", count: 64))"
                #expect(try await client.execute(uri: "/api/barcodes/codes", method: .post, headers: headers, body: code).status == .conflict)
            }
            #expect(try deviceProfiles(stores) == 0)
        }
    }

    @Test func oneIssuedCookieIsOneProfileForEverySave() async throws {
        try await withBottegaApp { client, stores in
            // The scan screen hands out the cookie its save form needs, without making a profile.
            let scan = try await client.execute(uri: "/barcodes", method: .get)
            var device = CookieJar()
            device.take(scan)
            #expect(device.values["bottega_device"] != nil)
            #expect(try deviceProfiles(stores) == 0)
            let saved = try await client.execute(uri: "/barcodes/codes", method: .post, headers: .form(device.header), body: formBody([("format", "EAN_8"), ("text", "96385074")]))
            #expect(saved.status == .seeOther)
            let again = try await client.execute(uri: "/api/barcodes/codes", method: .post, headers: .json(device.header), body: jsonBody(["format": "EAN_13", "text": "4006381333931"]))
            #expect(again.status == .created)
            #expect(try deviceProfiles(stores) == 1)
            let listed = try await client.execute(uri: "/api/barcodes/codes", method: .get, headers: device.header)
            let texts = try #require(try listed.json()["codes"] as? [[String: Any]]).compactMap { $0["text"] as? String }
            #expect(Set(texts) == ["96385074", "4006381333931"])
            // A visitor that already has a device cookie is not handed another.
            let rescan = try await client.execute(uri: "/barcodes", method: .get, headers: device.header)
            #expect(!rescan.headers[values: .setCookie].contains { $0.hasPrefix("bottega_device=") })
        }
    }

    @Test func aCookieFromBeforeSignedOnesKeepsItsTicketsWhenReplaced() async throws {
        try await withBottegaApp { client, stores in
            let catalogue = try stores.tickets.catalogue()
            let op = try #require(catalogue.operators.first { $0.paymentRoute == .bottega && $0.services.contains(.single) })
            let ride = try #require(catalogue.products(operatorCode: op.code, service: .single).first)
            var headers = HTTPFields.json()
            headers[.cookie] = "bottega_device=an-old-unsigned-cookie"
            let bought = try await client.execute(uri: "/api/tickets/purchases", method: .post, headers: headers, body: jsonBody([
                "operator": op.code, "service": "single", "lines": [["product": ride.code, "quantity": 1]],
            ] as [String: Any]))
            #expect(bought.status == .created, "\(bought.text)")
            let refused = try await client.execute(uri: "/api/barcodes/codes", method: .post, headers: headers, body: code)
            #expect(refused.status == .conflict)
            var device = CookieJar()
            device.take(refused)
            let signed = try #require(device.values["bottega_device"])
            #expect(signed != "an-old-unsigned-cookie")
            let purchases = try await client.execute(uri: "/api/tickets/purchases", method: .get, headers: device.header)
            #expect(try #require(try purchases.json()["purchases"] as? [[String: Any]]).count == 1, "the browser's purchase followed its new cookie")
            #expect(try await client.execute(uri: "/api/barcodes/codes", method: .post, headers: .json(device.header), body: code).status == .created)
        }
    }

    @Test func aDeviceThatSavedBeforeSignedCookiesKeepsItsCodes() async throws {
        try await withBottegaApp { client, stores in
            // A profile an earlier version made for an unsigned cookie, with a code in it.
            let device = try stores.wallet.deviceUser(deviceKey: SessionToken.digest("an-old-unsigned-cookie"))
            _ = try stores.wallet.save(format: .ean8, text: "96385074", description: nil, userID: device.id)
            var headers = HTTPFields.json()
            headers[.cookie] = "bottega_device=an-old-unsigned-cookie"
            let listed = try await client.execute(uri: "/api/barcodes/codes", method: .get, headers: headers)
            #expect(try #require(try listed.json()["codes"] as? [[String: Any]]).contains { $0["text"] as? String == "96385074" })
            let saved = try await client.execute(uri: "/api/barcodes/codes", method: .post, headers: headers, body: jsonBody(["format": "EAN_13", "text": "4006381333931"]))
            #expect(saved.status == .created)
            #expect(try deviceProfiles(stores) == 1)
        }
    }
}
