import Testing
@testable import OrderCompany
@testable import OrderKit

struct CSVReaderTests {
    @Test func excelUTF8FileWithBOMSemicolonsCRLFAndQuotedLineBreakReadsAsTheSheetShowsIt() throws {
        let table = try SpreadsheetReader.read(SpreadsheetFixtures.bytes("customers-utf8.csv"))
        #expect(table.format == .csv(delimiter: ";", encoding: .utf8))
        #expect(table.header == ["Ragione sociale", "P.IVA", "Città", "Provincia", "Note"])
        #expect(table.rows.count == 4)
        #expect(table.rows[0] == ["Caffè Società Cooperativa", "01234567890", "Bologna", "BO", ""])
        #expect(table.rows[1] == ["Bar \"Da Nicolò\"; Forlì", "", "Forlì", "FC", "Consegna al retro\r\nsuonare due volte"])
        // The blank line is row 4, so the last record is row 5 as in a spreadsheet.
        #expect(table.rows[2] == ["", "", "", "", ""])
        #expect(table.rowNumber(at: 3) == 5)
        #expect(table.rows[3][0] == "Tipografia Città di Castello")
        #expect(table.notes.isEmpty)
    }

    @Test func windows1252FileIsDecodedWithANote() throws {
        let table = try SpreadsheetReader.read(SpreadsheetFixtures.bytes("customers-windows1252.csv"))
        #expect(table.format == .csv(delimiter: ";", encoding: .windows1252))
        #expect(table.notes == [.readAsWindows1252])
        #expect(table.header == ["Ragione sociale", "Città", "Note"])
        #expect(table.rows[0] == ["Caffè Società Cooperativa", "Forlì", "Sconto “fedeltà” 5 €"])
        #expect(table.rows[1] == ["Tipografia Città di Castello", "Città di Castello", ""])
    }

    @Test func commaSeparatedFileWithQuotedCommas() throws {
        let table = try SpreadsheetReader.read(SpreadsheetFixtures.bytes("suppliers.csv"))
        #expect(table.format == .csv(delimiter: ",", encoding: .utf8))
        #expect(table.rows.count == 2)
        #expect(table.rows[0][1] == "Torrefazione Rossi, Bianchi & C. S.n.c.")
        #expect(table.rows[1] == ["F02", "Cartiera Città di Castello", "vendite@cartieracdc.it", "Città di Castello"])
    }

    @Test func delimiterIsChosenFromTheHeaderNotFromDecimalCommas() throws {
        let table = try read("Codice;Prezzo\nA1;12,50\nA2;1,99\n")
        #expect(table.rows == [["A1", "12,50"], ["A2", "1,99"]])
    }

    @Test func excelSeparatorHintIsHonouredAndNotARow() throws {
        let table = try read("sep=,\r\nNome;Città,CAP\r\nRossi;Bianchi,40100\r\n")
        #expect(table.header == ["Nome;Città", "CAP"])
        #expect(table.headerRowNumber == 1)
        #expect(table.rows == [["Rossi;Bianchi", "40100"]])
    }

    @Test func tabSeparatedUTF16ExportReads() throws {
        let text = "Nome\tCittà\r\nCaffè\tForlì\r\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let table = try SpreadsheetReader.read(bytes)
        #expect(table.format == .csv(delimiter: "\t", encoding: .utf16LittleEndian))
        #expect(table.rows == [["Caffè", "Forlì"]])
    }

    @Test func lenientQuotesAsExcelReadsThem() throws {
        let table = try read("a,b,c\n\"x\"y,5\" screen,\"\"\n")
        #expect(table.rows == [["xy", "5\" screen", ""]])
    }

    @Test func loneCarriageReturnsEndRecordsAndTrailingNewlineAddsNoRow() throws {
        let table = try read("a,b\rc,d\r\r")
        #expect(table.rows == [["c", "d"]])
    }

    @Test func shortRowsArePaddedAndCellsBeyondTheHeaderAreIgnoredWithANote() throws {
        let table = try read("a;b;c\n1\n1;2;3;4;\n")
        #expect(table.rows == [["1", "", ""], ["1", "2", "3"]])
        #expect(table.notes == [.cellsOutsideHeaderIgnored(count: 1, firstCell: "D3")])
    }

