import Foundation

/// The thesis's `||` text files, with which an agent imports and exports customers, suppliers
/// and products (§3.1.1: "ogni cliente, fornitore o prodotto sarà riportato su una riga diversa,
/// e i campi saranno separati dal doppio pipe"): one record per line, its type and then its
/// fields in the order of ``ThesisFieldOrder``, `||` between every one:
///
///     fornitore||Caffè Rossi||Anna||051 123456||||||ordini@caffe-rossi.it||Via Emilia 1||Forlì
///     prodotto||CAF-01||Miscela bar 1 kg||6||12,50
///     cliente||Caffè Società Cooperativa||…
///
/// The thesis's product has no supplier field: a `prodotto` line belongs to the nearest
/// `fornitore` line above it, so a file lists each supplier followed by its products. UTF-8, LF
/// or CRLF, a byte-order mark tolerated, blank lines skipped.
///
/// Import is all-or-nothing: every line is checked and every bad one reported with its number;
/// the records are returned only when all are good.
public enum MasterDataFile {
    /// The records of a file's bytes, or every problem in it (a line that is not UTF-8 is one).
    public static func parse(_ data: Data) -> Result<[MasterDataRecord], MasterDataFileRejection> {
        parse(lines: InterchangeLines.split([UInt8](data)))
    }

    /// The records of a file's text, or every problem in it.
    public static func parse(_ text: String) -> Result<[MasterDataRecord], MasterDataFileRejection> {
        parse(lines: InterchangeLines.split(Array(text.utf8)))
    }

    /// The file's text: each supplier followed by its products (a product's `supplierName`
    /// picks the supplier, the first of that name; products of a supplier not in `records`
    /// follow a line for it only if given), then the customers; LF line ends, a final LF, no
    /// byte-order mark. Refuses values the format cannot carry (`|`, line breaks) or the parser
    /// would refuse, naming the record and field.
    public static func export(_ records: [MasterDataRecord]) throws(InterchangeEncodingError) -> String {
        var productsOfSupplier: [String: [MasterDataRecord]] = [:]
        for record in records {
            if case .product(_, let supplierName) = record { productsOfSupplier[SearchKey.fold(supplierName), default: []].append(record) }
        }
        var text = ""
        for case .supplier(let supplier) in records {
            text += try line(for: .supplier(supplier)) + "\n"
            for product in productsOfSupplier.removeValue(forKey: SearchKey.fold(supplier.name)) ?? [] {
                text += try line(for: product) + "\n"
            }
        }
        if let (_, orphans) = productsOfSupplier.first, case .product(let product, let supplierName)? = orphans.first {
            throw InterchangeEncodingError(record: "prodotto “\(product.code)”", field: "fornitore", problem: .invalid(FieldProblem(
                field: "fornitore", position: 0, value: supplierName, reason: .required)))
        }
        for case .customer(let customer) in records {
            text += try line(for: .customer(customer)) + "\n"
        }
        return text
    }

    /// The file of the agent's data: a product's supplier is looked up by `supplierID` among
    /// `suppliers` (by their `id`) and written by name. The file names suppliers only by name,
    /// so same-named suppliers of different companies are written apart, "Mobilificio (ACME)"
    /// and "Mobilificio (BETA)": read back, each keeps its own products (issue 40).
    public static func export(
        suppliers: [Supplier], customers: [Customer], products: [Product]
    ) throws(MasterDataFileExportError) -> String {
        let suppliers = distinctlyNamed(suppliers)
        let names = Dictionary(suppliers.compactMap { s in s.id.map { ($0, s.name) } }, uniquingKeysWith: { first, _ in first })
        var records = suppliers.map(MasterDataRecord.supplier) + customers.map(MasterDataRecord.customer)
        // A company's product without a supplier is the company's to send, not the agent's to export.
        for product in products {
            guard let supplierID = product.supplierID else { continue }
            guard let name = names[supplierID] else { throw .unknownSupplier(productCode: product.code, supplierID: supplierID) }
            records.append(.product(product, supplierName: name))
        }
        do {
            return try export(records)
        } catch {
            throw .encoding(error)
        }
    }

