import BarcodeKit
import Foundation
import Hummingbird
import NIOCore
import TicketKit
import WebCore

/// The summary, the purchase with its payment SMS, and "My tickets".
extension TicketScreenRoutes {
    func registerPurchases(on group: RouterGroup<WebRequestContext>) {
        group.get("summary") { request, _ in try summary(request) }
        group.post("purchases") { request, _ in try await purchase(request) }
        group.get("purchases/:id") { request, context in try purchasePage(request, context) }
        group.get("mine") { request, context in try myTickets(request, context) }
        group.post("mine/:id/activate") { request, context in try activateTicket(request, context) }
        group.post("mine/:id/reply") { request, context in try await pasteReply(request, context) }
        group.post("purchases/:id/cancel") { request, context in try cancelPurchase(request, context) }
        group.get("mine/:id/qr.svg") { request, context in try ticketQRCode(request, context) }
    }

    private func myTickets(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let owner = try TicketOwner.of(request, sessions: sessions)
        // The operators' time zones once for the page: the catalogue read per ticket, 200
        // tickets took 150 ms (issue 44).
        let zones = Self.zones(try store.operatorTimeZones())
        let tickets = try store.tickets(owner: owner.key).map { TicketView($0, timeZone: Self.zone(of: $0.operatorCode, in: zones)) }
        // The row template reads only its ticket (the page has none of its names), so a row is
        // a function of its view and is rendered once per change of it.
        let rows = ticketRows.rows(tickets) { screens.templates.render("tickets/ticket", $0) }
        return owner.applied(to: try screens.page("tickets/mine", MyTicketsPage(rows: rows)).response(from: request, context: context))
    }

    private func activateTicket(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let owner = try TicketOwner.of(request, sessions: sessions)
        let id = try ticketID(context)
        let ticket: IssuedTicket
        do {
            ticket = try store.activate(ticketID: id, owner: owner.key)
        } catch let error as any WebFailure {
            throw screens.failure(error.status, error.localizedDescription, back: "/tickets/mine")
        }
        // An SMS ride's page shows its SMS and the form for the reply.
        return seeOther(ticket.sms == nil ? "/tickets/mine#ticket-\(id)" : "/tickets/purchases/\(ticket.purchaseID)#ticket-\(id)")
    }

    private func pasteReply(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let owner = try TicketOwner.of(request, sessions: sessions)
        let id = try ticketID(context)
        let text = (try await FormBody.fields(from: request))["text"] ?? ""
        let ticket: IssuedTicket
        do {
            ticket = try store.recordReply(ticketID: id, owner: owner.key, text: text)
        } catch let error as any WebFailure {
            throw screens.failure(error.status, error.localizedDescription, back: "/tickets/mine#ticket-\(id)")
        }
        return seeOther("/tickets/purchases/\(ticket.purchaseID)#ticket-\(id)")
    }

    private func cancelPurchase(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let owner = try TicketOwner.of(request, sessions: sessions)
        guard let id = context.parameters.get("id", as: Int64.self) else {
            throw screens.failure(.notFound, "There is no such purchase among yours.", back: "/tickets/mine")
        }
        do {
            try store.cancel(purchaseID: id, owner: owner.key)
        } catch let error as any WebFailure {
            throw screens.failure(error.status, error.localizedDescription, back: "/tickets/purchases/\(id)")
        }
        return seeOther("/tickets/purchases/\(id)")
    }

    private func ticketQRCode(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let owner = try TicketOwner.of(request, sessions: sessions)
        guard let ticket = try store.ticket(id: try ticketID(context), owner: owner.key), let payload = ticket.payload else {
            throw screens.failure(.notFound, "There is no such active ticket among yours.", back: "/tickets/mine")
        }
        return Response(
            status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "private, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(string: SVGBarcodeRenderer.svg(try store.qrCode(for: payload), title: "Ticket \(ticket.productName)")))
        )
    }

