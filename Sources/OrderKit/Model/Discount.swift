import Foundation

/// A discount a supplier grants a customer: up to three cascaded percentages ("10+5+2": 10 %
/// off, then 5 % off what is left, then 2 %). Without a product it covers the supplier's whole
/// price list for that customer; a product discount overrides it for that product.
public struct Discount: Sendable, Hashable, Codable, Identifiable {
    public var id: Int64?
    public var supplierID: Int64
    public var customerID: Int64
    /// nil: every product of the supplier.
    public var productID: Int64?
    /// One to three percentages in 0…100, applied in order; exact decimals, never Double.
    public var levels: [Decimal]
    public var origin: RecordOrigin

    public static let maximumLevels = 3

    public init(id: Int64? = nil, supplierID: Int64, customerID: Int64, productID: Int64? = nil, levels: [Decimal], origin: RecordOrigin = .local) {
        self.id = id
        self.supplierID = supplierID
        self.customerID = customerID
        self.productID = productID
        self.levels = levels
        self.origin = origin
    }
}
