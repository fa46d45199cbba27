import Foundation
import TestSupport
import Markup
import ShopKit
import Testing

/// A customer's order history: the exact URLs sent, and the values read from the recorded
/// order lines (`get_order_details_13/14/15.xml`, order 5) and order states (`order_states/`).
/// The recordings hold no order record, so the orders list is answered with the empty list
/// a shop gives a customer without orders, and with an order written in the test.
@Suite(.enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct OrderHistoryTests {
    static let detailFiles = ["get_order_details_13.xml", "get_order_details_14.xml", "get_order_details_15.xml"]

    static func stateFiles() throws -> [String] {
        try ExtrasFixtures.orderStateIDs().map { "order_states/get_order_states_\($0).xml" }
    }

    /// Answers by resource: the recorded records as `display=full` lists.
    static func reply(orders: String) -> @Sendable (LocalServer.Request) -> LocalServer.Reply {
        { received in
            let path = received.uri.split(separator: "?").first.map(String.init) ?? ""
            let body: [UInt8]
            switch path {
            case "/api/orders": body = Array(ExtrasFixtures.document(orders).utf8)
            case "/api/order_details": body = (try? ExtrasFixtures.fullList("order_details", element: "order_detail", files: detailFiles)) ?? []
            case "/api/order_states":
                body = (try? ExtrasFixtures.fullList("order_states", element: "order_state", files: (try? stateFiles()) ?? [])) ?? []
            default: return LocalServer.Reply(status: 404, body: "not here")
            }
            return LocalServer.Reply(status: 200, headers: ExtrasFixtures.xmlHeaders, bytes: body)
        }
    }

    @Test func aCustomersOrdersAreAskedNewestFirstInOneRequest() async throws {
        try await ExtrasFixtures.withServer(Self.reply(orders: "<orders>\n</orders>")) { server, shop in
            let orders = try await shop.customers.orders(ofCustomer: 1)
            #expect(orders.isEmpty)
            let history = try await shop.customers.orderHistory(ofCustomer: 1, languageID: 1)
            #expect(history.isEmpty)
            #expect(server.received.map(\.uri) == [
                "/api/orders?filter%5Bid_customer%5D=%5B1%5D&display=full&sort=%5Bdate_add_DESC%5D",
                "/api/orders?filter%5Bid_customer%5D=%5B1%5D&display=full&sort=%5Bdate_add_DESC%5D",
            ], "no order_states request for a customer without orders")
        }
    }

    @Test func anOrdersLinesAreReadFromTheRecordedDetails() async throws {
        func values(_ field: String) throws -> [String?] {
            try Self.detailFiles.map { try FacadeFixtures.text($0, "//order_detail/\(field)") }
        }
        let names = try values("product_name").compactMap { $0 }
        let prices = try values("unit_price_tax_incl").map { $0.flatMap { ShopDecimal($0) } }
        let quantities = try values("product_quantity").map { $0.flatMap { Int($0) } }
        let products = try values("product_id").map { $0.flatMap { Int($0) } }
        #expect(names.count == 3 && prices.count == 3)
        try await ExtrasFixtures.withServer(Self.reply(orders: "")) { server, shop in
            let lines = try await shop.customers.lines(ofOrder: 5)
            #expect(server.received.map(\.uri) == ["/api/order_details?filter%5Bid_order%5D=%5B5%5D&display=full"])
            #expect(lines.map(\.id) == [13, 14, 15])
            #expect(lines.allSatisfy { $0.orderID == 5 })
            #expect(lines.map(\.productName) == names.map { Optional($0) })
            #expect(names.first == "Faded Short Sleeve T-shirts - Color : Orange, Size : S")
            #expect(lines.map(\.unitPriceTaxIncl) == prices)
            #expect(lines.first?.unitPriceTaxIncl == ShopDecimal(millionths: 16_510_000))
            #expect(lines.map(\.productQuantity) == quantities)
            #expect(lines.map(\.productID) == products)
        }
    }

    @Test func theStatesAreNamedFromTheRecordedStates() async throws {
        let ids = try ExtrasFixtures.orderStateIDs()
        let names = try Self.stateFiles().map { try FacadeFixtures.text($0, "//order_state/name/language[@id='1']") }
        try await ExtrasFixtures.withServer(Self.reply(orders: "")) { server, shop in
            let states = try await shop.customers.orderStates()
            #expect(server.received.map(\.uri) == ["/api/order_states?display=full"])
            #expect(ids.count == 14 && ids.first == 2 && ids.last == 1, "the recorded list's own order")
            #expect(states.map(\.id) == ids.map { Optional($0) })
            #expect(states.map { $0.name?[1] } == names)
            #expect(states.first { $0.id == 1 }?.name?[1] == "Awaiting check payment")
        }
    }

    @Test func theHistoryJoinsEachOrderToItsStatesName() async throws {
        // Written in the test: the recordings hold no order record. Order 5 is the one the
        // recorded lines belong to; order 6 points at a state the shop does not have.
        let orders = """
            <orders>
            <order><id>6</id><id_customer>1</id_customer><current_state>99</current_state><date_add>2016-12-02 10:00:00</date_add></order>
            <order><id>5</id><id_customer>1</id_customer><current_state>2</current_state><date_add>2016-12-01 09:00:00</date_add><reference>KHWLILZLL</reference></order>
            </orders>
            """
        let paymentAccepted = try FacadeFixtures.text("order_states/get_order_states_2.xml", "//order_state/name/language[@id='1']")
        try await ExtrasFixtures.withServer(Self.reply(orders: orders)) { server, shop in
            let history = try await shop.customers.orderHistory(ofCustomer: 1, languageID: 1)
            #expect(history.map(\.order.id) == [6, 5], "the shop's order, newest first")
            #expect(history[1].stateName == paymentAccepted && paymentAccepted == "Payment accepted")
            #expect(history[1].state?.paid == true && history[1].order.reference == "KHWLILZLL")
            #expect(history[0].state == nil && history[0].stateName == nil)
            #expect(server.received.map { $0.uri.split(separator: "?").first.map(String.init) } == ["/api/orders", "/api/order_states"])
        }
    }

    @Test func aBrokenAnswerIsATypedError() async throws {
        try await ExtrasFixtures.withServer({ _ in
            LocalServer.Reply(status: 200, headers: ExtrasFixtures.xmlHeaders, body: ExtrasFixtures.document("<orders><order><id>x</id></order></orders>"))
        }) { _, shop in
            let error = await FacadeFixtures.shopError { _ = try await shop.customers.orders(ofCustomer: 1) }
            guard case .model(.invalidValue(let element, _, let field, let value, _)) = error else {
                Issue.record("expected the order's bad id named, got \(String(describing: error))")
                return
            }
            #expect(element == "order" && field == "id" && value == "x")
        }
    }
}
