import OrderKit
/// How much a spreadsheet upload may hold. The company's master data runs to thousands of
/// rows; the limits stop a mistaken or hostile file (a ZIP bomb, a sheet with a cell at row
/// 1,048,576) from exhausting the server's memory, and are checked before the memory is used.
public struct SpreadsheetLimits: Sendable, Hashable {
    /// Rows under the header, empty rows between records included.
    public var maximumRows: Int
    /// Bytes of the file, and bytes of XML unzipped from an XLSX file (all parts read).
    public var maximumBytes: Int
    /// Cells in one row: Excel's own limit, column XFD.
    public var maximumColumns: Int
    /// Rows × columns kept in memory: 100,000 rows of 50 columns.
    public var maximumCells: Int

    public init(maximumRows: Int = 100_000, maximumBytes: Int = 50 * 1_048_576, maximumColumns: Int = 16_384, maximumCells: Int = 5_000_000) {
        self.maximumRows = maximumRows
        self.maximumBytes = maximumBytes
        self.maximumColumns = maximumColumns
        self.maximumCells = maximumCells
    }

    public static let standard = SpreadsheetLimits()
}
