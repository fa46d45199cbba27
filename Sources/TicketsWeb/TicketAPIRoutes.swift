import BarcodeKit
import Foundation
import Hummingbird
import NIOCore
import TicketKit
import WebCore

/// The tickets' JSON API under `/api/tickets`: the catalogue, quotes, purchases, the caller's
/// tickets, offline verification, and the operator's catalogue editing behind the admin password.
struct TicketAPIRoutes {
    let services: TicketServices
    let sessions: any Accounts
    var store: TicketStore { services.store }

    func register(on group: RouterGroup<WebRequestContext>) {
        group.get("catalogue") { _, _ in CatalogueBody(try store.catalogue()) }
        group.get("provinces") { _, _ in ProvinceList(provinces: try store.catalogue().provinces) }
        group.get("provinces/nearest") { request, _ in try nearestProvince(request) }
        group.get("provinces/:code") { _, context in try province(context) }
        group.get("operators/:code") { _, context in try transportOperator(context) }
        group.post("quote") { request, context in
            let purchase = try await purchaseRequest(request, context)
            return QuoteBody(try ticketAPICall { try store.catalogue().quote(purchase, at: Date()) })
        }
        group.post("purchases") { request, context in try await buy(request, context) }
        group.get("purchases") { request, _ in
            PurchaseList(purchases: try store.purchases(owner: try TicketOwner.of(request, sessions: sessions).key))
        }
        group.get("purchases/:id") { request, context in PurchaseBody(try ownPurchase(request, context)) }
        group.post("purchases/:id/cancel") { request, context in
            let purchase = try ownPurchase(request, context)
            return PurchaseBody(try ticketAPICall { try store.cancel(purchaseID: purchase.id, owner: purchase.owner) })
        }
        // The Bottega-run operator's payment system: no session, its signature is the credential.
        group.post("payments") { request, context in
            let confirmation = try await JSONInput.decode(PaymentConfirmation.self, from: request, context: context)
            let paid = try ticketAPICall { try store.confirmPayment(confirmation) }
            return PaymentReceipt(purchase: paid.id, state: paid.state.rawValue, paidAt: paid.paidAt)
        }
        group.get("tickets") { request, _ in
            TicketList(tickets: try store.tickets(owner: try TicketOwner.of(request, sessions: sessions).key).map(IssuedTicketBody.init))
        }
        group.get("tickets/:id") { request, context in IssuedTicketBody(try ownTicket(request, context)) }
        group.post("tickets/:id/activate") { request, context in
            let ticket = try ownTicket(request, context)
            return IssuedTicketBody(try ticketAPICall { try store.activate(ticketID: ticket.id, owner: ticket.owner) })
        }
        group.post("tickets/:id/reply") { request, context in
            let ticket = try ownTicket(request, context)
            let body = try await JSONInput.decode(ReplyInput.self, from: request, context: context)
            return IssuedTicketBody(try ticketAPICall { try store.recordReply(ticketID: ticket.id, owner: ticket.owner, text: body.text) })
        }
        group.get("tickets/:id/qr.png") { request, context in try ticketQRCode(request, context) }
        group.post("verify") { request, _ in
            let at = try instant(request)
            let inspector = try TicketVerification.inspector(of: request, store: store)
            return TicketVerificationReport(try await TicketVerification.verify(request, store: store, at: at, operator: inspector).result)
        }
        group.get("public-key") { _, _ in PublicKeyBody(publicKey: try store.publicKey().rawRepresentation.base64EncodedString()) }
        group.get("public-keys") { _, _ in PublicKeysBody(keys: try store.publicKeys()) }
        TicketAdminAPIRoutes(services: services).register(on: group.group("admin"))
    }

    private func nearestProvince(_ request: Request) throws -> some ResponseGenerator {
        guard let latitude = request.uri.queryParameters["lat"].flatMap({ Double(String($0)) }), (-90...90).contains(latitude),
              let longitude = request.uri.queryParameters["lon"].flatMap({ Double(String($0)) }), (-180...180).contains(longitude) else {
            throw APIError(.badRequest, "bad_position", "Give lat (−90…90) and lon (−180…180) in decimal degrees, e.g. ?lat=45.4064&lon=11.8768.")
        }
        guard let nearest = try store.catalogue().nearestProvince(to: Coordinate(latitude: latitude, longitude: longitude)) else {
            throw APIError(.notFound, "no_provinces", "The catalogue has no provinces.")
        }
        return NearestBody(province: nearest.0, kilometres: (nearest.1 * 10).rounded() / 10)
    }

