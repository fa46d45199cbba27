import Testing
@testable import OrderCompany
@testable import OrderKit

struct XLSXReaderTests {
    @Test func openpyxlCustomersKeepAccentsEmptyRowsPostcodeZerosAndDates() throws {
        let table = try SpreadsheetReader.read(SpreadsheetFixtures.bytes("customers.xlsx"))
        #expect(table.format == .xlsx(sheet: "Clienti"))
        #expect(table.header == ["Codice", "Ragione sociale", "Partita IVA", "Indirizzo", "Città", "Provincia", "CAP", "E-mail", "Note", "Cliente dal"])
        #expect(table.rows.count == 4)
        #expect(table.rows[0] == [
            "C001", "Caffè Società Cooperativa", "01234567890", "Via dell'Indipendenza 12", "Bologna", "BO", "40121",
            "ordini@caffesocieta.it", "", "45658",
        ])
        #expect(table.rows[1][1] == "Ferramenta Forlì S.r.l.")
        #expect(table.rows[1][6] == "47121")
        #expect(table.rows[1][8] == "Consegna il martedì\nsolo al mattino")
        #expect(table.rows[2] == Array(repeating: "", count: 10))
        #expect(table.rowNumber(at: 3) == 5)
        #expect(table.rows[3][4] == "Città di Castello")
        // 6012 shown with the format "00000".
        #expect(table.rows[3][6] == "06012")
        #expect(table.notes == [.otherSheetsIgnored(sheet: "Clienti", ignored: ["Note"]), .datesAsSerialNumbers(firstCell: "J2")])
    }

    @Test func openpyxlProductsDecimalPricesAndEmptyCells() throws {
        let table = try SpreadsheetReader.read(SpreadsheetFixtures.bytes("products.xlsx"))
        #expect(table.header == ["Codice", "Fornitore", "Descrizione", "Prezzo", "Quantità minima"])
        #expect(table.rows.map { $0[3] } == ["12.5", "0.99", "0.3", "1234.56", "20"])
        #expect(table.rows[2] == ["P-003", "F02", "", "0.3", ""])
        #expect(table.rows[3][2] == "Tazzine “Forlì” (6 pezzi)")
    }

    @Test func percentFormattedCellsReadAsPercentages() throws {
        let table = try SpreadsheetReader.read(SpreadsheetFixtures.bytes("discounts.xlsx"))
        #expect(table.rows[0] == ["F01", "C001", "", "10%", "5%", "2.5%"])
        #expect(table.rows[1] == ["F01", "C002", "P-001", "10", "5", "2.5"])
    }

    @Test func handmadeWorkbookSharedAndInlineStringsGapsTypesAndNoise() throws {
        let table = try SpreadsheetReader.read(SpreadsheetFixtures.bytes("handmade.xlsx"))
        // The first sheet is hidden: the first visible one is read.
        #expect(table.format == .xlsx(sheet: "Dati"))
        #expect(table.notes == [.otherSheetsIgnored(sheet: "Dati", ignored: ["Nascosto"])])
        #expect(table.header.count == 27)
        #expect(table.header[0] == "Nome")
        #expect(table.header[2] == "Prezzo")
        #expect(table.header[26] == "Lontano")
        #expect(table.header[1] == "")
        #expect(table.rows.count == 5)
        // Rich text runs joined; float noise gone; a boolean in column AA.
        #expect(table.rows[0][0] == "Società Forlì")
        #expect(table.rows[0][2] == "12.5")
        #expect(table.rows[0][26] == "TRUE")
        // Rows 3 and 4 are missing from the file: kept as empty rows.
        #expect(table.rows[1] == Array(repeating: "", count: 27))
        #expect(table.rows[2] == Array(repeating: "", count: 27))
        // Row 5: cells without references follow each other from A; the phonetic guide is
        // not text; a formula's cached text; an error value.
        #expect(Array(table.rows[3][0..<5]) == ["Città di Castello", "7", "FALSE", "Caffè!", "#N/A"])
        // Row 6 has no reference: it follows row 5. _x000D_ is a carriage return.
        #expect(table.rowNumber(at: 4) == 6)
        #expect(table.rows[4][0] == "riga\rsei")
        #expect(table.rows[4][2] == "0.00001")
        #expect(table.rows[4][3] == "0.3")
    }

    @Test func missingSharedStringsAndSheetPartsAreNamed() {
        #expect(throws: SpreadsheetError.missingPart("xl/sharedStrings.xml")) {
            try SpreadsheetReader.read(SpreadsheetFixtures.bytes("no-shared-strings.xlsx"))
        }
        #expect(throws: SpreadsheetError.missingPart("xl/worksheets/sheet1.xml")) {
            try SpreadsheetReader.read(SpreadsheetFixtures.bytes("missing-sheet.xlsx"))
        }
    }

    @Test func truncatedUploadIsADamagedArchive() throws {
        let bytes = try SpreadsheetFixtures.bytes("customers.xlsx")
        #expect(throws: SpreadsheetError.damagedArchive(reason: "no ZIP directory was found")) {
            try SpreadsheetReader.read(Array(bytes.prefix(bytes.count / 2)))
        }
    }

    @Test func corruptedSheetDataIsReportedWithItsPart() throws {
        // handmade.xlsx stores its sheet uncompressed, so its text is in the file as written.
        var bytes = try SpreadsheetFixtures.bytes("handmade.xlsx")
        let needle = Array("Lontano".utf8)
        let start = try #require((0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
        bytes[start] = UInt8(ascii: "M")
        #expect(throws: SpreadsheetError.damagedPart("xl/worksheets/sheet1.xml", reason: "its checksum does not match")) {
            try SpreadsheetReader.read(bytes)
        }
    }

    @Test func unzippedSizeLimitCountsEveryPartRead() throws {
        // 5,837 bytes zipped; the parts read unzip to 7,171 (rels, workbook, styles, sheet).
        let bytes = try SpreadsheetFixtures.bytes("customers.xlsx")
        #expect(bytes.count < 6_000)
        #expect(throws: SpreadsheetError.tooLarge(limit: 6_000)) {
            try SpreadsheetReader.read(bytes, limits: SpreadsheetLimits(maximumBytes: 6_000))
        }
        #expect(try SpreadsheetReader.read(bytes, limits: SpreadsheetLimits(maximumBytes: 7_171)).rows.count == 4)
        #expect(throws: SpreadsheetError.tooLarge(limit: 7_170)) {
            try SpreadsheetReader.read(bytes, limits: SpreadsheetLimits(maximumBytes: 7_170))
        }
    }

    @Test func zipBombIsStoppedAtTheLimitWhateverItsHeadersClaim() {
        // The sheet part claims 1,000 bytes and inflates to 60 MB.
        #expect(throws: SpreadsheetError.tooLarge(limit: 50 * 1_048_576)) {
            try SpreadsheetReader.read(SpreadsheetFixtures.bytes("zip-bomb.xlsx"))
        }
    }

    @Test func rowLimitAppliesToSheets() {
        #expect(throws: SpreadsheetError.tooManyRows(limit: 3)) {
            try SpreadsheetReader.read(SpreadsheetFixtures.bytes("products.xlsx"), limits: SpreadsheetLimits(maximumRows: 3))
        }
    }

    @Test func zipThatIsNoWorkbookIsNotASpreadsheet() {
        // An empty ZIP archive: only the end-of-central-directory record.
        let empty: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18)
        #expect(throws: SpreadsheetError.notASpreadsheet(looksLike: "a ZIP archive")) {
            try SpreadsheetReader.read(empty)
        }
    }
}

