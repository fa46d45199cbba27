import Foundation

/// The thesis's `||` text files, with which an agent imports and exports customers, suppliers
/// and products: one record per line,
///
///     fornitore||Caffè Rossi|ordini@caffe-rossi.it|Anna|051 123456|||Forlì|Via Emilia 1
///     cliente||Caffè Società Cooperativa|…
///     prodotto||CAF-01|Caffè Rossi|Miscela bar 1 kg|12,50|6
///
/// fields in the order of ``ThesisFieldOrder``, except that a product's second field is its
/// supplier's *name* (see ``MasterDataRecord/product(_:supplierName:)``). UTF-8, LF or CRLF, a
/// byte-order mark tolerated, blank lines skipped. The kind is followed by `||` and the fields
/// are everything after it, so an empty first field (`cliente|||…`) reads correctly.
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

    /// The file's text: suppliers first, then customers, then products (so a reader going top
    /// to bottom meets a product's supplier before the product), each in the order given; LF
    /// line ends, a final LF, no byte-order mark. Refuses values the format cannot carry (`|`,
    /// line breaks) or the parser would refuse, naming the record and field.
    public static func export(_ records: [MasterDataRecord]) throws(InterchangeEncodingError) -> String {
        let ordered = records.filter { $0.kind == .supplier } + records.filter { $0.kind == .customer }
            + records.filter { $0.kind == .product }
        var text = ""
        for record in ordered {
            text += try line(for: record)
            text += "\n"
        }
        return text
    }

    /// The file of the agent's data: a product's supplier is looked up by `supplierID` among
    /// `suppliers` (by their `id`) and written by name.
    public static func export(
        suppliers: [Supplier], customers: [Customer], products: [Product]
    ) throws(MasterDataFileExportError) -> String {
        let names = Dictionary(suppliers.compactMap { s in s.id.map { ($0, s.name) } }, uniquingKeysWith: { first, _ in first })
        var records = suppliers.map(MasterDataRecord.supplier) + customers.map(MasterDataRecord.customer)
        for product in products {
            guard let name = names[product.supplierID] else { throw .unknownSupplier(productCode: product.code, supplierID: product.supplierID) }
            records.append(.product(product, supplierName: name))
        }
        do {
            return try export(records)
        } catch {
            throw .encoding(error)
        }
    }

    static func parse(lines: [InterchangeLines.Line]) -> Result<[MasterDataRecord], MasterDataFileRejection> {
        var records: [MasterDataRecord] = []
        var errors: [MasterDataFileLineError] = []
        for line in lines where !line.isBlank {
            do {
                records.append(try record(line))
            } catch {
                errors.append(error)
            }
        }
        return errors.isEmpty ? .success(records) : .failure(MasterDataFileRejection(errors: errors))
    }

    static func record(_ line: InterchangeLines.Line) throws(MasterDataFileLineError) -> MasterDataRecord {
        func fail(_ problem: MasterDataFileLineError.Problem) -> MasterDataFileLineError {
            MasterDataFileLineError(line: line.number, problem: problem)
        }
        guard String(validating: line.bytes, as: UTF8.self) != nil else { throw fail(.notUTF8) }
        let bytes = line.bytes
        let bar = UInt8(ascii: "|")
        guard let kindEnd = bytes.firstIndex(of: bar), kindEnd + 1 < bytes.endIndex, bytes[kindEnd + 1] == bar else {
            throw fail(.missingSeparator)
        }
        let kindToken = String(decoding: bytes[..<kindEnd], as: UTF8.self)
        guard let kind = MasterDataKind(rawValue: kindToken) else { throw fail(.unknownKind(kindToken)) }
        guard kind != .discount else { throw fail(.discountNotInFiles) }
        let fields = bytes[(kindEnd + 2)...].split(separator: bar, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        let expected = ThesisFieldOrder.fields(of: kind).count
        guard fields.count == expected else { throw fail(.wrongFieldCount(kind: kind, expected: expected, found: fields.count)) }
        let record: SyncRecord
        do {
            record = try ThesisRecordCoding.record(kind, fields: fields, origin: .local, supplierReference: .name)
        } catch {
            throw fail(.invalidField(kind: kind, error))
        }
        switch record {
        case .supplier(let supplier): return .supplier(supplier)
        case .customer(let customer): return .customer(customer)
        case .product(let product, let supplierName): return .product(product, supplierName: supplierName)
        case .discount: throw fail(.discountNotInFiles)
        }
    }

    static func line(for record: MasterDataRecord) throws(InterchangeEncodingError) -> String {
        let (syncRecord, name): (SyncRecord, String) = switch record {
        case .supplier(let s): (.supplier(s), "fornitore “\(s.name)”")
        case .customer(let c): (.customer(c), "cliente “\(c.companyName)”")
        case .product(let p, let supplierName): (.product(p, supplierRemoteID: supplierName), "prodotto “\(p.code)”")
        }
        let fields = try ThesisRecordCoding.fieldsForWriting(syncRecord, name: name, supplierReference: .name)
        return record.kind.rawValue + "||" + fields.joined(separator: "|")
    }
}
