import Amounts

/// A product of one supplier's price list. The code is required and unique per supplier.
///
/// A product synced from a company without a supplier (the thesis's `prodotto` line has none)
/// has `supplierID` nil: it is one of the company's products, usable with any of its suppliers.
public struct Product: Sendable, Hashable, Codable, Identifiable {
    public var id: Int64?
    public var code: String
    public var supplierID: Int64?
    public var description: String
    /// Up to six decimals (a price list's €0,0325); an order line rounds its total to the cent.
    public var price: UnitPrice
    /// The smallest quantity an order line may carry (the thesis's "quantità minima"); ≥ 1.
    public var minimumQuantity: Int
    /// The VAT rate its order lines carry (the sheet's `Aliquota IVA`; 22 % unless it says otherwise).
    public var vatRate: VATRate
    public var origin: RecordOrigin

    public init(
        id: Int64? = nil, code: String, supplierID: Int64?, description: String = "", price: UnitPrice, minimumQuantity: Int = 1,
        vatRate: VATRate = .standard, origin: RecordOrigin = .local
    ) {
        self.id = id
        self.code = code
        self.supplierID = supplierID
        self.description = description
        self.price = price
        self.minimumQuantity = minimumQuantity
        self.vatRate = vatRate
        self.origin = origin
    }

    /// Whether an order for supplier `supplierID` (synced from `supplierOrigin`) may carry it:
    /// its own product, or one of its company's products that name no supplier.
    public func isOffered(bySupplier supplierID: Int64, of supplierOrigin: RecordOrigin?) -> Bool {
        if let own = self.supplierID { return own == supplierID }
        guard case .synced(let company, _) = origin, case .synced(let supplierCompany, _)? = supplierOrigin else { return false }
        return company == supplierCompany
    }

    /// A product whose price is whole cents.
    public init(
        id: Int64? = nil, code: String, supplierID: Int64?, description: String = "", price: Money, minimumQuantity: Int = 1,
        vatRate: VATRate = .standard, origin: RecordOrigin = .local
    ) {
        self.init(
            id: id, code: code, supplierID: supplierID, description: description, price: UnitPrice(price), minimumQuantity: minimumQuantity,
            vatRate: vatRate, origin: origin)
    }

    private enum CodingKeys: String, CodingKey {
        case id, code, supplierID, description, price, minimumQuantity, vatRate, origin
    }

    /// Products stored or sent before VAT rates existed read as 22 %.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        code = try container.decode(String.self, forKey: .code)
        supplierID = try container.decodeIfPresent(Int64.self, forKey: .supplierID)
        description = try container.decode(String.self, forKey: .description)
        price = try container.decode(UnitPrice.self, forKey: .price)
        minimumQuantity = try container.decode(Int.self, forKey: .minimumQuantity)
        vatRate = try container.decodeIfPresent(VATRate.self, forKey: .vatRate) ?? .standard
        origin = try container.decode(RecordOrigin.self, forKey: .origin)
    }
}
