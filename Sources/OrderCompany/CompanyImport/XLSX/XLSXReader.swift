import OrderKit
import Foundation
import Markup

/// Reads the first sheet of an XLSX workbook (ECMA-376 Part 1, §18.3 "Worksheets") into a
/// table of text, as `SpreadsheetReader` describes.
///
/// Cells are placed by their reference (`<c r="D7">`), so a row that skips columns keeps the
/// gap and a sheet that skips rows keeps them as empty rows; a cell or row without a
/// reference follows the previous one, as the standard allows.
enum XLSXReader {
    static func read(_ bytes: [UInt8], limits: SpreadsheetLimits) throws(SpreadsheetError) -> SpreadsheetTable {
        let package = try XLSXPackage(bytes, limits: limits)
        let workbook = try XLSXWorkbook(package)
        let sheet = workbook.firstSheet

        var styles = XLSXStyles.none
        // Styles only change how numbers are shown: a workbook without them still reads.
        if let part = workbook.stylesPart, let document = try package.xml(part) {
            styles = XLSXStyles(document)
        }
        var sharedStrings: [String]?
        if let part = workbook.sharedStringsPart {
            sharedStrings = XLSXSharedStrings.strings(try package.requiredXML(part))
        }
        let document = try package.requiredXML(sheet.part)
        var reader = SheetReader(part: sheet.part, styles: styles, sharedStrings: sharedStrings, limits: limits)
        try reader.read(document)

        var notes: [SpreadsheetNote] = []
        let others = workbook.sheets.map(\.name).filter { $0 != sheet.name }
        if !others.isEmpty { notes.append(.otherSheetsIgnored(sheet: sheet.name, ignored: others)) }
        if let cell = reader.firstDateCell { notes.append(.datesAsSerialNumbers(firstCell: cell)) }
        return try reader.sheet.table(format: .xlsx(sheet: sheet.name), notes: notes)
    }

    private struct SheetReader {
        let part: String
        let styles: XLSXStyles
        let sharedStrings: [String]?
        let limits: SpreadsheetLimits
        var sheet: SparseSheet
        var firstDateCell: String?

        init(part: String, styles: XLSXStyles, sharedStrings: [String]?, limits: SpreadsheetLimits) {
            self.part = part
            self.styles = styles
            self.sharedStrings = sharedStrings
            self.limits = limits
            sheet = SparseSheet(limits: limits)
        }

        mutating func read(_ document: MarkupDocument) throws(SpreadsheetError) {
            guard let data = document.root?.childElement("sheetData") else {
                throw .damagedPart(part, reason: "it has no sheetData")
            }
            var rowNumber = 0
            for row in data.childElements("row") {
                if let reference = row.attribute("r") {
                    guard let number = XLSXCellReference.row(reference) else { throw .damagedPart(part, reason: "bad row number “\(reference)”") }
                    rowNumber = number
                } else {
                    rowNumber += 1
                }
                var cells: [(column: Int, value: String)] = []
                var column = -1
                for cell in row.childElements("c") {
                    if let reference = cell.attribute("r") {
                        guard let parsed = XLSXCellReference(reference) else { throw .damagedPart(part, reason: "bad cell reference “\(reference)”") }
                        column = parsed.column
                    } else {
                        column += 1
                    }
                    guard column < limits.maximumColumns else { throw .tooManyColumns(row: rowNumber, limit: limits.maximumColumns) }
                    let value = try self.value(of: cell, at: column, row: rowNumber)
                    if !value.isEmpty { cells.append((column, value)) }
                }
                try sheet.append(number: rowNumber, cells: cells)
            }
        }

        /// The cell's text by its type (`c@t`, §18.18.11 ST_CellType).
        private mutating func value(of cell: MarkupNode, at column: Int, row: Int) throws(SpreadsheetError) -> String {
            let type = cell.attribute("t") ?? "n"
            if type == "inlineStr" {
                return cell.childElement("is").map(XLSXSharedStrings.text(ofStringItem:)) ?? ""
            }
            guard let raw = cell.childElement("v")?.text else { return "" }
            let name = { SpreadsheetTable.columnName(column) + String(row) }
            switch type {
            case "s":
                guard let strings = sharedStrings else { throw .missingPart("xl/sharedStrings.xml") }
                guard let index = Int(raw.trimmingCharacters(in: .whitespaces)), strings.indices.contains(index) else {
                    throw .damagedPart(part, reason: "cell \(name()) refers to shared string \(raw), which does not exist")
                }
                return strings[index]
            case "b":
                return raw.trimmingCharacters(in: .whitespaces) == "1" ? "TRUE" : "FALSE"
            case "str", "e", "d":
                // A formula's text result, an error such as "#N/A", an ISO 8601 date: as stored.
                return XLSXSharedStrings.unescape(raw)
            default:
                let style = cell.attribute("s").flatMap(Int.init).map(styles.style(ofCellStyle:)) ?? .plain
                let text: String?
                switch style {
                case .plain: text = XLSXNumberText.text(raw)
                case .percent: text = XLSXNumberText.text(raw, shift: 2).map { $0 + "%" }
                case .zeroPadded(let width): text = XLSXNumberText.zeroPadded(raw, width: width)
                case .date:
                    text = XLSXNumberText.text(raw)
                    if firstDateCell == nil { firstDateCell = name() }
                }
                guard let text else { throw .damagedPart(part, reason: "cell \(name()) holds “\(raw)”, which is not a number") }
                return text
            }
        }
    }
}