    private func selection(_ encoded: String) throws -> (TicketSelection, PurchaseRequest, TransportOperator) {
        let selection: TicketSelection
        do throws(TicketSelection.Invalid) { selection = try TicketSelection.parse(encoded) } catch { throw screens.failure(.badRequest, error.message) }
        guard let op = try store.catalogue().operator(code: selection.operatorCode) else {
            throw screens.failure(.notFound, "There is no operator “\(selection.operatorCode)” in the catalogue.")
        }
        let request: PurchaseRequest
        do throws(TicketSelection.Invalid) { request = try selection.request(timeZone: zone(of: op.code)) } catch { throw screens.failure(.badRequest, error.message) }
        return (selection, request, op)
    }

    private func summary(_ request: Request) throws -> HTML {
        let (selection, purchase, op) = try selection(request.uri.query ?? "")
        let quote: Quote
        do {
            quote = try store.catalogue().quote(purchase, at: Date())
        } catch {
            throw screens.failure(.badRequest, error.localizedDescription, back: "/tickets/operators/\(op.code)/\(selection.service.rawValue)")
        }
        let timeZone = zone(of: op.code)
        return screens.page("tickets/summary", SummaryPage(
            operator: OperatorView(op), service: TicketViews.serviceLabel(selection.service),
            lines: quote.lines.map { SummaryPage.Line($0, timeZone: timeZone) }, total: quote.total.formatted, fields: selection.hiddenFields,
            smsPayment: quote.canPayBySMS, smsUnavailable: quote.smsUnavailableReason, activatesLater: selection.service != .subscription,
            soldElsewhere: quote.lines.contains { op.paymentRoute(for: $0.product) == .elsewhere }, website: StoredLink.href(op.website), bottegaRun: op.paymentRoute == .bottega,
            holder: selection.holder, cardNumber: selection.cardNumber))
    }

    private func purchase(_ request: Request) async throws -> Response {
        let body = try await FormBody.text(from: request)
        let (selection, purchaseRequest, op) = try selection(body)
        let owner = try TicketOwner.of(request, sessions: sessions)
        let purchase: Purchase
        do {
            purchase = try store.purchase(purchaseRequest, owner: owner.key)
        } catch let error as any WebFailure {
            throw screens.failure(error.status, error.localizedDescription, back: "/tickets/operators/\(op.code)/\(selection.service.rawValue)")
        }
        return owner.applied(to: seeOther("/tickets/purchases/\(purchase.id)"))
    }

    private func purchasePage(_ request: Request, _ context: WebRequestContext) throws -> HTML {
        let owner = try TicketOwner.of(request, sessions: sessions)
        guard let id = context.parameters.get("id", as: Int64.self), let purchase = try store.purchase(id: id, owner: owner.key) else {
            throw screens.failure(.notFound, "There is no such purchase among yours.", back: "/tickets/mine")
        }
        let timeZone = zone(of: purchase.operatorCode)
        let tickets = purchase.tickets.map { TicketView($0, timeZone: timeZone) }
        return screens.page("tickets/purchase", PurchasePage(purchase, tickets: tickets))
    }

    func ticketID(_ context: WebRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else {
            throw screens.failure(.notFound, "\(context.parameters.get("id") ?? "") is not a ticket.", back: "/tickets/mine")
        }
        return id
    }

    /// The operator's time zone, where its days and validity times are read.
    func zone(of operatorCode: String) -> TimeZone {
        Self.zone(of: operatorCode, in: Self.zones((try? store.operatorTimeZones()) ?? [:]))
    }

    /// The operators' time zones by code, from their identifiers (one that is not a zone left out).
    static func zones(_ identifiers: [String: String]) -> [String: TimeZone] {
        identifiers.compactMapValues { TimeZone(identifier: $0) }
    }

    /// The operator's time zone; Rome's when the operator is gone or unknown.
    static func zone(of operatorCode: String, in zones: [String: TimeZone]) -> TimeZone {
        zones[operatorCode] ?? TimeZone(identifier: "Europe/Rome") ?? .current
    }
}
