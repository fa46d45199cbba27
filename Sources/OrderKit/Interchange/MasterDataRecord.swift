/// One record of an agent's `||` import/export file: a supplier, a customer or a product.
/// Discounts are not exchanged in these files (the files carry customers, suppliers and
/// products; discounts come from the company's sync or spreadsheets).
public enum MasterDataRecord: Sendable, Hashable {
    case supplier(Supplier)
    case customer(Customer)
    /// A product names its supplier by the supplier's name: an agent's own suppliers have no
    /// codes, and a name is what the agent typed and reads. The product's `supplierID` is
    /// meaningless here; the store resolves `supplierName` to its row.
    case product(Product, supplierName: String)

    public var kind: MasterDataKind {
        switch self {
        case .supplier: .supplier
        case .customer: .customer
        case .product: .product
        }
    }
}
