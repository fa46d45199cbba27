import Amounts
import Foundation
import GRDB

/// What every master-data row shares: its id, its origin columns, its kind.
protocol MasterDataRow: FetchableRecord, MutablePersistableRecord {
    static var kind: MasterDataKind { get }
    var id: Int64? { get set }
    var originCompany: String? { get set }
    var remoteID: String? { get set }
}

extension MasterDataRow {
    var origin: RecordOrigin {
        if let originCompany, let remoteID { .synced(company: originCompany, remoteID: remoteID) } else { .local }
    }

    mutating func setID(_ id: Int64) { self.id = id }

    mutating func setOrigin(_ origin: RecordOrigin) {
        switch origin {
        case .local: (originCompany, remoteID) = (nil, nil)
        case .synced(let company, let remote): (originCompany, remoteID) = (company, remote)
        }
    }
}

/// A row of `order_agent`.
struct AgentRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "order_agent"
    var id: Int64 = 1
    var name, phone, fax, mobile, email, address, city: String

    init(_ agent: Agent) {
        (name, phone, fax, mobile, email, address, city) = (agent.name, agent.phone, agent.fax, agent.mobile, agent.email, agent.address, agent.city)
    }

    var agent: Agent { Agent(name: name, phone: phone, fax: fax, mobile: mobile, email: email, address: address, city: city) }
}

/// A row of `order_supplier`.
struct SupplierRow: Codable, MasterDataRow, Sendable {
    static let kind = MasterDataKind.supplier
    static let databaseTableName = "order_supplier"
    var id: Int64?
    var name, email, contact, phone, mobile, fax, city, address: String
    var originCompany: String?
    var remoteID: String?
    var nameKey: String
    var contactKey: String

    init(_ supplier: Supplier) {
        id = supplier.id
        (name, email, contact, phone, mobile, fax, city, address) =
            (supplier.name, supplier.email, supplier.contact, supplier.phone, supplier.mobile, supplier.fax, supplier.city, supplier.address)
        nameKey = SearchKey.fold(supplier.name)
        contactKey = SearchKey.fold(supplier.contact)
        setOrigin(supplier.origin)
    }

    var supplier: Supplier {
        Supplier(id: id, name: name, email: email, contact: contact, phone: phone, mobile: mobile, fax: fax, city: city, address: address, origin: origin)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A row of `order_customer`.
struct CustomerRow: Codable, MasterDataRow, Sendable {
    static let kind = MasterDataKind.customer
    static let databaseTableName = "order_customer"
    var id: Int64?
    var companyName, contact, vatNumber, taxCode, iban, phone, mobile, fax, email, address, city, province, postcode, notes: String
    var originCompany: String?
    var remoteID: String?
    var nameKey: String
    var contactKey: String

    init(_ customer: Customer) {
        id = customer.id
        companyName = customer.companyName
        contact = customer.contact
        vatNumber = customer.vatNumber
        taxCode = customer.taxCode
        iban = customer.iban
        phone = customer.phone
        mobile = customer.mobile
        fax = customer.fax
        email = customer.email
        address = customer.address
        city = customer.city
        province = customer.province
        postcode = customer.postcode
        notes = customer.notes
        nameKey = SearchKey.fold(customer.companyName)
        contactKey = SearchKey.fold(customer.contact)
        setOrigin(customer.origin)
    }

    var customer: Customer {
        Customer(
            id: id, companyName: companyName, contact: contact, vatNumber: vatNumber, taxCode: taxCode, iban: iban, phone: phone,
            mobile: mobile, fax: fax, email: email, address: address, city: city, province: province, postcode: postcode,
            notes: notes, origin: origin
        )
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A row of `order_product`; the price in millionths of a euro (and, for older readers, in
/// cents rounded half up).
struct ProductRow: Codable, MasterDataRow, Sendable {
    static let kind = MasterDataKind.product
    static let databaseTableName = "order_product"
    var id: Int64?
    var supplierId: Int64?
    var code: String
    var description: String
    var priceCents: Int
    var priceMicros: Int
    var minimumQuantity: Int
    var vatRateHundredths: Int
    var originCompany: String?
    var remoteID: String?
    var codeKey: String
    var descriptionKey: String

    init(_ product: Product) {
        id = product.id
        supplierId = product.supplierID
        code = product.code
        description = product.description
        priceMicros = product.price.micros
        priceCents = (product.price.micros + 5_000) / 10_000
        minimumQuantity = product.minimumQuantity
        vatRateHundredths = product.vatRate.hundredths
        codeKey = SearchKey.fold(product.code)
        descriptionKey = SearchKey.fold(product.description)
        setOrigin(product.origin)
    }

    func product() throws -> Product {
        guard let price = UnitPrice(micros: priceMicros), let vatRate = VATRate(hundredths: vatRateHundredths) else {
            throw AgentStoreError.damagedRecord("product #\(id ?? 0) has the price \(priceMicros) millionths of a euro and VAT \(vatRateHundredths)")
        }
        return Product(id: id, code: code, supplierID: supplierId, description: description, price: price,
                       minimumQuantity: minimumQuantity, vatRate: vatRate, origin: origin)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A row of `order_discount`; the levels as "10+5+2".
struct DiscountRow: Codable, MasterDataRow, Sendable {
    static let kind = MasterDataKind.discount
    static let databaseTableName = "order_discount"
    var id: Int64?
    var supplierId: Int64
    var customerId: Int64
    var productId: Int64?
    var levels: String
    var originCompany: String?
    var remoteID: String?

    init(_ discount: Discount) {
        id = discount.id
        supplierId = discount.supplierID
        customerId = discount.customerID
        productId = discount.productID
        levels = DiscountCascade.text(discount.levels)
        setOrigin(discount.origin)
    }

    func discount() throws -> Discount {
        guard let parsed = DiscountCascade.levels(fromText: levels) else {
            throw AgentStoreError.damagedRecord("discount #\(id ?? 0) has the levels \"\(levels)\"")
        }
        return Discount(id: id, supplierID: supplierId, customerID: customerId, productID: productId, levels: parsed, origin: origin)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
