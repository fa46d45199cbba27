@testable import WebCore
import WebTestSupport
import BottegaWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Issue 19's probes, each as it was sent: every refusal is the promised error (JSON under
/// `/api/`, an HTML page elsewhere), and none of them crashes or stalls the server.
struct ServeRefusalTests {
    /// The routes that read an uploaded file.
    static let uploadRoutes = ["/api/barcodes/scan", "/barcodes/scan", "/tickets/verify", "/api/tickets/verify", "/orders/exchange/import"]

    /// The one-line crash: `curl -H 'Content-Type: multipart/form-data; boundary=""' --data x`.
    @Test(arguments: uploadRoutes)
    func aQuotedEmptyBoundaryIsABadRequestNotACrash(route: String) async throws {
        try await withBottegaApp { client, _ in
            for contentType in [#"multipart/form-data; boundary="""#, "multipart/form-data; boundary=", "multipart/form-data"] {
                let response = try await client.execute(
                    uri: route, method: .post, headers: [.contentType: contentType], body: ByteBuffer(string: "x"))
                #expect(response.status == .badRequest, "\(route) with \(contentType): \(response.text)")
                Self.expectPromisedForm(response, route: route)
            }
        }
    }

    @Test(arguments: uploadRoutes)
    func aMultipartBodyCutShortIsABadRequest(route: String) async throws {
        try await withBottegaApp { client, _ in
            let (headers, whole) = multipartBody(field: route.contains("orders") ? "file" : "image", filename: "a.png", bytes: Array(repeating: 0x41, count: 64))
            let cut = whole.getSlice(at: 0, length: whole.readableBytes - 30) ?? whole
            let response = try await client.execute(uri: route, method: .post, headers: headers, body: cut)
            #expect(response.status == .badRequest, "\(route): \(response.text)")
            #expect(response.text.contains("cut short"))
            Self.expectPromisedForm(response, route: route)
        }
    }

    /// Found by Fuzz/'s MultipartFuzzer: a byte above 127 in a part's header name trapped
    /// MultipartKit's parser, which killed the server as the empty boundary did.
    @Test(arguments: uploadRoutes)
    func aPartHeaderNameOutsideASCIIIsABadRequestNotACrash(route: String) async throws {
        try await withBottegaApp { client, _ in
            let field = route.contains("orders") ? "file" : "image"
            var body = ByteBuffer(string: "--abc\r\nContent-Dispositio")
            body.writeBytes([0xCA])
            body.writeString("n: form-data; name=\"\(field)\"\nContent-Type: image/png\n\r\nx\r\n--abc--\r\n")
            let response = try await client.execute(
                uri: route, method: .post, headers: [.contentType: "multipart/form-data; boundary=abc"], body: body)
            #expect(response.status == .badRequest, "\(route): \(response.text)")
            Self.expectPromisedForm(response, route: route)
        }
    }

    @Test func unknownAddressesAreA404InThePromisedForm() async throws {
        try await withBottegaApp { client, _ in
            let api = try await client.execute(uri: "/api/tickets/nothing-here", method: .get)
            #expect(api.status == .notFound)
            #expect(try apiErrorCode(api) == "not_found")
            let screen = try await client.execute(uri: "/tickets/nothing/here", method: .get)
            #expect(screen.status == .notFound)
            #expect(screen.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(screen.text.contains("Not found"))
        }
    }