    @Test func leadingBlankLinesMoveTheHeaderDown() throws {
        let table = try read("\n\nNome\nRossi\n")
        #expect(table.headerRowNumber == 3)
        #expect(table.rowNumber(at: 0) == 4)
    }

    @Test func unterminatedQuoteNamesTheLineItOpensOnCountingLineBreaksInsideQuotes() {
        // Lines: 1 header, 2–3 one quoted value with a line break, 4 the quote never closed.
        #expect(throws: SpreadsheetError.unterminatedQuote(line: 4)) {
            try read("a,b\n\"1\n2\",x\n\"open,y\nz\n")
        }
    }

    @Test func emptyAndBinaryFilesAreRefused() {
        #expect(throws: SpreadsheetError.empty) { try SpreadsheetReader.read([]) }
        #expect(throws: SpreadsheetError.empty) { try read("\r\n\r\n") }
        #expect(throws: SpreadsheetError.notASpreadsheet(looksLike: "a PDF document")) {
            try SpreadsheetReader.read(Array("%PDF-1.4\n".utf8))
        }
        #expect(throws: SpreadsheetError.notASpreadsheet(looksLike: "an old Excel .xls workbook or a password-protected one")) {
            try SpreadsheetReader.read([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0])
        }
        #expect(throws: SpreadsheetError.notASpreadsheet(looksLike: "a binary file")) {
            try SpreadsheetReader.read([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
        }
    }

    @Test func rowLimitCountsRowsUnderTheHeader() throws {
        let limits = SpreadsheetLimits(maximumRows: 3)
        let three = "h\n1\n2\n3\n"
        #expect(try SpreadsheetReader.read(Array(three.utf8), limits: limits).rows.count == 3)
        #expect(throws: SpreadsheetError.tooManyRows(limit: 3)) {
            try SpreadsheetReader.read(Array((three + "4\n").utf8), limits: limits)
        }
        // Blank lines count as rows when data follows them, as a spreadsheet numbers them.
        #expect(throws: SpreadsheetError.tooManyRows(limit: 3)) {
            try SpreadsheetReader.read(Array("h\n\n\n\n4\n".utf8), limits: limits)
        }
    }

    @Test func theStandardLimitsAreOneHundredThousandRowsAndFiftyMegabytes() throws {
        #expect(SpreadsheetLimits.standard.maximumRows == 100_000)
        #expect(SpreadsheetLimits.standard.maximumBytes == 50 * 1024 * 1024)
        let rows = String(repeating: "x;1\n", count: 100_000)
        #expect(try read("h;n\n" + rows).rows.count == 100_000)
        #expect(throws: SpreadsheetError.tooManyRows(limit: 100_000)) { try read("h;n\n" + rows + "x;1\n") }
    }

    @Test func sizeAndColumnLimits() {
        #expect(throws: SpreadsheetError.tooLarge(limit: 10)) {
            try SpreadsheetReader.read(Array("a,b\n1,2345678\n".utf8), limits: SpreadsheetLimits(maximumBytes: 10))
        }
        #expect(throws: SpreadsheetError.tooManyColumns(row: 2, limit: 3)) {
            try SpreadsheetReader.read(Array("a,b,c\n1,2,3,4\n".utf8), limits: SpreadsheetLimits(maximumColumns: 3))
        }
        #expect(throws: SpreadsheetError.tooManyCells(limit: 5)) {
            try SpreadsheetReader.read(Array("a,b,c\n1\n2\n".utf8), limits: SpreadsheetLimits(maximumCells: 5))
        }
    }

    @Test func windows1252DecodingMatchesTheWHATWGTable() {
        // 0x80 euro, 0x93/0x94 curly quotes, 0x8D undefined → U+008D, 0xE0 à, 0xE8 è, 0xEC ì.
        #expect(SpreadsheetTextDecoding.windows1252([0x80, 0x93, 0x94, 0x8D, 0xE0, 0xE8, 0xEC]) == "€“”\u{8D}àèì")
    }

    private func read(_ text: String) throws -> SpreadsheetTable {
        try SpreadsheetReader.read(Array(text.utf8))
    }
}
