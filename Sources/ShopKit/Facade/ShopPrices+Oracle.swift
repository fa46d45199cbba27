/// The shop's own price for each line of a quote, asked just before an order: PrestaShop puts
/// an order whose `total_paid` is a cent off in "Payment error", so a line the calculator
/// prices differently from the shop must stop the order before it is placed.
extension ShopPrices {
    /// One line's check: the shop's unit prices (6 decimals), nil where the shop's answer held
    /// no such field (a replay that never recorded that computation). A line with neither is
    /// *not checked*; with one, it is checked on that one.
    public struct LineCheck: Sendable, Hashable {
        public let productID: Int
        public let combinationID: Int
        public let ours: TaxedAmount
        public let shopTaxExcluded: Double?
        public let shopTaxIncluded: Double?

        public var checked: Bool { shopTaxExcluded != nil || shopTaxIncluded != nil }

        /// The shop's price differs from ours by half a micro-unit or more (its 6 decimals).
        public var disagrees: Bool {
            let differs = { (shop: Double?, ours: Double) in shop.map { Swift.abs($0 - ours) >= 0.000_000_5 } ?? false }
            return differs(shopTaxExcluded, ours.taxExcluded) || differs(shopTaxIncluded, ours.taxIncluded)
        }
    }

    /// The shop's `price[…]` answer for every line of `quote`, for this address, group and the
    /// product's quantity in the cart (one request per line: `products?filter[id]=[P]` with
    /// `price[incl]` and `price[excl]` for its combination).
    public func check(_ quote: CartQuote, countryID: Int, stateID: Int, groupID: Int) async throws(ShopError) -> [LineCheck] {
        var checks: [LineCheck] = []
        for line in quote.lines {
            let cartQuantity = quote.lines.filter { $0.productID == line.productID }.reduce(0) { $0 + $1.quantity }
            let request = try ShopConnection.build { () throws(WebserviceRequestError) in
                var request = try WebserviceRequest.list("products").filter("id", .equals(String(line.productID)))
                    .display(.fields(["id", "oracle_incl", "oracle_excl"]))
                for (alias, tax) in [("oracle_incl", "1"), ("oracle_excl", "0")] {
                    request = request.price(alias, .useTax, tax).price(alias, .country, String(countryID)).price(alias, .state, String(stateID))
                        .price(alias, .group, String(groupID)).price(alias, .quantity, String(cartQuantity))
                        .price(alias, .productAttribute, String(line.combinationID)).price(alias, .decimals, "6")
                }
                return request
            }
            let document = try await connection.document(request)
            let record: WebserviceRecord?
            do throws(DocumentError) {
                record = try document.records("product").first
            } catch {
                record = nil
            }
            checks.append(LineCheck(
                productID: line.productID, combinationID: line.combinationID, ours: line.unitPrice,
                shopTaxExcluded: record?.field("oracle_excl")?.text.flatMap { Double($0) },
                shopTaxIncluded: record?.field("oracle_incl")?.text.flatMap { Double($0) }))
        }
        return checks
    }
}
