import Foundation
import GRDB

/// The thesis's `||` files of customers, suppliers and products, in and out of the agent's store.
extension AgentStore {
    /// Adds every record of a file as the agent's own, in one transaction: a product naming a
    /// supplier that is neither in the file nor in the store, or an invalid record, stops the
    /// import and stores nothing. A record the agent already has (a supplier or customer of the
    /// same name, a product of the same supplier and code) is updated, so importing a file twice
    /// changes nothing. Returns how many were stored.
    @discardableResult
    public func importRecords(_ records: [MasterDataRecord]) throws -> Int {
        for record in records {
            switch record {
            case .supplier(let supplier): try MasterDataRules.validate(supplier)
            case .customer(let customer): try MasterDataRules.validate(customer)
            case .product(let product, _): try MasterDataRules.validate(product)
            }
        }
        return try database.write { db in
            var supplierIDs: [String: Int64] = [:]
            for row in try SupplierRow.fetchAll(db) { if let id = row.supplier.id { supplierIDs[SearchKey.fold(row.supplier.name)] = id } }
            for record in records {
                switch record {
                case .supplier(var supplier):
                    supplier.id = try Self.localID(SupplierRow.self, named: supplier.name, db)
                    supplier.origin = .local
                    let stored = try Self.saveLocal(SupplierRow(supplier), db).supplier
                    if let id = stored.id { supplierIDs[SearchKey.fold(stored.name)] = id }
                case .customer(var customer):
                    customer.id = try Self.localID(CustomerRow.self, named: customer.companyName, db)
                    customer.origin = .local
                    _ = try Self.saveLocal(CustomerRow(customer), db)
                case .product(var product, let supplierName):
                    guard let supplierID = supplierIDs[SearchKey.fold(supplierName)] else {
                        throw AgentStoreError.unknownSupplierName(supplierName, productCode: product.code)
                    }
                    product.origin = .local
                    product.supplierID = supplierID
                    let existing = try ProductRow.filter(Column("supplierId") == supplierID && Column("code") == product.code).fetchOne(db)
                    if let existing, existing.origin.isReadOnly {
                        throw AgentStoreError.duplicateProductCode(product.code, supplierID: supplierID)
                    }
                    product.id = existing?.id
                    _ = try Self.saveLocal(ProductRow(product), db)
                }
            }
            return records.count
        }
    }

    /// The agent's own record of `Row`'s kind whose name folds to `name`'s, if any.
    static func localID<Row: MasterDataRow>(_: Row.Type, named name: String, _ db: Database) throws -> Int64? {
        let key = SearchKey.fold(name)
        let column = Row.kind == .supplier ? "name" : "companyName"
        let rows = try GRDB.Row.fetchAll(db, sql: "SELECT id, \(column) AS name FROM \(Row.databaseTableName) WHERE originCompany IS NULL ORDER BY id")
        return rows.first { SearchKey.fold($0["name"]) == key }?["id"]
    }

    /// Every supplier, customer and product as a `||` file.
    public func exportFile() throws -> String {
        try MasterDataFile.export(suppliers: try suppliers(), customers: try customers(), products: try products())
    }
}
