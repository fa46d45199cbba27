import Amounts
import Foundation
import GRDB
import OrderCompany
import OrderKit
import OrderTransport
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// UC2 on the agent's side: an unanswered send waits and goes again by itself with the same
/// idempotency key; the company's number is kept; recipients can be corrected for one order.
@Suite struct OrderSendingTests {
    /// Answers as scripted, and records every request.
    actor ScriptedTransport: CompanyTransport {
        enum Step { case fail(CompanyTransportFailure), answer(Int, String) }
        var steps: [Step]
        private(set) var requests: [CompanyRequest] = []

        init(_ steps: [Step]) { self.steps = steps }

        func send(_ request: CompanyRequest) async throws -> CompanyResponse {
            requests.append(request)
            let step = steps.isEmpty ? .answer(500, "{}") : steps.removeFirst()
            switch step {
            case .fail(let failure): throw failure
            case .answer(let status, let body): return CompanyResponse(status: status, body: Array(body.utf8))
            }
        }
    }

    static func readyOrder(_ fixture: AgentStoreFixture) throws -> Int64 {
        var order = try fixture.store.createDraft(date: AgentStoreFixture.date(1))
        order.customerID = fixture.customer.id
        order.supplierID = fixture.supplier.id
        order = try fixture.store.update(order)
        return try fixture.store.addLine(orderID: order.id!, productID: fixture.beans.id!, quantity: 6).id!
    }

    static let account = CompanyAccount(company: "ACME", username: "mario.rossi", password: "una-password-lunga")

    @Test func anUnansweredOrderWaitsAndIsResentWithTheSameKey() async throws {
        let fixture = try AgentStoreFixture()
        let id = try Self.readyOrder(fixture)
        let transport = ScriptedTransport([
            .fail(.noAnswer(host: "orders.example.com", milliseconds: 10_000)),
            .fail(.unreachable(host: "orders.example.com")),
            .answer(201, #"{"number": 7, "duplicate": false}"#),
        ])
        let sender = OrderSender(transport: transport, account: Self.account)
        let waiting = try await sender.send(orderID: id, from: fixture.store)
        guard case .waiting(let reason) = waiting.state else { Issue.record("\(waiting.state)"); return }
        #expect(reason == "the company's server orders.example.com gave no answer in 10 s; the order is sent again by itself when the server answers")
        #expect(try fixture.store.ordersWaitingToResend() == [id])
        // Still down: it keeps waiting; then the server answers and it is sent, once.
        #expect(try await sender.resendWaiting(from: fixture.store) == 0)
        #expect(try await sender.resendWaiting(from: fixture.store) == 1)
        let sent = try #require(try fixture.store.order(id: id))
        guard case .sent = sent.state else { Issue.record("\(sent.state)"); return }
        #expect(sent.companyNumber == 7)
        #expect(try fixture.store.ordersWaitingToResend().isEmpty)
        let keys = await transport.requests.map { $0.headers["Idempotency-Key"] }
        #expect(keys.count == 3 && Set(keys).count == 1 && keys[0] == sent.idempotencyKey.uuidString)
    }

    @Test func aRefusalIsNotSentWithTheCompanysReasonAndIsNotRetried() async throws {
        let fixture = try AgentStoreFixture()
        let id = try Self.readyOrder(fixture)
        let transport = ScriptedTransport([.answer(400, #"{"error": {"code": "invalid_order", "message": "the supplier has no e-mail"}}"#)])
        let order = try await OrderSender(transport: transport, account: Self.account).send(orderID: id, from: fixture.store)
        #expect(order.state == .notSent(reason: "the company's server refused the order: the supplier has no e-mail"))
        #expect(try fixture.store.ordersWaitingToResend().isEmpty)
    }

    @Test func correctedRecipientsTravelWithTheOrderOnly() async throws {
        let fixture = try AgentStoreFixture()
        let id = try Self.readyOrder(fixture)
        let transport = ScriptedTransport([.answer(201, #"{"number": 1, "duplicate": false}"#)])
        let recipients = OrderRecipients(customer: "acquisti@caffesocieta.it", supplier: " ordini2@torrefazione.example ", agentCopy: "")
        _ = try await OrderSender(transport: transport, account: Self.account).send(orderID: id, from: fixture.store, recipients: recipients)
        let body = try #require(await transport.requests.first?.body)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let submission = try decoder.decode(OrderSubmission.self, from: Data(body))
        #expect(submission.customer.email == "acquisti@caffesocieta.it" && submission.supplier.email == "ordini2@torrefazione.example")
        #expect(try fixture.store.supplier(id: fixture.supplier.id!)?.email == "ordini@torrefazione.example")
        // A wrong address is refused before anything is sent.
        let other = try Self.readyOrder(fixture)
        let refused = try await OrderSender(transport: transport, account: Self.account)
            .send(orderID: other, from: fixture.store, recipients: OrderRecipients(customer: "", supplier: "nessuno", agentCopy: ""))
        guard case .notSent(let reason) = refused.state else { Issue.record("\(refused.state)"); return }
        #expect(reason.contains("“nessuno”"))
        #expect(await transport.requests.count == 1)
    }

    /// The thesis's 10 s, against a port that takes the connection and never answers (the
    /// kernel accepts it into the backlog; nobody reads). The limit is shortened here, and no
    /// time is measured: the failure must say the server did not answer.
    @Test func aServerThatNeverAnswersIsReportedAsSuch() async throws {
        #expect(HTTPCompanyTransport.answerTimeout == .seconds(10))
        let listener = try SilentPort()
        defer { listener.close() }
        let transport = HTTPCompanyTransport(baseURL: URL(string: "http://127.0.0.1:\(listener.port)")!, timeout: .milliseconds(300))
        let error = await #expect(throws: CompanyTransportFailure.self) {
            try await transport.send(CompanyRequest(method: "GET", path: "/api/orders/business/changes"))
        }
        #expect(error == .noAnswer(host: "127.0.0.1:\(listener.port)", milliseconds: 300))
        // Nothing listening at all is another message.
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let closed = HTTPCompanyTransport(baseURL: refusing.url)
        let unreachable = await #expect(throws: CompanyTransportFailure.self) {
            try await closed.send(CompanyRequest(method: "GET", path: "/"))
        }
        #expect(unreachable?.localizedDescription.contains("cannot be reached") == true)
    }
}

/// A TCP port on 127.0.0.1 that listens and never accepts or answers.
struct SilentPort {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(descriptor, 16) == 0 else { throw CocoaError(.fileReadUnknown) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(descriptor) }
}
