import Testing
import OrderCompany
import OrderKit

/// Widths from Adobe's Core 14 AFM files (Helvetica.afm, Helvetica-Bold.afm), as readers use
/// them for the standard fonts; and wrapping that respects them.
@Suite struct PDFFontTests {
    @Test func widthsAreTheAFMValuesOfEachWinAnsiGlyph() {
        // From the AFM "C … ; WX …" lines of each glyph.
        #expect(PDFFont.helvetica.advance(ofByte: UInt8(ascii: "a")) == 556)
        #expect(PDFFont.helvetica.advance(ofByte: UInt8(ascii: "i")) == 222)
        #expect(PDFFont.helvetica.advance(ofByte: UInt8(ascii: "W")) == 944)
        #expect(PDFFont.helvetica.advance(ofByte: UInt8(ascii: "@")) == 1015)
        #expect(PDFFont.helvetica.advance(ofByte: 0x80) == 556)  // Euro
        #expect(PDFFont.helvetica.advance(ofByte: 0xEC) == 278)  // igrave
        #expect(PDFFont.helvetica.advance(ofByte: 0x27) == 191)  // quotesingle
        #expect(PDFFont.helvetica.advance(ofByte: 0x93) == 333)  // quotedblleft
        #expect(PDFFont.helveticaBold.advance(ofByte: UInt8(ascii: "b")) == 611)
        #expect(PDFFont.helveticaBold.advance(ofByte: 0xE9) == 556)  // eacute
        #expect(PDFFont.helveticaBold.advance(ofByte: 0x97) == 1000)  // emdash
        #expect(PDFFont.helveticaBold.advance(ofByte: 0x93) == 500)  // quotedblleft
        #expect(PDFFont.helveticaBold.advance(ofByte: 0xAB) == 556)  // guillemotleft
    }

    @Test func aTextIsAsWideAsItsGlyphsAtTheSize() {
        // F 611 + o 556 + r 333 + l 222 + igrave 278 = 2000 thousandths.
        #expect(PDFFont.helvetica.width(of: "Forlì", size: 10) == 20)
        // 1 + . + 2 3 4 + , + 5 0 + space + Euro = 6 × 556 + 2 × 278 + 278 + 556 = 4726.
        #expect(abs(PDFFont.helvetica.width(of: "1.234,50 €", size: 9) - 42.534) < 1e-9)
        #expect(PDFFont.helveticaBold.width(of: "", size: 12) == 0)
    }

    @Test func wrappedLinesFitTheColumnAndKeepEveryWordInOrder() {
        let text = "Caffè in grani «Perù» – tostatura media per macchine professionali, sacco da 1 kg con valvola"
        for width in [60.0, 101.5, 200] {
            let lines = PDFTextWrapper.lines(of: text, font: .helvetica, size: 9, width: width)
            #expect(lines.count > 1)
            #expect(lines.allSatisfy { PDFFont.helvetica.width(of: $0, size: 9) <= width })
            #expect(lines.joined(separator: " ") == text)
        }
    }

    @Test func aWordWiderThanTheColumnIsCutBetweenCharacters() {
        let code = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        let lines = PDFTextWrapper.lines(of: "x \(code)", font: .helveticaBold, size: 10, width: 50)
        #expect(lines.first == "x")
        #expect(lines.dropFirst().joined() == code)
        #expect(lines.allSatisfy { PDFFont.helveticaBold.width(of: $0, size: 10) <= 50 })
    }

    @Test func lineBreaksStartNewLinesAndEmptyTextIsOneEmptyLine() {
        #expect(PDFTextWrapper.lines(of: "uno\n\ndue", font: .helvetica, size: 9, width: 500) == ["uno", "", "due"])
        #expect(PDFTextWrapper.lines(of: "", font: .helvetica, size: 9, width: 500) == [""])
        #expect(PDFTextWrapper.lines(of: "  tre   quattro ", font: .helvetica, size: 9, width: 500) == ["tre quattro"])
    }
}