    @Test func aKnownAddressAskedWithAnotherMethodIsA405WithAllow() async throws {
        try await withBottegaApp { client, _ in
            let api = try await client.execute(uri: "/api/barcodes/scan", method: .get)
            #expect(api.status == .methodNotAllowed)
            #expect(api.headers[.allow] == "POST")
            #expect(try apiErrorCode(api) == "method_not_allowed")
            let withID = try await client.execute(uri: "/api/tickets/provinces/PD", method: .delete)
            #expect(withID.status == .methodNotAllowed)
            #expect(withID.headers[.allow]?.contains("GET") == true)
            let screen = try await client.execute(uri: "/barcodes/history", method: .put)
            #expect(screen.status == .methodNotAllowed)
            #expect(screen.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    @Test func percentEncodedIdsAreDecoded() async throws {
        try await withBottegaApp { client, _ in
            let plain = try await client.execute(uri: "/api/tickets/provinces/PD", method: .get)
            let encoded = try await client.execute(uri: "/api/tickets/provinces/P%44", method: .get)
            #expect(plain.status == .ok)
            #expect(encoded.status == .ok)
            #expect(encoded.text == plain.text)
            let broken = try await client.execute(uri: "/api/tickets/provinces/P%FF", method: .get)
            #expect(broken.status == .badRequest)
            #expect(try apiErrorCode(broken) == "bad_path")
        }
    }

    @Test func aJSONBodyOverTheLimitIsA413NotAnNIOError() async throws {
        try await withBottegaApp { client, _ in
            let huge = ByteBuffer(string: #"{"nickname": ""# + String(repeating: "a", count: 2_200_000) + #""}"#)
            let response = try await client.execute(uri: "/api/barcodes/users", method: .post, headers: .json(), body: huge)
            #expect(response.status == .contentTooLarge)
            #expect(try apiErrorCode(response) == "too_large")
            #expect(!response.text.contains("NIOTooManyBytesError"))
        }
    }

    @Test func aFormBodyOverTheLimitIsA413Page() async throws {
        try await withBottegaApp { client, _ in
            let huge = ByteBuffer(string: "nickname=" + String(repeating: "a", count: 70_000) + "&password=x")
            let response = try await client.execute(uri: "/barcodes/login", method: .post, headers: .form(), body: huge)
            #expect(response.status == .contentTooLarge)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(!response.text.contains("NIOTooManyBytesError"))
        }
    }

    @Test func overlongFieldsAreRefusedByName() async throws {
        try await withBottegaApp { client, _ in
            let long = String(repeating: "é", count: 10_001)
            let json = try await client.execute(
                uri: "/api/barcodes/users", method: .post, headers: .json(),
                body: jsonBody(["nickname": "ada", "password": "s3cret-passphrase", "firstName": long, "lastName": "R", "address": "A", "email": "a@b.it"]))
            #expect(json.status == .badRequest)
            #expect(try apiErrorCode(json) == "too_long")
            #expect(json.text.contains("firstName"))
            let form = try await client.execute(
                uri: "/barcodes/login", method: .post, headers: .form(), body: ByteBuffer(string: "nickname=\(String(repeating: "a", count: 10_001))&password=x"))
            #expect(form.status == .badRequest)
            #expect(form.text.contains("nickname"))
        }
    }

    /// Was an empty 500: SQLite refuses LIKE patterns over 50,000 bytes.
    @Test func aFiftyThousandCharacterQueryIsRefusedNotA500() async throws {
        try await withBottegaApp { client, _ in
            let q = String(repeating: "x", count: 50_000)
            let response = try await client.execute(uri: "/api/orders/suggest?kind=customer&q=\(q)", method: .get)
            #expect(response.status == .badRequest)
            #expect(try apiErrorCode(response) == "too_long")
            #expect(response.text.contains("“q”"))
        }
    }

    /// Was a 13.8 MB SVG.
    @Test func aSixtyThousandCharacterCode128IsNotDrawn() async throws {
        try await withBottegaApp { client, _ in
            let text = String(repeating: "A", count: 1_999)
            let response = try await client.execute(uri: "/api/barcodes/render.svg?format=CODE_128&text=\(text)", method: .get)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("at most 80 characters"))
            let fine = try await client.execute(uri: "/api/barcodes/render.svg?format=CODE_128&text=\(String(repeating: "A", count: 80))", method: .get)
            #expect(fine.status == .ok)
        }
    }

    @Test func aCursorTheServerNeverIssuedIsRefused() async throws {
        try await withBottegaApp { client, stores in
            try await TestCompany.prepare(stores)
            let first = try await client.execute(uri: "/api/orders/business/changes", method: .get, headers: TestCompany.agentHeaders)
            let issued = try #require(try first.json()["cursor"] as? String)
            let again = try await client.execute(uri: "/api/orders/business/changes?cursor=\(issued)", method: .get, headers: TestCompany.agentHeaders)
            #expect(again.status == .ok)
            let future = try await client.execute(uri: "/api/orders/business/changes?cursor=\((Int(issued) ?? 0) + 1000)", method: .get, headers: TestCompany.agentHeaders)
            #expect(future.status == .badRequest)
            #expect(try apiErrorCode(future) == "bad_cursor")
        }
    }

    /// Found by schemathesis: malformed query values were ignored rather than refused.
    @Test func malformedQueryValuesAreRefusedNotIgnored() async throws {
        try await withBottegaApp { client, stores in
            try await TestCompany.prepare(stores)
            let limit = try await client.execute(uri: "/api/orders/business/changes?limit=abc", method: .get, headers: TestCompany.agentHeaders)
            #expect(limit.status == .badRequest)
            #expect(try apiErrorCode(limit) == "bad_limit")
            let supplier = try await client.execute(uri: "/api/orders/suggest?kind=customer&supplier=abc", method: .get)
            #expect(supplier.status == .badRequest)
            #expect(try apiErrorCode(supplier) == "bad_supplier")
            for query in ["publication=abc", "publication=9223372036854775808", "kind=foo", "format=gif"] {
                let graph = try await client.execute(uri: "/api/scholar/searches/1/graph?\(query)", method: .get)
                #expect(graph.status == .badRequest, "\(query): \(graph.status)")
            }
            let export = try await client.execute(uri: "/api/scholar/searches/1/export?format=csv&limit=abc", method: .get)
            #expect(export.status == .badRequest)
            #expect(try apiErrorCode(export) == "bad_limit")
        }
    }

    @Test func aTicketVerificationTooLargeIsA413() async throws {
        try await withBottegaApp { client, _ in
            let image = try await client.execute(
                uri: "/api/tickets/verify", method: .post, headers: [.contentType: "image/png"], body: ByteBuffer(repeating: 0x41, count: 17 * 1024 * 1024))
            #expect(image.status == .contentTooLarge)
            let json = try await client.execute(
                uri: "/api/tickets/verify", method: .post, headers: .json(), body: ByteBuffer(string: #"{"payload": ""# + String(repeating: "B", count: 70_000) + #""}"#))
            #expect(json.status == .contentTooLarge)
            #expect(try apiErrorCode(json) == "too_large")
        }
    }

    @Test func masterDataFieldsAreBoundedButAHomepageMayBeAWholePage() async throws {
        try await withBottegaApp { client, _ in
            let customer = try await client.execute(
                uri: "/api/orders/customers", method: .post, headers: .json(), body: jsonBody(["companyName": String(repeating: "x", count: 20_000)]))
            #expect(customer.status == .badRequest)
            #expect(try apiErrorCode(customer) == "too_long")
            // A real homepage is far over the 10,000-character field limit; it is refused only
            // for what it is (no search 1 here), never for its length.
            let page = "<html><body><ul>" + String(repeating: "<li>A paper title, by someone</li>", count: 1_000) + "</ul></body></html>"
            let homepage = try await client.execute(uri: "/api/scholar/searches/1/homepage", method: .post, headers: .json(), body: jsonBody(["html": page]))
            #expect(homepage.status == .notFound, "\(homepage.text.prefix(300))")
        }
    }

    // MARK: Support

    static func expectPromisedForm(_ response: TestResponse, route: String) {
        let contentType = response.headers[.contentType] ?? ""
        if route.hasPrefix("/api/") {
            #expect(contentType.hasPrefix("application/json"), "\(route): \(contentType)")
            #expect(response.text.contains(#""error""#))
        } else {
            #expect(contentType.hasPrefix("text/html"), "\(route): \(contentType)")
        }
    }
}
