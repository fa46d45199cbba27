import Foundation
import GRDB

/// Products and discounts: the suppliers' price lists and what each customer is granted.
extension AgentStore {
    /// Inserts the product (id nil) or updates the agent's own product with its id. The supplier
    /// must exist (it may be a synced one: the agent can add to a company's price list); the
    /// code must be new for that supplier.
    @discardableResult
    public func save(_ product: Product) throws -> Product {
        try MasterDataRules.validate(product)
        // Only a company's sync makes a product without a supplier; the agent's own belong to one.
        guard let supplierID = product.supplierID else { throw AgentStoreError.missingField(.product, field: "supplier") }
        return try database.write { db in
            guard try SupplierRow.exists(db, key: supplierID) else {
                throw AgentStoreError.unknownRecord(.supplier, id: supplierID)
            }
            if let other = try ProductRow.filter(Column("supplierId") == supplierID && Column("code") == product.code).fetchOne(db),
               other.id != product.id {
                throw AgentStoreError.duplicateProductCode(product.code, supplierID: supplierID)
            }
            return try Self.saveLocal(ProductRow(product), db).product()
        }
    }

    /// Inserts the discount (id nil) or updates the agent's own discount with its id. Supplier,
    /// customer and product (if any, of that supplier) must exist; one local discount per
    /// supplier, customer and product (or whole price list).
    @discardableResult
    public func save(_ discount: Discount) throws -> Discount {
        try MasterDataRules.validateLevels(discount.levels)
        return try database.write { db in
            guard try SupplierRow.exists(db, key: discount.supplierID) else {
                throw AgentStoreError.unknownRecord(.supplier, id: discount.supplierID)
            }
            guard try CustomerRow.exists(db, key: discount.customerID) else {
                throw AgentStoreError.unknownRecord(.customer, id: discount.customerID)
            }
            if let productID = discount.productID {
                guard let product = try ProductRow.fetchOne(db, key: productID) else {
                    throw AgentStoreError.unknownRecord(.product, id: productID)
                }
                guard product.supplierId == discount.supplierID else {
                    throw AgentStoreError.discountProductOfAnotherSupplier(productID: productID, supplierID: discount.supplierID)
                }
            }
            let twin = try DiscountRow
                .filter(Column("supplierId") == discount.supplierID && Column("customerId") == discount.customerID)
                .filter(Column("productId") == discount.productID && Column("originCompany") == nil)
                .fetchOne(db)
            if let twin, let twinID = twin.id, twinID != discount.id { throw AgentStoreError.duplicateDiscount(existingID: twinID) }
            return try Self.saveLocal(DiscountRow(discount), db).discount()
        }
    }

    public func product(id: Int64) throws -> Product? {
        try database.read { db in try ProductRow.fetchOne(db, key: id)?.product() }
    }

    /// The products of one supplier (its price list, and its company's products that name no
    /// supplier), or of all when nil, by code.
    public func products(supplierID: Int64? = nil) throws -> [Product] {
        try database.read { db in
            try ProductRow.fetchAll(db, sql: """
                SELECT * FROM order_product WHERE \(Self.offeredBy) ORDER BY codeKey, code, id
                """, arguments: ["supplier": supplierID]).map { try $0.product() }
        }
    }

    /// The first `limit` products by code, of every supplier.
    public func products(limit: Int) throws -> [Product] {
        try database.read { db in
            try ProductRow.fetchAll(db, sql: "SELECT * FROM order_product ORDER BY codeKey, code, id LIMIT ?", arguments: [max(0, limit)])
                .map { try $0.product() }
        }
    }

    /// How many products there are.
    public func productCount() throws -> Int {
        try database.read { db in try ProductRow.fetchCount(db) }
    }

    /// The SQL condition "offered by `:supplier`": its own products, and the products of its
    /// company that name no supplier (any when `:supplier` is NULL).
    static let offeredBy = """
        (:supplier IS NULL OR supplierId = :supplier OR (supplierId IS NULL AND originCompany IS NOT NULL
            AND originCompany = (SELECT originCompany FROM order_supplier WHERE id = :supplier)))
        """

    /// The order form's autocomplete for products: code or description starts with `prefix` (or
    /// a word of the description does), case and accents ignored; codes that match first.
    public func products(matching prefix: String, supplierID: Int64? = nil, limit: Int = 10) throws -> [Product] {
        let patterns = SearchKey.prefixPatterns(prefix)
        return try database.read { db in
            try ProductRow.fetchAll(db, sql: """
                SELECT * FROM order_product
                WHERE \(Self.offeredBy)
                  AND (codeKey LIKE :start ESCAPE '\\' OR descriptionKey LIKE :start ESCAPE '\\' OR descriptionKey LIKE :word ESCAPE '\\')
                ORDER BY codeKey LIKE :start ESCAPE '\\' DESC, codeKey, code, id
                LIMIT :limit
                """, arguments: ["supplier": supplierID, "start": patterns.start, "word": patterns.word, "limit": max(0, limit)])
                .map { try $0.product() }
        }
    }

    public func discount(id: Int64) throws -> Discount? {
        try database.read { db in try DiscountRow.fetchOne(db, key: id)?.discount() }
    }

    /// Discounts, optionally of one customer and/or supplier: by supplier name, customer name,
    /// then the whole-list discount before the product ones (by product code).
    public func discounts(customerID: Int64? = nil, supplierID: Int64? = nil) throws -> [Discount] {
        try database.read { db in
            try DiscountRow.fetchAll(db, sql: """
                SELECT d.* FROM order_discount d
                JOIN order_supplier s ON s.id = d.supplierId
                JOIN order_customer c ON c.id = d.customerId
                LEFT JOIN order_product p ON p.id = d.productId
                WHERE (:customer IS NULL OR d.customerId = :customer) AND (:supplier IS NULL OR d.supplierId = :supplier)
                ORDER BY s.nameKey, s.id, c.nameKey, c.id, p.id IS NOT NULL, p.codeKey, p.code, d.id
                """, arguments: ["customer": customerID, "supplier": supplierID])
                .map { try $0.discount() }
        }
    }

    /// The discount that applies to a product sold to a customer (`DiscountResolution`), or nil.
    public func applicableDiscount(supplierID: Int64, customerID: Int64, productID: Int64?) throws -> Discount? {
        try database.read { db in try Self.applicableDiscount(supplierID: supplierID, customerID: customerID, productID: productID, db) }
    }

    static func applicableDiscount(supplierID: Int64, customerID: Int64, productID: Int64?, _ db: Database) throws -> Discount? {
        let candidates = try DiscountRow
            .filter(Column("customerId") == customerID && Column("supplierId") == supplierID)
            .filter(Column("productId") == nil || Column("productId") == productID)
            .fetchAll(db).map { try $0.discount() }
        return DiscountResolution.applicable(in: candidates, supplierID: supplierID, customerID: customerID, productID: productID)
    }
}
