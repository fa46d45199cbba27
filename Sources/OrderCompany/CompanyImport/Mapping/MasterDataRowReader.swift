import OrderKit
import Amounts
import Foundation

/// Reads one sheet row at a time into a record, collecting a problem for every bad cell.
struct MasterDataRowReader {
    let table: SpreadsheetTable
    let mapping: MasterDataColumnMapping
    /// The company's stored records that references are resolved against; nil leaves the cells'
    /// text in place (reading a sheet on its own).
    let references: MasterDataReferences?
    /// The supplier of every row of a price list without a supplier column.
    let defaultSupplier: String?
    private(set) var problems: [MasterDataProblem] = []
    private var rowIndex = 0
    private var problemsBeforeRow = 0

    init(table: SpreadsheetTable, mapping: MasterDataColumnMapping, references: MasterDataReferences?, defaultSupplier: String? = nil) {
        self.table = table
        self.mapping = mapping
        self.references = references
        self.defaultSupplier = defaultSupplier
    }

    var rowNumber: Int { table.rowNumber(at: rowIndex) }

    /// Whether the current row has had no problem so far.
    var rowIsValid: Bool { problems.count == problemsBeforeRow }

    mutating func start(row index: Int) {
        rowIndex = index
        problemsBeforeRow = problems.count
    }

    mutating func report(_ reason: MasterDataProblem.Reason, field: MasterDataField) {
        guard let column = mapping.columns[field] else { return }
        problems.append(MasterDataProblem(
            row: rowNumber, column: SpreadsheetTable.columnName(column), heading: table.header[column],
            value: table.rows[rowIndex][column], reason: reason))
    }

    /// The field's cleaned text, "" when the sheet has no such column. A value longer than the
    /// field's `maximumLength` is reported (the row is refused) and not kept.
    mutating func text(_ field: MasterDataField) -> String {
        guard let column = mapping.columns[field] else { return "" }
        let cell = table.rows[rowIndex][column]
        // Judged before cleaning, which costs a pass over the whole value: a cell has at most
        // four bytes per character, so a short one in bytes needs no count.
        if cell.utf8.count > field.maximumLength {
            let length = cell.unicodeScalars.count
            if length > field.maximumLength {
                let start = String(String.UnicodeScalarView(cell.unicodeScalars.prefix(40)))
                problems.append(MasterDataProblem(
                    row: rowNumber, column: SpreadsheetTable.columnName(column), heading: table.header[column],
                    value: start, reason: .tooLong(limit: field.maximumLength, length: length)))
                // The row is refused already; its start stands in, so that a required column is not also "empty".
                return start
            }
        }
        let value = ImportedValue.cleaned(cell)
        if value.utf8.contains(UInt8(ascii: "|")) { report(.containsFieldSeparator, field: field) }
        return value
    }

    mutating func required(_ field: MasterDataField) -> String {
        let value = text(field)
        if value.isEmpty { report(.missingValue, field: field) }
        return value
    }

    /// The key a re-upload matches the row on, and the column it came from: the sheet's id or
    /// code column, else the natural key of `record` (a supplier's name; a customer's partita
    /// IVA, else codice fiscale, else ragione sociale (`CompanyIdentity`); a product's supplier
    /// and code; a discount's supplier, customer and product).
    /// Never the row number, which moves when a row is inserted above. nil when the sheet has
    /// an id column and this row leaves it empty.
    mutating func key(of record: SyncRecord) -> (field: MasterDataField, value: String)? {
        if mapping.columns[.recordID] != nil {
            let value = required(.recordID)
            return value.isEmpty ? nil : (.recordID, value)
        }
        switch record {
        case .supplier(let supplier): return (.name, "name:" + SearchKey.fold(supplier.name))
        case .customer(let customer):
            if let vat = CompanyIdentity.vatNumber(customer.vatNumber) { return (.vatNumber, "vat:" + vat) }
            if let taxCode = CompanyIdentity.taxCode(customer.taxCode) { return (.taxCode, "cf:" + taxCode) }
            return (.companyName, "name:" + SearchKey.fold(customer.companyName))
        case .product(let product, let supplier): return (.code, "code:\(supplier ?? "")/" + product.code.lowercased())
        case .discount(_, let supplier, let customer, let product): return (.customer, "discount:\(supplier)/\(customer)/\(product ?? "")")
        }
    }