struct XLSXNumberTextTests {
    @Test func numbersReadAsExcelShowsThemWithFifteenDigits() {
        #expect(XLSXNumberText.text("12.499999999999998") == "12.5")
        #expect(XLSXNumberText.text("0.30000000000000004") == "0.3")
        #expect(XLSXNumberText.text("19.999999999999996") == "20")
        #expect(XLSXNumberText.text("3") == "3")
        #expect(XLSXNumberText.text("-2.5") == "-2.5")
        #expect(XLSXNumberText.text("1E-5") == "0.00001")
        #expect(XLSXNumberText.text("8001234567890") == "8001234567890")
        #expect(XLSXNumberText.text("1.5E+20") == "150000000000000000000")
        #expect(XLSXNumberText.text("0") == "0")
        #expect(XLSXNumberText.text("abc") == nil)
        #expect(XLSXNumberText.text("inf") == nil)
    }

    @Test func percentagesAndZeroPadding() {
        #expect(XLSXNumberText.text("0.1", shift: 2) == "10")
        #expect(XLSXNumberText.text("0.025", shift: 2) == "2.5")
        #expect(XLSXNumberText.text("1.0000000000000002", shift: 2) == "100")
        #expect(XLSXNumberText.zeroPadded("184", width: 5) == "00184")
        #expect(XLSXNumberText.zeroPadded("123456", width: 5) == "123456")
        #expect(XLSXNumberText.zeroPadded("1.5", width: 5) == "1.5")
    }

