/// Vouchers as PrestaShop enforces them (`CartRule::checkValidity`), for a shop whose
/// webservice cannot put a code on a cart.
///
/// `validateOrder` adds by itself the code-less vouchers bound to the customer, after it has
/// compared `total_paid` with the cart's total (SOURCES.md "Orders"). So a code is redeemed as
/// such a copy: one use, this customer, its description naming the code's id
/// (``copyMarker(of:)``), so that the customer's earlier uses, copies included, are counted
/// from their orders' `order_cart_rules` before another is granted. The code's own quantity is
/// taken down one use at a time, serialised and re-read before the PUT, so two orders never
/// take the same last use.
extension ShopCheckout {
    /// Why a voucher cannot be used: said to the shopper as it is.
    public struct VoucherRefusal: Error, Sendable, Hashable, CustomStringConvertible {
        public let code: String
        public let reason: String
        public var description: String { "The voucher “\(code)” cannot be used: \(reason)." }
    }

    /// How many times the decrement is tried when the code's quantity keeps changing under it.
    static let voucherAttempts = 4

    /// The text a customer's copy of cart rule `id` carries in its description.
    public static func copyMarker(of id: Int) -> String { "(cart rule \(id))" }

    /// The customer's uses of the voucher so far: `order_cart_rules` of their orders not in
    /// `PS_OS_ERROR` that name the voucher or one of its copies (`CartRule::checkValidity`
    /// counts the same rows).
    public func uses(of rule: CartRule, byCustomer customerID: Int, errorStateID: Int) async throws(ShopError) -> Int {
        guard let id = rule.id else { return 0 }
        let copies = try await copies(of: id, forCustomer: customerID).compactMap(\.id)
        let counted = Set([id] + copies)
        let orders = try await connection.all(Order.self, try ShopCustomers.ordersRequest(customerID: customerID))
            .filter { $0.currentState != errorStateID }.compactMap(\.id)
        guard !orders.isEmpty else { return 0 }
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("order_cart_rules").display(.full).filter("id_order", .anyOf(orders.map(String.init)))
        }
        let document = try await connection.document(request)
        if document.contents.contains(where: { if case .emptyList = $0 { true } else { false } }) { return 0 }
        do throws(DocumentError) {
            return try document.records("order_cart_rule").filter { record in
                record.field("id_cart_rule")?.text.flatMap { Int($0) }.map(counted.contains) ?? false
            }.count
        } catch {
            throw .model(.document(error))
        }
    }

    /// The customer's copies of cart rule `id`.
    func copies(of id: Int, forCustomer customerID: Int) async throws(ShopError) -> [CartRule] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("cart_rules").display(.full).filter("id_customer", .equals(String(customerID)))
        }
        return try await connection.all(CartRule.self, request).filter { ($0.description ?? "").contains(Self.copyMarker(of: id)) && ($0.code ?? "").isEmpty }
    }

    /// Makes the voucher count on the customer's next order, or says why it cannot: the
    /// customer's uses reached `quantity_per_user`, or the code has no use left. A copy granted
    /// earlier and not used yet (an order that never came) is the one returned, so a shopper who
    /// tries again does not spend a second use.
    public func redeem(_ rule: CartRule, forCustomer customerID: Int, errorStateID: Int) async throws -> CartRule {
        guard let id = rule.id else { throw ShopError.invalidArgument("the voucher has no id") }
        let code = rule.code ?? String(id)
        if let waiting = try await copies(of: id, forCustomer: customerID).first(where: { ($0.quantity ?? 0) > 0 && $0.active != false }) {
            return waiting
        }
        let used = try await uses(of: rule, byCustomer: customerID, errorStateID: errorStateID)
        let perCustomer = rule.quantityPerUser ?? 1
        if used >= perCustomer {
            throw VoucherRefusal(code: code, reason: "you have used it \(used) time\(used == 1 ? "" : "s") already, and it allows \(perCustomer) per customer")
        }
        try await takeOneUse(of: id, code: code)
        var copy = rule
        copy.id = nil
        copy.code = ""
        copy.customerID = customerID
        copy.quantity = 1
        copy.quantityPerUser = 1
        copy.highlight = false
        copy.description = "Voucher \(code) \(Self.copyMarker(of: id)) for customer \(customerID)"
        return try await connection.create(copy)
    }

    /// One use off the code's quantity: read fresh, checked, re-read just before the PUT and
    /// started again if it changed meanwhile (another server's order), read back after.
    private func takeOneUse(of id: Int, code: String) async throws {
        let connection = connection
        let outcome: Result<Void, VoucherRefusal> = try await voucherWrites.serialise(cart: id) { () throws(ShopError) -> Result<Void, VoucherRefusal> in
            for _ in 0..<Self.voucherAttempts {
                let read = try await connection.get(CartRule.self, id: id)
                let left = read.quantity ?? 0
                guard left > 0 else { return .failure(VoucherRefusal(code: code, reason: "it has no use left")) }
                let check = try await connection.get(CartRule.self, id: id)
                guard check.quantity == left else { continue }
                var changed = read
                changed.quantity = left - 1
                _ = try await connection.update(changed)
                let written = try await connection.get(CartRule.self, id: id)
                if written.quantity == left - 1 { return .success(()) }
            }
            throw .invalidArgument("voucher \(code) kept changing while a use was taken off it (\(Self.voucherAttempts) tries); try again")
        }
        try outcome.get()
    }
}
