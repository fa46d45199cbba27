/// A carrier's price to a zone for one price or weight range (`deliveries`).
public struct Delivery: ResourceModel {
    public static let element = "delivery"
    public static let resource = "deliveries"

    public var id: Int?
    public var carrierID: Int?
    /// 0 when the row is for a weight range.
    public var priceRangeID: Int?
    /// 0 when the row is for a price range.
    public var weightRangeID: Int?
    public var zoneID: Int?
    public var price: ShopDecimal?

    public init() {}

    public static let schema = RecordSchema<Delivery>(
        fields: [
            .field("id", \.id, .int),
            .field("id_carrier", \.carrierID, .int),
            .field("id_range_price", \.priceRangeID, .int),
            .field("id_range_weight", \.weightRangeID, .int),
            .field("id_zone", \.zoneID, .int),
            .field("price", \.price, .decimal),
        ]
    )
}

/// A carrier's range of order totals (`price_ranges`) or weights (`weight_ranges`): from
/// `delimiter1` included to `delimiter2` excluded.
public struct ShippingRange: Sendable, Hashable {
    public var id: Int
    public var carrierID: Int
    public var from: ShopDecimal
    public var upTo: ShopDecimal

    public init(id: Int, carrierID: Int, from: ShopDecimal, upTo: ShopDecimal) {
        self.id = id
        self.carrierID = carrierID
        self.from = from
        self.upTo = upTo
    }
}

/// A range record: `price_ranges` and `weight_ranges` share their fields.
public protocol ShippingRangeRecord: ResourceModel {
    var carrierID: Int? { get set }
    var delimiter1: ShopDecimal? { get set }
    var delimiter2: ShopDecimal? { get set }
}

extension ShippingRangeRecord {
    public static var schema: RecordSchema<Self> {
        RecordSchema(fields: [
            .field("id", \.id, .int), .field("id_carrier", \.carrierID, .int),
            .field("delimiter1", \.delimiter1, .decimal), .field("delimiter2", \.delimiter2, .decimal),
        ])
    }

    public var range: ShippingRange? {
        guard let id, let carrierID, let delimiter1, let delimiter2 else { return nil }
        return ShippingRange(id: id, carrierID: carrierID, from: delimiter1, upTo: delimiter2)
    }
}

/// A range of order totals (tax included) of a carrier priced by price.
public struct PriceRange: ShippingRangeRecord {
    public static let element = "price_range"
    public static let resource = "price_ranges"

    public var id: Int?
    public var carrierID: Int?
    public var delimiter1: ShopDecimal?
    public var delimiter2: ShopDecimal?

    public init() {}
}

/// A range of cart weights of a carrier priced by weight.
public struct WeightRange: ShippingRangeRecord {
    public static let element = "weight_range"
    public static let resource = "weight_ranges"

    public var id: Int?
    public var carrierID: Int?
    public var delimiter1: ShopDecimal?
    public var delimiter2: ShopDecimal?

    public init() {}
}