    @Test func formatCodesAreClassified() {
        #expect(XLSXStyles.style(ofFormatCode: "0.00%") == .percent)
        #expect(XLSXStyles.style(ofFormatCode: "dd/mm/yyyy") == .date)
        #expect(XLSXStyles.style(ofFormatCode: "[$-410]d mmmm yyyy;@") == .date)
        #expect(XLSXStyles.style(ofFormatCode: "00000") == .zeroPadded(width: 5))
        #expect(XLSXStyles.style(ofFormatCode: "[$€-410] #,##0.00") == .plain)
        #expect(XLSXStyles.style(ofFormatCode: "#,##0.00 \"pezzi\"") == .plain)
        #expect(XLSXStyles.style(ofFormatCode: "General") == .plain)
        #expect(XLSXStyles.builtIn(9) == .percent)
        #expect(XLSXStyles.builtIn(14) == .date)
        #expect(XLSXStyles.builtIn(2) == .plain)
    }

    @Test func cellReferencesUpToXFD() {
        #expect(XLSXCellReference("A1").map { [$0.column, $0.row] } == [0, 1])
        #expect(XLSXCellReference("AA12")?.column == 26)
        #expect(XLSXCellReference("XFD1048576").map { [$0.column, $0.row] } == [16_383, 1_048_576])
        #expect(XLSXCellReference("XFE1") == nil)
        #expect(XLSXCellReference("A0") == nil)
        #expect(XLSXCellReference("1A") == nil)
        #expect(SpreadsheetTable.columnName(0) == "A")
        #expect(SpreadsheetTable.columnName(26) == "AA")
        #expect(SpreadsheetTable.columnName(16_383) == "XFD")
    }

    @Test func partNamesResolveAgainstTheirSource() {
        #expect(XLSXWorkbook.resolve("worksheets/sheet1.xml", against: "xl/workbook.xml") == "xl/worksheets/sheet1.xml")
        #expect(XLSXWorkbook.resolve("/xl/worksheets/sheet1.xml", against: "xl/workbook.xml") == "xl/worksheets/sheet1.xml")
        #expect(XLSXWorkbook.resolve("../shared/s%20s.xml", against: "xl/workbook.xml") == "shared/s s.xml")
        #expect(XLSXWorkbook.relationshipsPart(of: "xl/workbook.xml") == "xl/_rels/workbook.xml.rels")
    }
}

struct XLSXNumberFastPathTests {
    @Test func plainDecimalsAreRecognisedAndEverythingElseIsFormatted() {
        for plain in ["0", "7", "12.5", "-2.5", "0.99", "1234.56", "123456789012345"] {
            #expect(XLSXNumberText.isShortPlainDecimal(plain), "\(plain)")
        }
        for other in ["1E-5", "12.50", "007", "1234567890123456", "-0", "1.", ".5", "", "-", "1-2", "1.2.3"] {
            #expect(!XLSXNumberText.isShortPlainDecimal(other), "\(other)")
        }
        #expect(XLSXNumberText.text("12.50") == "12.5")
        #expect(XLSXNumberText.text("007") == "7")
        #expect(XLSXNumberText.text("-0") == "0")
    }
}
