import Amounts
import Foundation

/// One master-data record as the company sends it: references to other records are the
/// company's record ids, which the agent's store resolves to its own rows when applying.
public enum SyncRecord: Sendable, Hashable, Codable {
    case supplier(Supplier)
    case customer(Customer)
    /// The product's `supplierID` is meaningless here; `supplierRemoteID` names the supplier.
    /// nil when the message did not say (the thesis's product line has no supplier): the
    /// product keeps the supplier it has.
    case product(Product, supplierRemoteID: String?)
    /// The discount's ids are meaningless here; the remote ids name supplier, customer, product.
    case discount(levels: [Decimal], supplierRemoteID: String, customerRemoteID: String, productRemoteID: String?)

    public var kind: MasterDataKind {
        switch self {
        case .supplier: .supplier
        case .customer: .customer
        case .product: .product
        case .discount: .discount
        }
    }
}

/// What one line of a sync tells the agent's store to do (the thesis's `ins|upd|del`), after the
/// line was parsed and validated. A whole sync is applied in one transaction or not at all.
public enum SyncCommand: Sendable, Hashable {
    case insert(SyncRecord, company: String, remoteID: String)
    case update(SyncRecord, company: String, remoteID: String)
    case delete(MasterDataKind, company: String, remoteID: String)
    /// The company ended the agent's subscription (`deleted`): everything it synced goes.
    case deleteAll(company: String)
}
