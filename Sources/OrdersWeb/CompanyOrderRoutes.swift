import Foundation
import Hummingbird
import Mail
import OrderCompany
import OrderKit
import Synchronization
import WebCore

/// `POST /api/orders/business/orders`: an agent sends an order. The company checks it, stores
/// it once per idempotency key, renders its PDF and queues the e-mail to supplier and customer
/// (agent in copy) in the same transaction; the outbox's courier delivers it.
struct CompanyOrderRoutes {
    let services: OrderServices

    struct Receipt: ResponseEncodable {
        let number: Int64
        let receivedAt: Date
        /// true when this send repeated one already received: nothing new was stored or mailed.
        let duplicate: Bool
        /// The company's name as the document prints it.
        let companyName: String
        /// The order's PDF in base64, as mailed: the agent keeps it as its copy of the order.
        let document: String
    }

    func register(on group: RouterGroup<WebRequestContext>) {
        group.post("orders") { request, context in try await receiveOrder(request, context) }
    }

    private func receiveOrder(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let credentials = try AgentCredentials(request)
        switch try await services.agentLogins.authenticate(credentials, services: services, context: context) {
        case .allowed: break
        case .wrongPassword: throw CompanyFeedRoutes.apiError(.wrongPassword)
        case .subscriptionEnded: throw CompanyFeedRoutes.apiError(.subscriptionEnded)
        }
        let submission = try await JSONInput.decode(OrderSubmission.self, from: request, context: context)
        if let key = request.headers[.init("Idempotency-Key")!], key.lowercased() != submission.order.idempotencyKey.uuidString.lowercased() {
            throw APIError(.badRequest, "idempotency_key_mismatch", "The Idempotency-Key header and the order's key differ; send the order's own key.")
        }
        let problems = submission.problems
        guard problems.isEmpty else {
            throw APIError(.unprocessableContent, "invalid_order", "The order cannot be accepted: " + problems.joined(separator: "; ") + ".")
        }
        let companyName = try await services.company.company(code: credentials.company)?.name ?? credentials.company
        do {
            // Priced before the transaction, so a line that cannot be priced is a 422, not a 500.
            _ = try submission.order.totals()
        } catch {
            throw APIError(.unprocessableContent, "invalid_order", error.localizedDescription)
        }
        let logo = try await services.company.logo(company: credentials.company)
        // A new order's PDF is drawn once, for the mail, and that same file answers the agent.
        let mailed = Mutex<(number: Int64, pdf: [UInt8])?>(nil)
        let received: ReceivedOrder
        do {
            received = try await services.company.receive(submission, from: credentials.username, company: credentials.company) { received in
                let pdf = try OrderMail.document(for: received, companyName: companyName, logo: logo)
                mailed.withLock { $0 = (received.number, pdf) }
                return OrderMail.message(for: received, companyName: companyName, pdf: pdf)
            }
        } catch let error as CompanyError where error == .idempotencyKeyReused(submission.order.idempotencyKey.uuidString) {
            // The stored order is the record of truth: a different body under its key changes
            // nothing and mails nothing (409, as for any request that conflicts with what is stored).
            throw APIError(.conflict, APIError.code(error.code), error.localizedDescription)
        }
        // A repeat: the same content and date render the same bytes as were mailed.
        let pdf = try mailed.withLock { $0 }.flatMap { $0.number == received.number ? $0.pdf : nil }
            ?? OrderMail.document(for: received, companyName: companyName, logo: logo)
        var response = try context.responseEncoder.encode(
            Receipt(number: received.number, receivedAt: received.receivedAt, duplicate: !received.isNew, companyName: companyName,
                    document: Data(pdf).base64EncodedString()),
            from: request, context: context
        )
        response.status = received.isNew ? .created : .ok
        return response
    }
}

/// The e-mail that carries an order's PDF.
enum OrderMail {
    /// The order's PDF, headed with the company's name and logo.
    static func document(for received: ReceivedOrder, companyName: String, logo: [UInt8]? = nil) throws -> [UInt8] {
        var content = try received.documentContent(companyName: companyName)
        content.logo = logo
        return OrderDocument(content: content).pdf(creationDate: received.receivedAt)
    }

    /// The e-mail that carries `pdf`, the order's document.
    static func message(for received: ReceivedOrder, companyName: String, pdf: [UInt8]) -> MailMessage {
        let recipients = received.mailRecipients
        let customer = received.submission.customer.companyName
        return MailMessage(
            to: recipients.to, cc: recipients.cc,
            // Each company numbers its own orders: its name tells one "n. 12" from another's.
            subject: "Ordine n. \(received.number) di \(companyName) — \(customer)",
            body: """
                Buongiorno,

                in allegato l'ordine n. \(received.number) di \(customer) per \(received.submission.supplier.name), \
                raccolto da \(received.submission.agent.name).

                \(companyName)
                """,
            attachments: [.init(filename: "ordine-\(received.number).pdf", mimeType: "application/pdf", content: pdf)]
        )
    }
}
