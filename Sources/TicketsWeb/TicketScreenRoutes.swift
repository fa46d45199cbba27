import Foundation
import Hummingbird
import TicketKit
import WebCore

/// The ticket screens under `/tickets`, in the thesis's order: information, province (from the
/// phone's location or a picker), operator, service, the products, a summary, payment by SMS;
/// then "My tickets" with the signed QR tickets, the inspector's check, and the operator's admin.
struct TicketScreenRoutes {
    let screens: Screens
    let services: TicketServices
    let sessions: any Accounts
    var store: TicketStore { services.store }
    /// My tickets' rows, kept by their views (about 1 KB each).
    let ticketRows = RenderedRows<TicketView>(capacity: 4_096)

    static let infoCookieName = "bottega_tickets_info"

    init(templates: Templates, services: TicketServices, sessions: any Accounts, offline: OfflineApp.Links? = nil) {
        screens = Screens(templates: templates, navigation: [
            .init(label: "Buy", href: "/tickets/provinces"), .init(label: "My tickets", href: "/tickets/mine"), .init(label: "Verify", href: "/tickets/verify"),
        ], home: "/tickets/provinces", offline: offline)
        self.services = services
        self.sessions = sessions
    }

    func register(on group: RouterGroup<WebRequestContext>) {
        group.get { request, context in
            // The thesis's "don't show again": once switched off, the app opens on the provinces.
            let hidden = request.cookies[Self.infoCookieName]?.value == "hide"
            if hidden, request.uri.queryParameters["info"] != "1" { return seeOther("/tickets/provinces") }
            return try screens.page("tickets/info", InfoPage(hidden: hidden)).response(from: request, context: context)
        }
        group.post("info") { request, _ in try await toggleInfo(request) }
        // What the service worker shows for a page it holds no copy of, with no network.
        group.get("offline") { _, _ in screens.page("tickets/offline", OfflinePage()) }
        group.get("provinces") { _, _ in try provincesPage() }
        group.get("provinces/nearest") { request, _ in try nearestProvince(request) }
        group.get("provinces/go") { request, _ in
            guard let code = request.uri.queryParameters["code"], !code.isEmpty else { throw screens.failure(.badRequest, "Choose a province from the list.") }
            return seeOther("/tickets/provinces/\(code)")
        }
        group.get("provinces/:code") { request, context in try provincePage(request, context) }
        group.get("operators/:code") { _, context in
            let op = try transportOperator(context)
            return screens.page("tickets/operator", OperatorPage(title: op.name, operator: OperatorView(op, soldHere: try store.catalogue().servicesSoldHere(by: op))))
        }
        group.get("operators/:code/:service") { _, context in try productsPage(context) }
        registerPurchases(on: group)
        registerVerification(on: group)
        TicketAdminScreens(screens: screens, services: services).register(on: group.group("admin"))
    }

    struct OfflinePage { let title = "No network" }

    private func toggleInfo(_ request: Request) async throws -> some ResponseGenerator {
        let hide = FormBody.values(named: "hide", in: try await FormBody.text(from: request)).contains { $0 == "on" || $0 == "1" }
        var response = seeOther("/tickets/provinces")
        response.setCookie(SessionCookie.make(Self.infoCookieName, value: hide ? "hide" : "show", lifetime: SessionCookie.oneYear, path: "/tickets"))
        return response
    }

    private func nearestProvince(_ request: Request) throws -> some ResponseGenerator {
        let position = try coordinate(request)
        guard let nearest = try store.catalogue().nearestProvince(to: position) else {
            throw screens.failure(.notFound, "The catalogue has no provinces yet.")
        }
        return seeOther("/tickets/provinces/\(nearest.0.code)?km=\(Int(nearest.1.rounded()))")
    }

    // MARK: Screens

    private func provincesPage() throws -> HTML {
        let catalogue = try store.catalogue()
        let provinces = catalogue.provinces.sorted { $0.name < $1.name }
        let served = provinces.compactMap { province -> ProvinceView? in
            let count = catalogue.operators(inProvince: province.code).count
            return count > 0 ? ProvinceView(province, operatorCount: count) : nil
        }
        return screens.page("tickets/provinces", ProvincesPage(provinces: provinces.map { ProvinceView($0) }, served: served))
    }

    private func provincePage(_ request: Request, _ context: WebRequestContext) throws -> HTML {
        let code = context.parameters.get("code") ?? ""
        let catalogue = try store.catalogue()
        guard let province = catalogue.province(code: code) else {
            throw screens.failure(.notFound, "There is no province “\(code)” in the catalogue; choose one from the list.")
        }
        let operators = catalogue.operators(inProvince: province.code).map { OperatorView($0, soldHere: catalogue.servicesSoldHere(by: $0)) }
        return screens.page("tickets/province", ProvincePage(
            title: province.name, province: ProvinceView(province), operators: operators, none: operators.isEmpty,
            distance: request.uri.queryParameters["km"].map(String.init)))
    }

    private func productsPage(_ context: WebRequestContext) throws -> HTML {
        let op = try transportOperator(context)
        guard let service = context.parameters.get("service").flatMap(TicketService.init(rawValue:)) else {
            throw screens.failure(.notFound, "Choose single, multiple or subscription.", back: "/tickets/operators/\(op.code)")
        }
        guard op.services.contains(service) else {
            throw screens.failure(.notFound, "\(op.name) does not sell \(TicketViews.serviceLabel(service).lowercased()) through Bottega.", back: "/tickets/operators/\(op.code)")
        }
        let catalogue = try store.catalogue()
        let products = catalogue.products(operatorCode: op.code, service: service)
        func view(_ product: TicketProduct) -> ProductView { ProductView(product, soldElsewhere: op.paymentRoute(for: product) == .elsewhere) }
        let rides = products.filter { if case .ride = $0.kind { true } else { false } }.map(view)
        let passes = products.filter { if case .subscription = $0.kind { true } else { false } }.map(view)
        let zone = TimeZone(identifier: op.timeZone) ?? .current
        return screens.page("tickets/\(service.rawValue)", ProductsPage(
            title: TicketViews.serviceLabel(service), operator: OperatorView(op, soldHere: catalogue.servicesSoldHere(by: op)),
            rides: rides, passes: passes, today: CalendarDay.text(Date(), in: zone)))
    }

    // MARK: Helpers

    func transportOperator(_ context: WebRequestContext) throws -> TransportOperator {
        let code = context.parameters.get("code") ?? ""
        guard let op = try store.catalogue().operator(code: code) else {
            throw screens.failure(.notFound, "There is no operator “\(code)” in the catalogue.")
        }
        return op
    }

    private func coordinate(_ request: Request) throws -> Coordinate {
        guard let latitude = request.uri.queryParameters["lat"].flatMap({ Double(String($0)) }), (-90...90).contains(latitude),
              let longitude = request.uri.queryParameters["lon"].flatMap({ Double(String($0)) }), (-180...180).contains(longitude) else {
            throw screens.failure(.badRequest, "The location must be a latitude (−90…90) and a longitude (−180…180); choose the province from the list instead.")
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
