import BarcodeWallet
import Foundation
import HummingbirdTesting
import Testing
import WebTestSupport

/// Issue 39: the payment SMS always had a blank recipient (`sms:?body=`). It goes to the number
/// the profile gives, else the one the wallet's operator set, else nowhere until one is typed.
struct WalletPaymentRecipientTests {
    private func savedEAN13(_ client: any TestClientProtocol, _ jar: CookieJar) async throws -> Int {
        let saved = try await client.execute(
            uri: "/api/barcodes/codes", method: .post, headers: .json(jar.header), body: jsonBody(["format": "EAN_13", "text": "4006381333931"]))
        return try #require(try saved.json()["id"] as? Int)
    }

    @Test func withoutANumberNoSMSIsOfferedAndTheAPISaysWhy() async throws {
        try await withBottegaApp { client, _ in
            var ada = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &ada)
            let id = try await savedEAN13(client, ada)
            let sms = try await client.execute(uri: "/api/barcodes/codes/\(id)/sms", method: .get, headers: ada.header)
            #expect(sms.status == .conflict)
            #expect(try (try sms.json()["error"] as? [String: Any])?["code"] as? String == "no_recipient")
            let page = try await client.execute(uri: "/barcodes/codes/\(id)", method: .get, headers: ada.header)
            #expect(page.text.contains("id=\"sms-link\" href=\"sms:?body=") && page.text.contains("aria-disabled=\"true\">Send the SMS"))
            #expect(page.text.contains("No payment number yet"))
        }
    }

    @Test func theOperatorsNumberServesProfilesWithoutTheirOwnAndAProfilesNumberWins() async throws {
        try await withBottegaApp(walletAdminPassword: "wallet admin passphrase") { client, stores in
            let login = try await client.execute(
                uri: "/barcodes/admin/login", method: .post, headers: .form(), body: formBody([("password", "wallet admin passphrase")]))
            var admin = CookieJar()
            admin.take(login)
            let set = try await client.execute(
                uri: "/barcodes/admin/payment-number", method: .post, headers: .form(admin.header), body: formBody([("number", "+39 02 4860-7607")]))
            #expect(set.status == .seeOther)
            #expect(stores.wallet.operatorPaymentNumber() == "+390248607607")
            let refused = try await client.execute(
                uri: "/barcodes/admin/payment-number", method: .post, headers: .form(admin.header), body: formBody([("number", "call me")]))
            #expect(refused.status == .badRequest)
            #expect(stores.wallet.operatorPaymentNumber() == "+390248607607", "a refused number changes nothing")

            var ada = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &ada)
            let id = try await savedEAN13(client, ada)
            let byOperator = try await client.execute(uri: "/api/barcodes/codes/\(id)/sms", method: .get, headers: ada.header).json()
            #expect(byOperator["to"] as? String == "+390248607607" && byOperator["recipientSource"] as? String == "operator")
            #expect((byOperator["link"] as? String)?.hasPrefix("sms:+390248607607?body=PAY%204006381333931") == true)
            let page = try await client.execute(uri: "/barcodes/codes/\(id)", method: .get, headers: ada.header)
            #expect(page.text.contains("href=\"sms:+390248607607?body=") && !page.text.contains("aria-disabled=\"true\">Send the SMS"))
            #expect(page.text.contains("The payment number this wallet&#39;s operator set."))

            let me = try await client.execute(uri: "/api/barcodes/me", method: .get, headers: ada.header).json()
            let changed = try await client.execute(uri: "/api/barcodes/me", method: .put, headers: .json(ada.header), body: jsonBody([
                "firstName": me["firstName"] as? String ?? "", "lastName": me["lastName"] as? String ?? "",
                "address": me["address"] as? String ?? "", "email": me["email"] as? String ?? "", "paymentNumber": "320 204 3497",
            ]))
            #expect(changed.status == .ok)
            #expect(try changed.json()["paymentNumber"] as? String == "3202043497")
            let byProfile = try await client.execute(uri: "/api/barcodes/codes/\(id)/sms", method: .get, headers: ada.header).json()
            #expect(byProfile["to"] as? String == "3202043497" && byProfile["recipientSource"] as? String == "profile")
            let typed = try await client.execute(uri: "/api/barcodes/codes/\(id)/sms?to=%2B39%20333%201234567", method: .get, headers: ada.header).json()
            #expect(typed["to"] as? String == "+393331234567" && typed["recipientSource"] as? String == "request")
            let badTyped = try await client.execute(uri: "/api/barcodes/codes/\(id)/sms?to=12", method: .get, headers: ada.header)
            #expect(badTyped.status == .badRequest)
            #expect(try (try badTyped.json()["error"] as? [String: Any])?["code"] as? String == "invalid_recipient")
        }
    }

    @Test func aWrongPaymentNumberIsNamedWithTheOtherWrongFieldsAtRegistration() async throws {
        try await withBottegaApp { client, _ in
            let answer = try await client.execute(uri: "/api/barcodes/users", method: .post, headers: .json(), body: jsonBody([
                "nickname": "bea", "password": "long-passphrase", "firstName": "", "lastName": "Rossi", "address": "Via Po 1",
                "email": "bea@example.org", "paymentNumber": "+39 abc",
            ]))
            #expect(answer.status == .badRequest)
            let error = try #require(try answer.json()["error"] as? [String: Any])
            #expect(error["fields"] as? [String] == ["firstName", "paymentNumber"], "\(answer.text)")
        }
    }

    @Test func numbersAreStoredAsDialled() throws {
        // Worked out by hand from how Italian numbers are written.
        #expect(try PaymentNumber.normalized(" +39 (02) 4860.7607 ") == "+390248607607")
        #expect(try PaymentNumber.normalized("48444") == "48444")
        #expect(try PaymentNumber.normalized("") == "")
        #expect(throws: WalletError.self) { try PaymentNumber.normalized("+39 02 48607607 123456") }
        #expect(throws: WalletError.self) { try PaymentNumber.normalized("12") }
        #expect(throws: WalletError.self) { try PaymentNumber.normalized("39+02") }
    }
}
