/// One record read from the company's master-data sheet, ready for the sync.
public struct ImportedRecord: Sendable, Hashable {
    /// The record's id in the company's data, sent with every sync line so the agent's store can
    /// update or delete it later: the sheet's "id"/"codice" column, else the product code (for
    /// products), else the row number. Ids from row numbers change meaning when rows are
    /// inserted in a later upload, so sheets meant to be uploaded again want an id column.
    public var recordID: String
    /// The sheet row it came from, as the user sees it.
    public var rowNumber: Int
    /// References to other records (a product's supplier, a discount's customer) are their
    /// record ids, as `SyncRecord` expects.
    public var record: SyncRecord

    public init(recordID: String, rowNumber: Int, record: SyncRecord) {
        self.recordID = recordID
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