    private func province(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let catalogue = try store.catalogue()
        let code = context.parameters.get("code") ?? ""
        guard let province = catalogue.province(code: code) else {
            throw APIError(.notFound, "unknown_province", "There is no province “\(code)”; GET /api/tickets/provinces lists them.")
        }
        return ProvinceBody(province: province, operators: catalogue.operators(inProvince: province.code))
    }

    private func transportOperator(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let catalogue = try store.catalogue()
        let code = context.parameters.get("code") ?? ""
        guard let op = catalogue.operator(code: code) else {
            throw APIError(.notFound, "unknown_operator", "There is no operator “\(code)” in the catalogue.")
        }
        return OperatorBody(operator: op, products: catalogue.products(operatorCode: op.code))
    }

    private func buy(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let purchase = try await purchaseRequest(request, context)
        let owner = try TicketOwner.of(request, sessions: sessions)
        let recorded = try ticketAPICall { try store.purchase(purchase, owner: owner.key) }
        let response = try context.responseEncoder.encode(PurchaseBody(recorded), from: request, context: context)
        var created = owner.applied(to: response)
        created.status = .created
        return created
    }

    private func ticketQRCode(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let ticket = try ownTicket(request, context)
        guard let payload = ticket.payload else {
            throw APIError(.conflict, "not_active", ticket.state == .awaitingPayment
                ? "Ticket \(ticket.id) is not paid yet: it gets its QR Code once the payment is confirmed."
                : ticket.paymentRoute == .operatorSMS
                ? "Ticket \(ticket.id) is the operator's reply SMS: Bottega draws no QR Code of its own for it."
                : "Ticket \(ticket.id) has not been activated yet: POST /api/tickets/tickets/\(ticket.id)/activate first.")
        }
        let png = try PNGBarcodeRenderer.png(try store.qrCode(for: payload), scale: 8)
        return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }

    private func purchaseRequest(_ request: Request, _ context: WebRequestContext) async throws -> PurchaseRequest {
        let body = try await JSONInput.decode(PurchaseInput.self, from: request, context: context)
        guard let op = try store.catalogue().operator(code: body.operator) else {
            throw APIError(.notFound, "unknown_operator", "There is no operator “\(body.operator)” in the catalogue.")
        }
        guard let service = TicketService(rawValue: body.service) else {
            throw APIError(.badRequest, "bad_service", "service must be single, multiple or subscription, not “\(body.service)”.")
        }
        var start: Date?
        if let day = body.start {
            guard let date = CalendarDay.date(day, in: TimeZone(identifier: op.timeZone) ?? .current) else {
                throw APIError(.badRequest, "bad_start", "start “\(day)” is not a date; use YYYY-MM-DD.")
            }
            start = date
        }
        return PurchaseRequest(
            operatorCode: op.code, service: service, lines: body.lines.map { PurchaseLine(productCode: $0.product, quantity: $0.quantity) }, start: start,
            holder: body.holder, cardNumber: body.cardNumber)
    }

    private func ownPurchase(_ request: Request, _ context: WebRequestContext) throws -> Purchase {
        let owner = try TicketOwner.of(request, sessions: sessions)
        guard let id = context.parameters.get("id", as: Int64.self), let purchase = try store.purchase(id: id, owner: owner.key) else {
            throw APIError(.notFound, "unknown_purchase", "There is no purchase \(context.parameters.get("id") ?? "") among yours.")
        }
        return purchase
    }

    private func ownTicket(_ request: Request, _ context: WebRequestContext) throws -> IssuedTicket {
        let owner = try TicketOwner.of(request, sessions: sessions)
        guard let id = context.parameters.get("id", as: Int64.self), let ticket = try store.ticket(id: id, owner: owner.key) else {
            throw APIError(.notFound, "unknown_ticket", "There is no ticket \(context.parameters.get("id") ?? "") among yours.")
        }
        return ticket
    }

    /// `?at=` (ISO 8601) checks a ticket as of another time, as the CLI's `--at` does.
    private func instant(_ request: Request) throws -> Date {
        guard let text = request.uri.queryParameters["at"] else { return Date() }
        guard let date = try? Date(String(text), strategy: .iso8601) else {
            throw APIError(.badRequest, "bad_time", "at “\(text)” is not an ISO 8601 time, e.g. 2026-11-23T08:30:00Z.")
        }
        return date
    }
}
