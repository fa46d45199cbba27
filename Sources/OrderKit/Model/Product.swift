import Amounts

/// A product of one supplier's price list. The code is required and unique per supplier.
public struct Product: Sendable, Hashable, Codable, Identifiable {
    public var id: Int64?
    public var code: String
    public var supplierID: Int64
    public var description: String
    public var price: Money
    /// The smallest quantity an order line may carry (the thesis's "quantità minima"); ≥ 1.
    public var minimumQuantity: Int
    public var origin: RecordOrigin

    public init(
        id: Int64? = nil, code: String, supplierID: Int64, description: String = "", price: Money, minimumQuantity: Int = 1,
        origin: RecordOrigin = .local
    ) {
        self.id = id
        self.code = code
        self.supplierID = supplierID
        self.description = description
        self.price = price
        self.minimumQuantity = minimumQuantity
        self.origin = origin
    }
}
