import OrderKit
/// The non-empty cells of a sheet by row number, as the CSV and XLSX readers collect them,
/// turned into a `SpreadsheetTable` once the header's width is known.
///
/// Only non-empty cells are kept while reading, so a file of blank lines or a sheet with one
/// cell at row 1,048,576 costs nothing until the row limit refuses it, and the dense table is
/// built only after rows × columns has been checked against the limits.
struct SparseSheet {
    struct Row {
        /// As the user sees it, 1-based.
        var number: Int
        /// Non-empty cells, by 0-based column index.
        var cells: [(column: Int, value: String)]
    }

    private(set) var rows: [Row] = []
    let limits: SpreadsheetLimits

    init(limits: SpreadsheetLimits) {
        self.limits = limits
    }

    /// Adds a row's non-empty cells; refuses a row beyond the row limit as soon as it is seen.
    mutating func append(number: Int, cells: [(column: Int, value: String)]) throws(SpreadsheetError) {
        guard !cells.isEmpty else { return }
        if let header = rows.first, number - header.number > limits.maximumRows {
            throw .tooManyRows(limit: limits.maximumRows)
        }
        rows.append(Row(number: number, cells: cells))
    }

    /// The first non-empty row is the header; every row under it, down to the last non-empty
    /// one, becomes a row of exactly `header.count` cells.
    func table(format: SpreadsheetFormat, notes: [SpreadsheetNote]) throws(SpreadsheetError) -> SpreadsheetTable {
        let ordered = rows.sorted { $0.number < $1.number }
        guard let headerRow = ordered.first, let lastRow = ordered.last else { throw .empty }
        let width = (headerRow.cells.map(\.column).max() ?? -1) + 1
        var header = Array(repeating: "", count: width)
        for cell in headerRow.cells { header[cell.column] = cell.value }

        let count = lastRow.number - headerRow.number
        guard count <= limits.maximumRows else { throw .tooManyRows(limit: limits.maximumRows) }
        guard count.multipliedReportingOverflow(by: width).partialValue <= limits.maximumCells else {
            throw .tooManyCells(limit: limits.maximumCells)
        }
        var table = Array(repeating: Array(repeating: "", count: width), count: count)
        var ignored = 0
        var firstIgnored: (row: Int, column: Int)?
        for row in ordered.dropFirst() where row.number > headerRow.number {
            for cell in row.cells {
                if cell.column < width {
                    table[row.number - headerRow.number - 1][cell.column] = cell.value
                } else {
                    ignored += 1
                    if firstIgnored == nil { firstIgnored = (row.number, cell.column) }
                }
            }
        }
        // Cells right of the header in the header row itself cannot exist: the header's width
        // is its last cell. Cells beyond it below are reported once, with the first of them.
        var allNotes = notes
        if let first = firstIgnored {
            allNotes.append(.cellsOutsideHeaderIgnored(count: ignored, firstCell: SpreadsheetTable.columnName(first.column) + String(first.row)))
        }
        return SpreadsheetTable(header: header, rows: table, headerRowNumber: headerRow.number, format: format, notes: allNotes)
    }
}