    /// `suppliers` with every name that folds like another's told apart: by the company a
    /// synced one came from, then by a number.
    static func distinctlyNamed(_ suppliers: [Supplier]) -> [Supplier] {
        let counts = Dictionary(suppliers.map { (SearchKey.fold($0.name), 1) }, uniquingKeysWith: +)
        var taken: Set<String> = []
        return suppliers.map { supplier in
            var named = supplier
            if counts[SearchKey.fold(supplier.name), default: 0] > 1, case .synced(let company, _) = supplier.origin {
                named.name = "\(supplier.name) (\(company))"
            }
            var candidate = named.name
            var ordinal = 2
            while taken.contains(SearchKey.fold(candidate)) {
                candidate = "\(named.name) (\(ordinal))"
                ordinal += 1
            }
            taken.insert(SearchKey.fold(candidate))
            named.name = candidate
            return named
        }
    }

    static func parse(lines: [InterchangeLines.Line]) -> Result<[MasterDataRecord], MasterDataFileRejection> {
        var records: [MasterDataRecord] = []
        var errors: [MasterDataFileLineError] = []
        var currentSupplier: String?
        for line in lines where !line.isBlank {
            do throws(MasterDataFileLineError) {
                var record = try record(line)
                switch record {
                case .supplier(let supplier): currentSupplier = supplier.name
                case .product(let product, _):
                    guard let currentSupplier else {
                        throw MasterDataFileLineError(line: line.number, problem: .productWithoutSupplier(code: product.code))
                    }
                    record = .product(product, supplierName: currentSupplier)
                case .customer: break
                }
                records.append(record)
            } catch {
                errors.append(error)
            }
        }
        return errors.isEmpty ? .success(records) : .failure(MasterDataFileRejection(errors: errors))
    }

    /// One line's record; a product's `supplierName` is left empty for `parse(lines:)` to fill.
    static func record(_ line: InterchangeLines.Line) throws(MasterDataFileLineError) -> MasterDataRecord {
        func fail(_ problem: MasterDataFileLineError.Problem) -> MasterDataFileLineError {
            MasterDataFileLineError(line: line.number, problem: problem)
        }
        guard String(validating: line.bytes, as: UTF8.self) != nil else { throw fail(.notUTF8) }
        let sections = SyncLineParser.split(line.bytes)
        guard sections.count >= 2 else { throw fail(.missingSeparator) }
        let kindToken = SyncLineParser.text(sections[0])
        guard let kind = MasterDataKind(rawValue: kindToken) else { throw fail(.unknownKind(kindToken)) }
        guard kind != .discount else { throw fail(.discountNotInFiles) }
        let fields = sections.dropFirst()
        if let position = fields.firstIndex(where: { $0.contains(SyncLineParser.bar) }) {
            throw fail(.separatorInField(position: position, value: SyncLineParser.text(fields[position])))
        }
        let expected = ThesisFieldOrder.fields(of: kind).count
        guard fields.count == expected else { throw fail(.wrongFieldCount(kind: kind, expected: expected, found: fields.count)) }
        let record: SyncRecord
        do {
            record = try ThesisRecordCoding.record(kind, fields: fields.map(SyncLineParser.text), origin: .local)
        } catch {
            throw fail(.invalidField(kind: kind, error))
        }
        switch record {
        case .supplier(let supplier): return .supplier(supplier)
        case .customer(let customer): return .customer(customer)
        case .product(let product, _): return .product(product, supplierName: "")
        case .discount: throw fail(.discountNotInFiles)
        }
    }

    static func line(for record: MasterDataRecord) throws(InterchangeEncodingError) -> String {
        let (syncRecord, name): (SyncRecord, String) = switch record {
        case .supplier(let s): (.supplier(s), "fornitore “\(s.name)”")
        case .customer(let c): (.customer(c), "cliente “\(c.companyName)”")
        case .product(let p, _): (.product(p, supplierRemoteID: nil), "prodotto “\(p.code)”")
        }
        let fields = try ThesisRecordCoding.fieldsForWriting(syncRecord, name: name)
        return ([record.kind.rawValue] + fields).joined(separator: "||")
    }
}
