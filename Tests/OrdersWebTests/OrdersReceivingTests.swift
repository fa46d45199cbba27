@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Amounts
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Mail
import MailOutbox
import OrderCompany
import OrderKit
import Testing

/// An agent sends an order; the company stores it once, and its PDF reaches supplier, customer
/// and agent through the outbox and a real SMTP server on 127.0.0.1; pdftotext reads it back.
@Suite(.enabled(if: SMTPSink.isAvailable, Comment(rawValue: SMTPSink.skipReason)))
struct OrdersReceivingTests {
    static func submission() throws -> OrderSubmission {
        OrderSubmission(
            order: Order(
                lines: [
                    OrderLine(productID: 1, productCode: "SEDIA-01", description: "Sedia in faggio «Città»", quantity: 4, unitPrice: try #require(Money("49.90")), discountLevels: [10, 5]),
                    OrderLine(productID: 2, productCode: "TAVOLO-07", description: "Tavolo allungabile", quantity: 1, unitPrice: try #require(Money("320.00"))),
                ],
                date: Date(timeIntervalSince1970: 1_800_000_000), payment: "Bonifico 30 gg", notes: "Consegna entro venerdì"
            ),
            customer: Customer(companyName: "Caffè Società Cooperativa", email: "acquisti@caffesocieta.it", city: "Forlì"),
            supplier: Supplier(name: "Mobilificio Città di Castello", email: "ordini@mobilificio.it"),
            agent: Agent(name: "Mario Rossi", email: "mario.rossi@example.it")
        )
    }

    static func post(_ client: any TestClientProtocol, _ submission: OrderSubmission) async throws -> TestResponse {
        var headers = TestCompany.agentHeaders
        headers[.contentType] = "application/json"
        return try await client.execute(uri: "/api/orders/business/orders", method: .post, headers: headers, body: ByteBuffer(bytes: try OrderSubmission.encoder.encode(submission)))
    }

    @Test func aSentOrderIsStoredOnceAndItsPDFReachesAllThree() async throws {
        let sink = try SMTPSink()
        defer { sink.stop() }
        try await withBottegaApp { client, stores in
            try await TestCompany.prepare(stores)
            let submission = try Self.submission()
            let first = try await Self.post(client, submission)
            #expect(first.status == .created, "\(first.text)")
            let retry = try await Self.post(client, submission)
            #expect(retry.status == .ok)
            #expect(try retry.json()["duplicate"] as? Bool == true)
            #expect(try first.json()["number"] as? Int == retry.json()["number"] as? Int)
            #expect(try await stores.orders.company.receivedOrders(company: "ACME").count == 1)
            #expect(try await stores.orders.outbox.pending().count == 1)

            let smtp = try SMTPConfiguration(url: "smtp://127.0.0.1:\(sink.port)?from=ordini@acme.example")
            let report = try await stores.orders.outbox.deliverDue { try await SMTPClient().send($0, using: smtp) }
            #expect(report.sent.count == 1, "\(report.failed)")
            let received = try #require(try sink.message(1))
            #expect(Set(received.rcpt_tos) == ["ordini@mobilificio.it", "acquisti@caffesocieta.it", "mario.rossi@example.it"])
            let pdf = try #require(received.parts.first { $0.type == "application/pdf" })
            let text = try PDFText.extract(pdf.content)
            for expected in ["Caffè Società Cooperativa", "Mobilificio Città di Castello", "SEDIA-01", "TAVOLO-07", "Consegna entro venerdì"] {
                #expect(text.contains(expected), "\(expected) is not in the PDF")
            }
        }
    }

    @Test func badOrdersAndCredentialsAreRefused() async throws {
        try await withBottegaApp { client, stores in
            try await TestCompany.prepare(stores)
            var empty = try Self.submission()
            empty.order.lines = []
            let noLines = try await Self.post(client, empty)
            #expect(noLines.status == .unprocessableContent)
            #expect(noLines.text.contains("no lines"))
            var mismatched = TestCompany.agentHeaders
            mismatched[.contentType] = "application/json"
            mismatched[HTTPField.Name("Idempotency-Key")!] = UUID().uuidString
            let keyMismatch = try await client.execute(uri: "/api/orders/business/orders", method: .post, headers: mismatched, body: ByteBuffer(bytes: try OrderSubmission.encoder.encode(try Self.submission())))
            #expect(keyMismatch.status == .badRequest)
            let anonymous = try await client.execute(uri: "/api/orders/business/orders", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
            #expect(anonymous.status == .unauthorized)
            let garbage = try await client.execute(uri: "/api/orders/business/orders", method: .post, headers: TestCompany.agentHeaders, body: ByteBuffer(string: "not json"))
            #expect(garbage.status == .badRequest)
            #expect(try await stores.orders.company.receivedOrders(company: "ACME").isEmpty)
            #expect(try await stores.orders.outbox.pending().isEmpty)
        }
    }

    /// A second order under a key already used is refused with 409 and a JSON error; the stored
    /// order is unchanged and nothing more is mailed. The same order again is still a duplicate.
    @Test func aKeyReusedWithAnotherOrderIsAConflict() async throws {
        try await withBottegaApp { client, stores in
            try await TestCompany.prepare(stores)
            let submission = try Self.submission()
            let first = try await Self.post(client, submission)
            #expect(first.status == .created, "\(first.text)")
            var changed = submission
            changed.order.notes = "Consegna lunedì"
            let reused = try await Self.post(client, changed)
            #expect(reused.status == .conflict)
            #expect(reused.headers[.contentType]?.hasPrefix("application/json") == true)
            let error = try #require(try reused.json()["error"] as? [String: Any])
            #expect(error["code"] as? String == "idempotency_key_reused")
            let repeated = try await Self.post(client, submission)
            #expect(repeated.status == .ok)
            #expect(try repeated.json()["duplicate"] as? Bool == true)
            #expect(try await stores.orders.company.receivedOrders(company: "ACME").map(\.submission) == [submission])
            #expect(try await stores.orders.outbox.pending().count == 1)
        }
    }
}

/// Text of a PDF through poppler's pdftotext, as a reader would see it.
enum PDFText {
    static func extract(_ pdf: [UInt8]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("order.pdf")
        try Data(pdf).write(to: input)
        let output = folder.appendingPathComponent("order.txt")
        guard let tool = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw SinkError("pdftotext is missing: install poppler-utils (.ci/run does)")
        }
        let status = try SMTPSink.run(tool, ["-enc", "UTF-8", input.path, output.path])
        guard status == 0 else { throw SinkError("pdftotext exited \(status)") }
        return try String(contentsOf: output, encoding: .utf8)
    }
}
