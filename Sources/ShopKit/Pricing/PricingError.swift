/// Why a price could not be computed: what was missing or not supported, and where.
public enum PricingError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownProduct(Int)
    case unknownCombination(Int, product: Int)
    case unknownCarrier(Int)
    case unknownCountry(Int)
    case unknownState(Int, country: Int)
    case carrierDoesNotServeZone(carrier: Int, zone: Int)
    case carrierOutOfRange(carrier: Int, zone: Int)
    case invalidQuantity(Int, product: Int)
    case emptyCart
    case unsupportedCartRule(id: Int, reason: String)

    public var description: String {
        switch self {
        case .unknownProduct(let id): "product \(id) is not in the shop"
        case .unknownCombination(let id, let product): "combination \(id) is not a combination of product \(product)"
        case .unknownCarrier(let id): "carrier \(id) is not in the shop (or is deleted)"
        case .unknownCountry(let id): "country \(id) is not in the shop"
        case .unknownState(let id, let country): "state \(id) is not a state of country \(country)"
        case .carrierDoesNotServeZone(let carrier, let zone): "carrier \(carrier) has no shipping price for zone \(zone): choose a carrier that delivers there"
        case .carrierOutOfRange(let carrier, let zone): "carrier \(carrier) has no range for this cart in zone \(zone) and is disabled out of range"
        case .invalidQuantity(let quantity, let product): "quantity \(quantity) of product \(product) must be 1 or more"
        case .emptyCart: "the cart has no lines"
        case .unsupportedCartRule(let id, let reason): "cart rule \(id) cannot be computed here: \(reason)"
        }
    }
}
