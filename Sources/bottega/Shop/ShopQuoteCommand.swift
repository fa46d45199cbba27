import ArgumentParser
import Foundation
import HTTPClientTransport
import ShopKit
import ShopReplay

/// `bottega shop quote --shop-replay DIR|--shop-url URL --cart CART.json [--format json|text]`:
/// a cart's totals as PrestaShop 8.1 computes them.
struct ShopQuoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quote",
        abstract: "Print a cart's totals (products, shipping, vouchers, paid; with and without tax) as the shop computes them.",
        discussion: """
            CART.json: {"lines": [{"product": ID, "combination": ID or 0, "quantity": N}], \
            "delivery": {"country": ID, "state": ID or 0}, "carrier": ID, "group": ID, "cartRules": [cart rule objects]}. \
            A live shop's key is read from $SHOP_KEY only.
            """
    )

    @Option(help: "Recorded PrestaShop traffic to price from (e.g. ../shared/fixtures/prestashop/ps-8.1.2-live).") var shopReplay: String?
    @Option(help: "The shop to price from (its key in $SHOP_KEY).") var shopURL: String?
    @Option(help: "The cart file.") var cart: String
    @Option(help: "json (default) or text.") var format: Format = .json
    @Option(help: "The shop's date and time to judge dated prices and vouchers by (YYYY-MM-DD HH:MM:SS; default now, UTC).") var at: String?

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    func validate() throws {
        guard (shopReplay == nil) != (shopURL == nil) else { throw ValidationError("give exactly one of --shop-replay DIR and --shop-url URL") }
    }

    func run() async throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: cart))
        } catch {
            throw CommandFailure("cannot read the cart file \(cart): \(error.localizedDescription)")
        }
        let request: CartQuoteRequest
        do {
            request = try CartQuoteRequest(json: data)
        } catch {
            throw CommandFailure("\(cart): \(error.description)")
        }
        let now: ShopDateTime
        if let at {
            guard let parsed = ShopDateTime(at) else { throw ValidationError("--at \(at) is not YYYY-MM-DD HH:MM:SS") }
            now = parsed
        } else {
            now = .now()
        }
        let quote = try await withShop { shop in
            do {
                return try await shop.prices.quote(request, now: now)
            } catch {
                throw CommandFailure(error.localizedDescription)
            }
        }
        let output = CartQuoteOutput(quote, precision: 2)
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            FileHandle.standardOutput.write(try encoder.encode(output) + Data("\n".utf8))
        case .text:
            print(output.text)
        }
        for refused in quote.refusedCartRules {
            StandardError.write("cart rule \(refused.id) not applied: \(refused.reason)")
        }
    }

    private func withShop<Result: Sendable>(_ body: @Sendable (ShopFacade) async throws -> Result) async throws -> Result {
        switch (shopReplay, shopURL) {
        case (let folder?, nil):
            let archive: ReplayArchive
            do {
                archive = try ReplayArchive.load(folder: URL(fileURLWithPath: folder))
            } catch {
                throw CommandFailure("--shop-replay \(folder): \(error.localizedDescription)")
            }
            let key = ShopServeOptions.randomKey()
            let server = ShopReplayServer(archive: archive, keys: [key])
            return try await server.run { base in
                let configuration = try ShopConfiguration(shop: base.absoluteString, key: key)
                return try await body(ShopFacade(sender: WebserviceClient(configuration: configuration, transport: AsyncHTTPClientTransport.shared)))
            }
        case (nil, let url?):
            guard let key = ProcessInfo.processInfo.environment["SHOP_KEY"], !key.isEmpty else {
                throw CommandFailure("a shop at \(url) needs its webservice key in $SHOP_KEY (never as a flag: it would show in ps)")
            }
            let configuration: ShopConfiguration
            do {
                configuration = try ShopConfiguration(shop: url, key: key)
            } catch {
                throw CommandFailure(error.localizedDescription)
            }
            return try await body(ShopFacade(sender: WebserviceClient(configuration: configuration, transport: AsyncHTTPClientTransport.shared)))
        default:
            throw ValidationError("give exactly one of --shop-replay DIR and --shop-url URL")
        }
    }
}

/// The quote's fixed JSON shape: eight totals as decimal strings with 2 decimals, and the lines.
struct CartQuoteOutput: Encodable {
    struct Line: Encodable {
        let product: Int
        let combination: Int
        let quantity: Int
        let unitPriceTaxExcl: String
        let unitPriceTaxIncl: String
        let totalTaxExcl: String
        let totalTaxIncl: String
    }

    let totalProductsTaxExcl: String
    let totalProductsTaxIncl: String
    let totalShippingTaxExcl: String
    let totalShippingTaxIncl: String
    let totalDiscountsTaxExcl: String
    let totalDiscountsTaxIncl: String
    let totalPaidTaxExcl: String
    let totalPaidTaxIncl: String
    let lines: [Line]
    let cartRulesApplied: [Int]

    init(_ quote: CartQuote, precision: Int) {
        let money = { (value: Double) in String(format: "%.\(precision)f", value) }
        totalProductsTaxExcl = money(quote.products.taxExcluded)
        totalProductsTaxIncl = money(quote.products.taxIncluded)
        totalShippingTaxExcl = money(quote.shipping.taxExcluded)
        totalShippingTaxIncl = money(quote.shipping.taxIncluded)
        totalDiscountsTaxExcl = money(quote.discounts.taxExcluded)
        totalDiscountsTaxIncl = money(quote.discounts.taxIncluded)
        totalPaidTaxExcl = money(quote.paid.taxExcluded)
        totalPaidTaxIncl = money(quote.paid.taxIncluded)
        lines = quote.lines.map { line in
            Line(
                product: line.productID, combination: line.combinationID, quantity: line.quantity,
                unitPriceTaxExcl: String(format: "%.6f", line.unitPrice.taxExcluded), unitPriceTaxIncl: String(format: "%.6f", line.unitPrice.taxIncluded),
                totalTaxExcl: money(line.total.taxExcluded), totalTaxIncl: money(line.total.taxIncluded))
        }
        cartRulesApplied = quote.appliedCartRuleIDs
    }

    var text: String {
        var rows = lines.map { "\($0.quantity) × product \($0.product)/\($0.combination)  \($0.unitPriceTaxIncl)  \($0.totalTaxIncl) (\($0.totalTaxExcl) tax excl.)" }
        rows.append("products  \(totalProductsTaxIncl) (\(totalProductsTaxExcl) tax excl.)")
        rows.append("shipping  \(totalShippingTaxIncl) (\(totalShippingTaxExcl) tax excl.)")
        rows.append("vouchers  -\(totalDiscountsTaxIncl) (-\(totalDiscountsTaxExcl) tax excl.)")
        rows.append("to pay    \(totalPaidTaxIncl) (\(totalPaidTaxExcl) tax excl.)")
        return rows.joined(separator: "\n")
    }
}
