@testable import ShopWeb
@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 36: `next=/%09/evil.example` passed `safeNext`; browsers drop the tab and follow
/// `//evil.example` to another site (only the CSP's `form-action` stopped it).
@Suite struct SafeNextTests {
    @Test func nothingThatABrowserReadsAsAnotherSitePasses() {
        let elsewhere = [
            "/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "\t//evil.example", "//evil.example", "/\\evil.example", "/\\/evil.example",
            "\\\\evil.example", "https://evil.example", "evil.example", "/ /evil.example", "/%09/evil.example", "/%2F/evil.example", "/%5Cevil.example",
            "/%2509/evil.example".removingPercentEncoding ?? "", "/\u{200B}/evil.example", "/scholar\\..\\..\\evil", "", "javascript:alert(1)",
        ]
        for next in elsewhere {
            #expect(LoginRequired.safeNext(next) == "/barcodes/history", "\(next.debugDescription)")
        }
        #expect(LoginRequired.safeNext(nil) == "/barcodes/history")
        #expect(ShopScreenRoutes.safeNext("/shop/\t/evil.example") == "/shop/account")
        #expect(ShopScreenRoutes.safeNext("/%09/evil.example") == "/shop/account")
    }

    @Test func localPathsStillPass() {
        for next in ["/scholar/history", "/orders/customers?q=bar", "/scholar/searches/1?q=Waldo%20Tobler", "/barcodes", "/"] {
            #expect(LoginRequired.safeNext(next) == next)
        }
        #expect(ShopScreenRoutes.safeNext("/shop/cart") == "/shop/cart")
    }

    @Test func theLogInFormSendsATabbedNextHome() async throws {
        try await withBottegaApp { client, _ in
            var jar = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &jar)
            let login = try await client.execute(
                uri: "/barcodes/login", method: .post, headers: .form(),
                body: ByteBuffer(string: "nickname=ada&password=s3cret-passphrase&next=/%09/evil.example"))
            #expect(login.status == .seeOther)
            #expect(login.headers[.location] == "/barcodes/history")
        }
    }
}
