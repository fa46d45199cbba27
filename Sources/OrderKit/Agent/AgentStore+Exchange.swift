import Foundation
import GRDB

/// The thesis's `||` files of customers, suppliers and products, in and out of the agent's store.
extension AgentStore {
    /// Adds every record of a file as the agent's own, in one transaction: a product naming a
    /// supplier that is neither in the file nor in the store, a duplicate product code or an
    /// invalid record stops the import and stores nothing. Returns how many were stored.
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
                    supplier.id = nil
                    supplier.origin = .local
                    let stored = try Self.saveLocal(SupplierRow(supplier), db).supplier
                    if let id = stored.id { supplierIDs[SearchKey.fold(stored.name)] = id }
                case .customer(var customer):
                    customer.id = nil
                    customer.origin = .local
                    _ = try Self.saveLocal(CustomerRow(customer), db)
                case .product(var product, let supplierName):
                    guard let supplierID = supplierIDs[SearchKey.fold(supplierName)] else {
                        throw AgentStoreError.unknownSupplierName(supplierName, productCode: product.code)
                    }
                    product.id = nil
                    product.origin = .local
                    product.supplierID = supplierID
                    if try ProductRow.filter(Column("supplierId") == supplierID && Column("code") == product.code).fetchOne(db) != nil {
                        throw AgentStoreError.duplicateProductCode(product.code, supplierID: supplierID)
                    }
                    _ = try Self.saveLocal(ProductRow(product), db)
                }
            }
            return records.count
        }
    }

    /// Every supplier, customer and product as a `||` file.
    public func exportFile() throws -> String {
        try MasterDataFile.export(suppliers: try suppliers(), customers: try customers(), products: try products())
    }
}
