import Foundation

/// What the agent's store refused, in words the agent can act on.
public enum AgentStoreError: Error, Sendable, Equatable, LocalizedError {
    /// No such record (`id` nil: the record to update has no id).
    case unknownRecord(MasterDataKind, id: Int64?)
    /// The company synced this record: it is read-only on the agent's side, and only a sync
    /// creates, changes or deletes it.
    case readOnly(MasterDataKind, id: Int64?)
    /// A required field is empty (`field` as the forms label it).
    case missingField(MasterDataKind, field: String)
    case minimumQuantityBelowOne(productCode: String, minimum: Int)
    /// The supplier already has a product with this code (codes are unique per supplier).
    case duplicateProductCode(String, supplierID: Int64)
    /// The agent already has a discount for this supplier, customer and product (or whole list).
    case duplicateDiscount(existingID: Int64)
    /// The discount names a product of another supplier.
    case discountProductOfAnotherSupplier(productID: Int64, supplierID: Int64)
    case invalidDiscount(PricingError)
    case unknownOrder(Int64)
    /// A sent order is registered by the company: it is kept as sent, never edited.
    case orderAlreadySent(Int64)
    /// The order went to the company once (its answer may be lost): it stays as it was sent, and
    /// "Change" makes a new draft from it.
    case orderLocked(Int64)
    /// The product is one of a company's products, for any of its suppliers: the order needs one first.
    case chooseSupplierFirst(productCode: String)
    /// The order's supplier belongs to no subscription: no company's server takes it.
    case noCompanyForSupplier(orderID: Int64, supplier: String)
    case unknownLine(orderID: Int64, index: Int, count: Int)
    /// The product belongs to another supplier than the order's.
    case productOfAnotherSupplier(productCode: String, orderID: Int64)
    case negativeQuantity(Int)
    /// Another supplier was chosen for an order whose lines are the first supplier's.
    case linesOfAnotherSupplier(orderID: Int64, productCode: String)
    /// The line's or the order's amount cannot be computed (`PricingError`).
    case pricing(PricingError)
    /// The agent's profile needs a name: it is printed on every order.
    case missingAgentName
    /// An imported product names a supplier neither the file nor the store has.
    case unknownSupplierName(String, productCode: String)
    /// A row no longer decodes (edited by hand, or a newer version's data).
    case damagedRecord(String)
    /// A subscription without its company code or username.
    case emptyField(String)
    /// A company server over plain HTTP that is not this machine: the account's password would
    /// cross the network readable.
    case insecureServer(String)

    /// The short, stable reason the API and the CLI report.
    public var code: String {
        switch self {
        case .unknownRecord: "unknown record"
        case .readOnly: "read-only record"
        case .missingField: "missing field"
        case .minimumQuantityBelowOne: "minimum quantity below one"
        case .duplicateProductCode: "duplicate product code"
        case .duplicateDiscount: "duplicate discount"
        case .discountProductOfAnotherSupplier: "discount product of another supplier"
        case .invalidDiscount(let error): error.code
        case .unknownOrder: "unknown order"
        case .orderAlreadySent: "order already sent"
        case .orderLocked: "order locked"
        case .noCompanyForSupplier: "no company for supplier"
        case .chooseSupplierFirst: "choose supplier first"
        case .unknownLine: "unknown line"
        case .productOfAnotherSupplier: "product of another supplier"
        case .negativeQuantity: "negative quantity"
        case .linesOfAnotherSupplier: "lines of another supplier"
        case .pricing(let error): error.code
        case .missingAgentName: "missing agent name"
        case .unknownSupplierName: "unknown supplier name"
        case .damagedRecord: "damaged record"
        case .emptyField: "empty field"
        case .insecureServer: "insecure server"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .unknownSupplierName(let name, let code):
            "product \(code) names the supplier “\(name)”, which is neither in the file nor among your suppliers: add the supplier first"
        case .unknownRecord(let kind, let id):
            if let id { "there is no \(kind.noun) #\(id): it may have been deleted, or removed by a sync" } else { "the \(kind.noun) to change has no id" }
        case .readOnly(let kind, let id):
            "the \(kind.noun)\(id.map { " #\($0)" } ?? "") comes from the company's sync and is read-only: ask the company to change it, or add your own"
        case .missingField(let kind, let field):
            "the \(kind.noun)'s \(field) is required"
        case .minimumQuantityBelowOne(let code, let minimum):
            "product \(code): the minimum quantity is \(minimum); it must be at least 1"
        case .duplicateProductCode(let code, let supplierID):
            "supplier #\(supplierID) already has a product with the code \(code): codes are unique per supplier"
        case .duplicateDiscount(let existing):
            "discount #\(existing) already covers this supplier, customer and product: edit that one"
        case .discountProductOfAnotherSupplier(let product, let supplier):
            "product #\(product) is not in supplier #\(supplier)'s price list: a discount names a product of its own supplier"
        case .invalidDiscount(let error):
            error.errorDescription
        case .unknownOrder(let id):
            "there is no order #\(id): the order history lists them"
        case .orderAlreadySent(let id):
            "order #\(id) was sent and registered by the company: it can no longer be changed"
        case .orderLocked(let id):
            "order #\(id) went to the company once and stays as it was sent: use Change to make a new draft from it"
        case .chooseSupplierFirst(let code):
            "product \(code) is the company's, sold through any of its suppliers: choose the order's supplier first"
        case .noCompanyForSupplier(let id, let supplier):
            "order #\(id) is for “\(supplier)”, a supplier of none of your companies: no company's server takes it; print its PDF and send it by hand"
        case .unknownLine(let order, let index, let count):
            // Decimal: the line number of a client's index of Int.max does not fit an Int.
            "order #\(order) has no line \(Decimal(index) + 1): it has \(count) line\(count == 1 ? "" : "s")"
        case .productOfAnotherSupplier(let code, let order):
            "product \(code) belongs to another supplier than order #\(order)'s: one order is for one supplier"
        case .linesOfAnotherSupplier(let order, let code):
            "order #\(order) has lines of its supplier's products (\(code)…): remove them before choosing another supplier, or start a new order"
        case .negativeQuantity(let quantity):
            "the quantity is \(quantity): a quantity is never negative"
        case .pricing(let error):
            error.errorDescription
        case .missingAgentName:
            "the agent's name is required: it is printed on every order"
        case .emptyField(let field):
            "the subscription's \(field) is empty: the company gives it with the account"
        case .insecureServer(let address):
            "\(address) is plain http on another machine: the account's password would cross the network readable; use its https:// address"
        case .damagedRecord(let what):
            "a stored record cannot be read (\(what)): restore the database from a backup"
        }
    }
}

extension MasterDataKind {
    /// The English noun the messages use.
    public var noun: String {
        switch self {
        case .supplier: "supplier"
        case .customer: "customer"
        case .product: "product"
        case .discount: "discount"
        }
    }
}
