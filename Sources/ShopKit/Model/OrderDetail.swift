/// One line of an order in full (`/api/order_details`): product, quantities, unit and total
/// prices with and without tax.
public struct OrderDetail: ResourceModel {
    public static let element = "order_detail"
    public static let resource = "order_details"

    public var id: Int?
    public var orderID: Int?
    public var productID: Int?
    public var productAttributeID: Int?
    public var orderInvoiceID: Int?
    public var warehouseID: Int?
    public var shopID: Int?
    public var productName: String?
    public var productQuantity: Int?
    public var productQuantityInStock: Int?
    public var productQuantityRefunded: Int?
    public var productQuantityReturn: Int?
    public var productQuantityReinjected: Int?
    public var productPrice: ShopDecimal?
    public var reductionPercent: ShopDecimal?
    public var reductionAmount: ShopDecimal?
    public var reductionAmountTaxIncl: ShopDecimal?
    public var reductionAmountTaxExcl: ShopDecimal?
    public var groupReduction: ShopDecimal?
    public var productQuantityDiscount: ShopDecimal?
    public var productEAN13: String?
    public var productUPC: String?
    public var productReference: String?
    public var productSupplierReference: String?
    public var productWeight: ShopDecimal?
    public var taxRulesGroupID: Int?
    public var taxComputationMethod: Int?
    public var ecotax: ShopDecimal?
    public var ecotaxTaxRate: ShopDecimal?
    public var discountQuantityApplied: Bool?
    public var downloadHash: String?
    public var downloadNb: Int?
    public var downloadDeadline: ShopDateTime?
    public var unitPriceTaxIncl: ShopDecimal?
    public var unitPriceTaxExcl: ShopDecimal?
    public var totalPriceTaxIncl: ShopDecimal?
    public var totalPriceTaxExcl: ShopDecimal?
    public var totalShippingPriceTaxExcl: ShopDecimal?
    public var totalShippingPriceTaxIncl: ShopDecimal?
    public var purchaseSupplierPrice: ShopDecimal?
    public var originalProductPrice: ShopDecimal?
    public var originalWholesalePrice: ShopDecimal?

    public init() {}

    public static let schema = RecordSchema<OrderDetail>(
        fields: [
            .field("id", \.id, .int),
            .field("id_order", \.orderID, .int),
            .field("product_id", \.productID, .int),
            .field("product_attribute_id", \.productAttributeID, .int),
            .field("id_order_invoice", \.orderInvoiceID, .int),
            .field("id_warehouse", \.warehouseID, .int),
            .field("id_shop", \.shopID, .int),
            .field("product_name", \.productName, .text),
            .field("product_quantity", \.productQuantity, .int),
            .field("product_quantity_in_stock", \.productQuantityInStock, .int),
            .field("product_quantity_refunded", \.productQuantityRefunded, .int),
            .field("product_quantity_return", \.productQuantityReturn, .int),
            .field("product_quantity_reinjected", \.productQuantityReinjected, .int),
            .field("product_price", \.productPrice, .decimal),
            .field("reduction_percent", \.reductionPercent, .decimal),
            .field("reduction_amount", \.reductionAmount, .decimal),
            .field("reduction_amount_tax_incl", \.reductionAmountTaxIncl, .decimal),
            .field("reduction_amount_tax_excl", \.reductionAmountTaxExcl, .decimal),
            .field("group_reduction", \.groupReduction, .decimal),
            .field("product_quantity_discount", \.productQuantityDiscount, .decimal),
            .field("product_ean13", \.productEAN13, .text),
            .field("product_upc", \.productUPC, .text),
            .field("product_reference", \.productReference, .text),
            .field("product_supplier_reference", \.productSupplierReference, .text),
            .field("product_weight", \.productWeight, .decimal),
            .field("id_tax_rules_group", \.taxRulesGroupID, .int),
            .field("tax_computation_method", \.taxComputationMethod, .int),
            .field("ecotax", \.ecotax, .decimal),
            .field("ecotax_tax_rate", \.ecotaxTaxRate, .decimal),
            .field("discount_quantity_applied", \.discountQuantityApplied, .bool),
            .field("download_hash", \.downloadHash, .text),
            .field("download_nb", \.downloadNb, .int),
            .field("download_deadline", \.downloadDeadline, .dateTime),
            .field("unit_price_tax_incl", \.unitPriceTaxIncl, .decimal),
            .field("unit_price_tax_excl", \.unitPriceTaxExcl, .decimal),
            .field("total_price_tax_incl", \.totalPriceTaxIncl, .decimal),
            .field("total_price_tax_excl", \.totalPriceTaxExcl, .decimal),
            .field("total_shipping_price_tax_excl", \.totalShippingPriceTaxExcl, .decimal),
            .field("total_shipping_price_tax_incl", \.totalShippingPriceTaxIncl, .decimal),
            .field("purchase_supplier_price", \.purchaseSupplierPrice, .decimal),
            .field("original_product_price", \.originalProductPrice, .decimal),
            .field("original_wholesale_price", \.originalWholesalePrice, .decimal),
        ]
    )
}
