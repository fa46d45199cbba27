import OrderKit
import Amounts
import Foundation

/// Turns a company's master-data sheet into records for the sync: finds the columns by their
/// headings (Italian or English, see `MasterDataField`), checks every cell, and gives one
/// `ImportedRecord` per non-empty row.
///
/// All or nothing: every bad cell is collected (so the user fixes the sheet in one go) and none
/// of the sheet is imported while any is bad. Empty rows are skipped.
///
/// Per kind, the required columns and what their cells must hold:
/// - customers: company name;
/// - suppliers: name and e-mail (orders are mailed to it);
/// - products: code and supplier (the supplier's record id in the suppliers sheet); an empty
///   price reads 0.00 (price on request: the agent types it in the order), an empty minimum
///   quantity reads 1;
/// - discounts: supplier, customer and level 1 (record ids; an empty product means the
///   supplier's whole price list); levels 2 and 3 optional, each only after the one before.
public enum MasterDataImport {
    /// The records of `table`, read as `kind`. With `references`, every reference cell (a
    /// product's supplier, a discount's supplier, customer and product) is checked against the
    /// company's records and becomes its idAzienda; a cell naming none is a problem of its row.
    ///
    /// `supplier` is the supplier of a price list without a supplier column (the thesis: "nel caso
    /// dei prodotti dovrà anche selezionare il fornitore a cui associarli"): a manufacturer's
    /// own list names no supplier. A supplier column, when there is one, wins.
    public static func records(
        from table: SpreadsheetTable, kind: MasterDataKind, references: MasterDataReferences? = nil, supplier: String? = nil
    ) throws(MasterDataImportError) -> [ImportedRecord] {
        let supplier = supplier.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0.trimmingCharacters(in: .whitespaces) }
        let mapping = try columnMapping(for: table, kind: kind, suppliedSupplier: supplier != nil)
        var reader = MasterDataRowReader(table: table, mapping: mapping, references: references, defaultSupplier: supplier)
        var read: [(record: SyncRecord, key: (field: MasterDataField, value: String), row: Int, index: Int)] = []
        read.reserveCapacity(table.rows.count)
        for index in table.rows.indices where table.rows[index].contains(where: { $0.contains { !$0.isWhitespace } }) {
            reader.start(row: index)
            guard let record = reader.record(kind), let key = reader.key(of: record) else { continue }
            read.append((record, key, reader.rowNumber, index))
        }
        // Branches of one company share its partita IVA: those rows are told apart by their name too.
        var rowsPerKey: [String: Int] = [:]
        for item in read where item.key.value.hasPrefix("vat:") || item.key.value.hasPrefix("cf:") { rowsPerKey[item.key.value, default: 0] += 1 }
        var records: [ImportedRecord] = []
        var firstRowOfID: [String: Int] = [:]
        firstRowOfID.reserveCapacity(read.count)
        records.reserveCapacity(read.count)
        for var item in read {
            if rowsPerKey[item.key.value, default: 0] > 1, case .customer(let customer) = item.record {
                item.key = (.companyName, item.key.value + "/name:" + SearchKey.fold(customer.companyName))
            }
            if let first = firstRowOfID[item.key.value] {
                reader.start(row: item.index)
                reader.report(.duplicateRecordID(firstRow: first), field: item.key.field)
                continue
            }
            firstRowOfID[item.key.value] = item.row
            records.append(ImportedRecord(key: item.key.value, rowNumber: item.row, record: item.record))
        }
        // Row by row, as the sheet reads, whichever check found them.
        let problems = reader.problems.enumerated().sorted { ($0.element.row, $0.offset) < ($1.element.row, $1.offset) }.map(\.element)
        guard problems.isEmpty else { throw .invalidCells(problems) }
        guard !records.isEmpty else { throw .noRecords }
        return records
    }

    /// Which column feeds which field. A field whose headings match several columns takes the
    /// column with its preferred heading ("Ragione sociale" over "Nome"); two columns with
    /// equally good headings are ambiguous.
    public static func columnMapping(
        for table: SpreadsheetTable, kind: MasterDataKind, suppliedSupplier: Bool = false
    ) throws(MasterDataImportError) -> MasterDataColumnMapping {
        let columns = MasterDataColumns(kind).columns
        var best: [MasterDataField: (rank: Int, indices: [Int])] = [:]
        var unmatched: [Int] = []
        for (index, heading) in table.header.enumerated() {
            let normalised = MasterDataField.normalisedHeading(heading)
            guard !normalised.isEmpty else { continue }
            guard let column = columns.first(where: { $0.headings.contains(normalised) }),
                  let rank = column.headings.firstIndex(of: normalised) else {
                unmatched.append(index)
                continue
            }
            switch best[column.field] {
            case .some(let current) where current.rank < rank: unmatched.append(index)
            case .some(let current) where current.rank == rank: best[column.field] = (rank, current.indices + [index])
            case .some(let current):
                unmatched += current.indices
                best[column.field] = (rank, [index])
            case .none: best[column.field] = (rank, [index])
            }
        }
        for column in columns {
            if let indices = best[column.field]?.indices, indices.count > 1 {
                throw .ambiguousColumns(field: column.field, columns: indices.map { "\(SpreadsheetTable.columnName($0)) “\(table.header[$0])”" })
            }
        }
        let missing = columns.filter { $0.isRequired && best[$0.field] == nil && !(suppliedSupplier && $0.field == .supplier) }.map(\.field)
        guard missing.isEmpty else { throw .missingColumns(kind: kind, missing: missing, headingsFound: table.header) }
        return MasterDataColumnMapping(
            columns: best.compactMapValues { $0.indices.first },
            ignoredHeadings: unmatched.sorted().map { table.header[$0] })
    }
}
