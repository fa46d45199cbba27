import OrderKit
/// Finds the records a sheet's cells name, among the company's stored master data: a
/// product's supplier, a discount's supplier, customer and product. A cell may hold the
/// record's key (its id or code column) or its name (a supplier's name, a customer's ragione
/// sociale, a product's code within the supplier), compared as ``SearchKey`` folds them; never
/// its idAzienda, Bottega's internal number, which a sheet cannot know (issue 40: an unknown
/// customer code "34" was taken for the customer whose idAzienda happened to be 34).
public struct MasterDataReferences: Sendable {
    private var byKey: [MasterDataKind: [String: String]] = [:]
    private var byName: [MasterDataKind: [String: String]] = [:]
    private var productByCode: [String: String] = [:]
    private var supplierOfProduct: [String: String] = [:]

    public init(stored: [StoredCompanyRecord]) {
        for item in stored where !item.isDeleted {
            byKey[item.kind, default: [:]][item.key] = item.remoteID
            switch item.record {
            case .supplier(let supplier): byName[.supplier, default: [:]][SearchKey.fold(supplier.name)] = item.remoteID
            case .customer(let customer): byName[.customer, default: [:]][SearchKey.fold(customer.companyName)] = item.remoteID
            case .product(let product, let supplier):
                if let supplier {
                    productByCode["\(supplier)\u{1F}\(product.code.lowercased())"] = item.remoteID
                    supplierOfProduct[item.remoteID] = supplier
                }
            case .discount: break
            }
        }
    }

    /// The idAzienda of the `kind` record `cell` names, nil if none.
    public func remoteID(of kind: MasterDataKind, _ cell: String) -> String? {
        if let id = byKey[kind]?[cell] { return id }
        return byName[kind]?[SearchKey.fold(cell)]
    }

    /// The idAzienda of the product `cell` names in `supplier`'s price list, and whether it is
    /// that supplier's (a product found by key may belong to another).
    public func product(_ cell: String, supplier: String) -> (remoteID: String, isSuppliers: Bool)? {
        if let id = productByCode["\(supplier)\u{1F}\(cell.lowercased())"] { return (id, true) }
        guard let id = byKey[.product]?[cell] else { return nil }
        return (id, supplierOfProduct[id] == supplier)
    }
}
