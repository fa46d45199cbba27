import Foundation

/// The required fields of master data (the issue: a customer's company name; a supplier's name
/// and e-mail; a product's code, with a minimum quantity of at least 1; a discount's one to
/// three valid levels), checked the same way for the agent's own records and the company's.
enum MasterDataRules {
    static func validate(_ customer: Customer) throws(AgentStoreError) {
        try require(customer.companyName, .customer, "company name")
    }

    static func validate(_ supplier: Supplier) throws(AgentStoreError) {
        try require(supplier.name, .supplier, "name")
        // Orders are e-mailed to the supplier: without an address they cannot reach it.
        try require(supplier.email, .supplier, "e-mail")
    }

    static func validate(_ product: Product) throws(AgentStoreError) {
        try require(product.code, .product, "code")
        guard product.minimumQuantity >= 1 else {
            throw .minimumQuantityBelowOne(productCode: product.code, minimum: product.minimumQuantity)
        }
    }

    static func validateLevels(_ levels: [Decimal]) throws(AgentStoreError) {
        do throws(PricingError) {
            try Discount(supplierID: 0, customerID: 0, levels: levels).validateLevels()
        } catch {
            throw .invalidDiscount(error)
        }
    }

    private static func require(_ value: String, _ kind: MasterDataKind, _ field: String) throws(AgentStoreError) {
        guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .missingField(kind, field: field) }
    }
}