    /// The row as a record, nil when a cell is bad (the problems are recorded).
    mutating func record(_ kind: MasterDataKind) -> SyncRecord? {
        let record: SyncRecord
        switch kind {
        case .customer: record = .customer(customer())
        case .supplier: record = .supplier(supplier())
        case .product: record = product()
        case .discount: record = discount()
        }
        return rowIsValid ? record : nil
    }

    private mutating func customer() -> Customer {
        Customer(
            companyName: required(.companyName), contact: text(.contact), vatNumber: text(.vatNumber), taxCode: text(.taxCode),
            iban: text(.iban), phone: text(.phone), mobile: text(.mobile), fax: text(.fax), email: email(.email, isRequired: false),
            address: text(.address), city: text(.city), province: text(.province), postcode: text(.postcode), notes: text(.notes))
    }

    private mutating func supplier() -> Supplier {
        Supplier(
            name: required(.name), email: email(.email, isRequired: true), contact: text(.contact), phone: text(.phone),
            mobile: text(.mobile), fax: text(.fax), city: text(.city), address: text(.address))
    }

    private mutating func product() -> SyncRecord {
        let code = required(.code)
        let supplier = mapping.columns[.supplier] == nil ? defaultSupplier ?? "" : required(.supplier)
        var price = UnitPrice.zero
        let priceText = text(.price)
        if !priceText.isEmpty {
            if let parsed = ImportedValue.price(priceText) { price = parsed } else { report(.notAPrice, field: .price) }
        }
        var minimum = 1
        let minimumText = text(.minimumQuantity)
        if !minimumText.isEmpty {
            if let parsed = ImportedValue.quantity(minimumText) { minimum = parsed } else { report(.notAQuantity, field: .minimumQuantity) }
        }
        var vatRate = VATRate.standard
        let vatText = text(.vatRate)
        if !vatText.isEmpty {
            if let parsed = VATRate(vatText) { vatRate = parsed } else { report(.notAVATRate, field: .vatRate) }
        }
        // The supplier's store id is unknown here: `SyncRecord.product` names it by idAzienda.
        let product = Product(code: code, supplierID: 0, description: text(.description), price: price, minimumQuantity: minimum, vatRate: vatRate)
        return .product(product, supplierRemoteID: resolve(supplier, .supplier, field: .supplier))
    }

    private mutating func discount() -> SyncRecord {
        let supplier = required(.supplier)
        let customer = required(.customer)
        let product = text(.product)
        var levels: [Decimal] = []
        var previousGiven = true
        for field in [MasterDataField.level1, .level2, .level3] {
            let value = field == .level1 ? required(field) : text(field)
            guard !value.isEmpty else {
                previousGiven = false
                continue
            }
            guard previousGiven else {
                report(.levelWithoutPrevious, field: field)
                continue
            }
            if let level = ImportedValue.percentage(value) { levels.append(level) } else { report(.notAPercentage, field: field) }
        }
        let supplierID = resolve(supplier, .supplier, field: .supplier)
        let customerID = resolve(customer, .customer, field: .customer)
        var productID: String? = product.isEmpty ? nil : product
        if let references, !product.isEmpty, !supplier.isEmpty {
            switch references.product(product, supplier: supplierID) {
            case .none: report(.unknownReference(.product), field: .product)
            case .some(let found) where !found.isSuppliers: report(.productOfAnotherSupplier, field: .product)
            case .some(let found): productID = found.remoteID
            }
        }
        return .discount(levels: levels, supplierRemoteID: supplierID, customerRemoteID: customerID, productRemoteID: productID)
    }

    /// The idAzienda of the record a reference cell names, reporting the cell when the company
    /// has no such record; the cell's text when nothing is resolved.
    private mutating func resolve(_ cell: String, _ kind: MasterDataKind, field: MasterDataField) -> String {
        guard let references, !cell.isEmpty else { return cell }
        guard let id = references.remoteID(of: kind, cell) else {
            if mapping.columns[field] == nil {
                // The supplier chosen for the whole list: one problem, not one per row.
                if !problems.contains(where: { $0.column == "—" }) {
                    problems.append(MasterDataProblem(row: rowNumber, column: "—", heading: "supplier chosen for the file", value: cell, reason: .unknownReference(kind)))
                }
            } else {
                report(.unknownReference(kind), field: field)
            }
            return cell
        }
        return id
    }

    private mutating func email(_ field: MasterDataField, isRequired: Bool) -> String {
        let value = isRequired ? required(field) : text(field)
        if !value.isEmpty, !ImportedValue.isEmail(value) { report(.notAnEmail, field: field) }
        return value
    }
}
