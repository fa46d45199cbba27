import Foundation
import Testing
import OrderCompany
import OrderKit

/// The writer's files read back two ways: by hand (cross-reference offsets, stream lengths) and
/// by poppler (pdfinfo, pdftotext), which report any damage on standard error.
@Suite struct PDFWriterTests {
    private func threePages() -> PDFWriter {
        var writer = PDFWriter(title: "Prova")
        for number in 1...3 {
            var page = PDFPage()
            page.fillRectangle(x: 40, y: 780, width: 515.28, height: 16, gray: 0.85)
            page.drawText("Pagina \(number) (prova) \\ fine", x: 44, y: 785, font: .helveticaBold, size: 9)
            page.drawLine(fromX: 40, y: 770, toX: 555.28, y: 770)
            page.strokeRectangle(x: 40, y: 600, width: 200, height: 100)
            writer.addPage(page)
        }
        return writer
    }

    @Test func everyCrossReferenceOffsetPointsAtItsObject() throws {
        let bytes = threePages().bytes()
        let structure = try PDFStructure(bytes)
        // Catalog, pages, two fonts, info, and a page plus its content stream for each page.
        #expect(structure.offsets.count == 5 + 2 * 3)
        for (number, offset) in structure.offsets {
            #expect(structure.text(at: offset, length: "\(number) 0 obj".count) == "\(number) 0 obj", "object \(number) at \(offset)")
        }
        #expect(structure.trailer.contains("/Size \(structure.offsets.count + 1)"))
        #expect(structure.trailer.contains("/Root 1 0 R"))
        #expect(structure.trailer.hasSuffix("startxref\n\(structure.xrefOffset)\n%%EOF\n"))
        #expect(structure.streamLengthsAreExact() == [true, true, true])
        #expect(bytes.starts(with: Array("%PDF-1.4\n".utf8)))
    }

    @Test func popplerReadsTheFileWithoutComplaint() throws {
        let info = try PopplerTools.info(of: threePages().bytes())
        #expect(info["Pages"] == "3")
        #expect(info["PDF version"] == "1.4")
        #expect(info["Page size"] == "595.28 x 841.89 pts (A4)")
        #expect(info["Title"] == "Prova")
        #expect(info["Producer"] == "Bottega OrderKit")
    }

    @Test func parenthesesAndBackslashesSurviveInText() throws {
        let samples = ["Prezzo (IVA esclusa)", #"C:\ordini\2025"#, #"a \(b) c"#, "((( aperte", "chiuse )))", #"\\ doppio \\"#, #"fine\"#]
        var page = PDFPage()
        for (index, sample) in samples.enumerated() {
            page.drawText(sample, x: 40, y: 800 - 20 * Double(index), size: 11)
        }
        var writer = PDFWriter(title: "Parentesi (e \\ barre)")
        writer.addPage(page)
        let bytes = writer.bytes()
        let lines = try PopplerTools.text(of: bytes).split(separator: "\n").map(String.init)
        for sample in samples {
            #expect(lines.contains(sample), "\(sample) in \(lines)")
        }
        #expect(try PopplerTools.info(of: bytes)["Title"] == "Parentesi (e \\ barre)")
    }

    @Test func italianAccentsEuroAndTypographicPunctuationPrintAsThemselves() throws {
        let texts = [
            // Whole words: pdftotext joins one-letter words whatever their spacing.
            "perché già più là Àlfa Èrcole Élite Ìmola Òrvieto Ùdine",
            "Caffè Società Cooperativa, Forlì, Città di Castello",
            "1.234,50 € – «virgolette» ‘singole’ “doppie” — fine",
        ]
        var page = PDFPage()
        for (index, text) in texts.enumerated() {
            page.drawText(text, x: 40, y: 800 - 20 * Double(index), font: index == 1 ? .helveticaBold : .helvetica, size: 11)
        }
        page.drawText("Łódź", x: 40, y: 700)
        var writer = PDFWriter(title: "Caffè Società")
        writer.addPage(page)
        let bytes = writer.bytes()
        let lines = try PopplerTools.text(of: bytes).split(separator: "\n").map(String.init)
        for text in texts {
            #expect(lines.contains(text), "\(text) in \(lines)")
        }
        #expect(lines.contains("?ód?"))
        // A non-ASCII title is written as UTF-16 and read back intact.
        #expect(try PopplerTools.info(of: bytes)["Title"] == "Caffè Società")
    }

    @Test func theSameInputGivesTheSameBytesAndNoTimestampUnlessGiven() throws {
        let first = threePages().bytes()
        #expect(first == threePages().bytes())
        #expect(!String(decoding: first, as: UTF8.self).contains("CreationDate"))

        var dated = threePages()
        dated.creationDate = Date(timeIntervalSince1970: 1_741_944_600)
        let datedBytes = dated.bytes()
        #expect(String(decoding: datedBytes, as: UTF8.self).contains("/CreationDate (D:20250314093000Z)"))
        #expect(datedBytes == dated.bytes())
        #expect(try PopplerTools.info(of: datedBytes)["CreationDate"] != nil)
    }

    @Test func aWriterWithoutPagesWritesOneBlankPage() throws {
        let bytes = PDFWriter(title: "Vuoto").bytes()
        #expect(try PopplerTools.info(of: bytes)["Pages"] == "1")
        let structure = try PDFStructure(bytes)
        for (number, offset) in structure.offsets {
            #expect(structure.text(at: offset, length: "\(number) 0 obj".count) == "\(number) 0 obj")
        }
    }
}
