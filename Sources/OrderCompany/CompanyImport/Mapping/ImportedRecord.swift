import OrderKit
/// One record read from the company's master-data sheet, ready for the sync.
public struct ImportedRecord: Sendable, Hashable {
    /// What a later upload of the sheet is matched on: the sheet's "id"/"codice" column, else
    /// the record's natural key (`name:` and the folded name of a supplier or customer, `code:`
    /// and the supplier and code of a product, `discount:` and its three references). Never the
    /// row number, which changes meaning when a row is inserted above it.
    public var key: String
    /// The sheet row it came from, as the user sees it.
    public var rowNumber: Int
    /// References to other records (a product's supplier, a discount's customer) are their
    /// record ids, as `SyncRecord` expects.
    public var record: SyncRecord

    public init(key: String, rowNumber: Int, record: SyncRecord) {
        self.key = key
        self.rowNumber = rowNumber
        self.record = record
    }
}

/// Which sheet column feeds which field, and which headings were not used.
public struct MasterDataColumnMapping: Sendable, Hashable {
    /// Field → 0-based column index.
    public var columns: [MasterDataField: Int]
    /// Headings that name no field of this kind (or lost to a better heading for the same
    /// field, e.g. "Nome" beside "Ragione sociale"): shown to the user, never imported.
    public var ignoredHeadings: [String]
}
