import Amounts
import Foundation
import Testing
import OrderCompany
import OrderKit

/// Order documents read back with poppler: what a customer sees when the e-mail arrives.
@Suite struct OrderDocumentTests {
    private typealias Samples = OrderDocumentSamples

    @Test func theTextHasTheItalianNamesTheEuroAmountsAndEveryCode() throws {
        let document = OrderDocument(content: Samples.content(lines: Samples.italianLines, terms: Samples.italianTerms))
        let text = try PopplerTools.text(of: document.pdf())
        for expected in [
            // The customer's and supplier's names wrap in their boxes (DejaVu Sans Bold, 10 points:
            // "Città di Castello" / "Ristorazione S.r.l.", "Torrefazione Òrvieto –" / "Caffè «Perù»").
            "Caffè Società Cooperativa", "Niccolò Ferrè", "Forlì", "Città di Castello", "Ristorazione S.r.l.",
            "06012 Città di Castello (PG)", "P. IVA IT01234567890", "Torrefazione Òrvieto", "Caffè «Perù»",
            "Ordine n. 2025/17", "del 14/03/2025",
            "CAF-001", "CAF-002", "10+5+2 %",
            "18,90 €", "174,05 €", "1.234,50 €", "1.060,45 €", "1.392,50 €", "158,00 €",
            "Totale lordo", "Imponibile", "Porto franco", "Consegnare all’ingresso «B»; è già tutto pagato?",
            "Pagina 1 di 1",
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
        #expect(document.pageCount == 1)
        #expect(try PopplerTools.info(of: document.pdf())["Title"] == "Ordine 2025/17 – Caffè Società Cooperativa")
    }

    @Test func twoHundredLinesGiveThePagesPdfinfoCountsEachCodeOnceAndAHeaderOnEveryPage() throws {
        let lines = Samples.numberedLines(200) { number in
            // Every fifth description is long enough to wrap over two or three lines.
            number % 5 == 0 ? "Prodotto \(number): caffè macinato per moka, confezione famiglia da quattro pacchi con omaggio" : "Prodotto \(number)"
        }
        let document = OrderDocument(content: Samples.content(lines: lines))
        let bytes = document.pdf()
        let pagesField = try PopplerTools.info(of: bytes)["Pages"]
        let pages = try #require(pagesField.flatMap { Int($0) })
        #expect(pages == document.pageCount)
        #expect(pages > 3)

        let text = try PopplerTools.text(of: bytes)
        for line in lines {
            #expect(text.components(separatedBy: line.code).count - 1 == 1, "\(line.code) once")
        }
        // pdftotext ends every page with a form feed.
        let pageTexts = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).dropLast()
        #expect(pageTexts.count == pages)
        for (index, pageText) in pageTexts.enumerated() {
            #expect(pageText.contains("Pagina \(index + 1) di \(pages)"))
            if let firstCode = pageText.range(of: "ART-") {
                let header = try #require(pageText.range(of: "Descrizione"), "page \(index + 1) has rows but no header")
                #expect(header.lowerBound < firstCode.lowerBound)
            }
        }
        #expect(text.contains("Imponibile"))
    }

    @Test func amountsAreRightAlignedAsPopplerMeasuresThem() throws {
        let document = OrderDocument(content: Samples.content(lines: Samples.italianLines + Samples.numberedLines(8)))
        let words = try PopplerTools.words(of: document.pdf())
        // The euro signs of the line totals: the rightmost column. Amounts of different widths
        // (2,50 € … 1.060,45 €) must end at the same x, which only holds if the writer measured
        // each text with the widths the reader uses.
        // Poppler adds up the glyph widths the PDF stores in thousandths of an em, so its edges
        // agree with the layout's to a few hundredths of a point: a tenth of a point is invisible.
        let euros = words.filter { $0.text == "€" && $0.xMin > 450 }
        #expect(euros.count >= 10 + 3)
        let rightEdges = euros.map(\.xMax)
        let rightmost = try #require(rightEdges.max())
        #expect(rightmost - (rightEdges.min() ?? 0) < 0.15, "right edges \(rightEdges)")
        #expect(rightmost <= 595.28 - 40)
        // Unit prices end at one x too, left of the totals.
        let priceEuros = words.filter { $0.text == "€" && $0.xMin > 350 && $0.xMin < 450 }
        #expect(priceEuros.count == 10)
        let priceEdges = priceEuros.map(\.xMax)
        #expect((priceEdges.max() ?? 0) - (priceEdges.min() ?? 0) < 0.15, "price edges \(priceEdges)")
    }

    @Test func descriptionsWrapInsideTheirColumn() throws {
        let long = "Miscela «Società» per espresso: arabica del Brasile e dell’Etiopia, robusta dell’India, tostatura lenta a legna, "
            + "confezione in latta da tre chilogrammi con valvola di degasaggio e tappo richiudibile"
        let document = OrderDocument(content: Samples.content(lines: [
            .init(code: "LUNGO-1", description: long, quantity: 1, unitPrice: Samples.money("45"), total: Samples.money("45")),
        ]))
        let words = try PopplerTools.words(of: document.pdf())
        let quantityHeader = try #require(words.first { $0.text == "Q.tà" })
        let codeWord = try #require(words.first { $0.text == "LUNGO-1" })
        let totalsLabel = try #require(words.first { $0.text == "lordo" })
        // Between the row's top and the totals, left of the amounts (poppler's y grows downwards).
        let descriptionWords = words.filter {
            $0.yMin >= codeWord.yMin - 0.5 && $0.yMin < totalsLabel.yMin && $0.xMin > codeWord.xMax && $0.xMin < quantityHeader.xMin
        }
        #expect(descriptionWords.map(\.text).joined(separator: " ") == long)
        #expect(Set(descriptionWords.map { Int($0.yMin.rounded()) }).count >= 3, "wrapped over several lines")
        #expect(descriptionWords.allSatisfy { $0.xMax < quantityHeader.xMin })
    }

    @Test func aDescriptionLongerThanAPageContinuesOnTheNext() throws {
        let paragraph = (1...120).map { "riga\($0) del capitolato," }.joined(separator: "\n")
        let document = OrderDocument(content: Samples.content(lines: [
            .init(code: "CAP-9", description: paragraph, quantity: 1, unitPrice: Samples.money("1"), total: Samples.money("1")),
        ]))
        #expect(document.pageCount >= 2)
        let text = try PopplerTools.text(of: document.pdf())
        for number in [1, 60, 119, 120] {
            #expect(text.contains("riga\(number) del capitolato,"))
        }
        #expect(text.components(separatedBy: "CAP-9").count - 1 == 1)
    }

    @Test func theSameContentGivesTheSameBytesTwice() throws {
        let content = Samples.content(lines: Samples.numberedLines(60), terms: Samples.italianTerms)
        let first = OrderDocument(content: content).pdf()
        #expect(first == OrderDocument(content: content).pdf())
        var changed = content
        changed.lines[59].quantity += 1
        #expect(first != OrderDocument(content: changed).pdf())
        // The creation date is the order's unless another is given; either way it is in the bytes.
        #expect(try PopplerTools.info(of: first)["CreationDate"]?.contains("2025") == true)
        #expect(first != OrderDocument(content: content).pdf(creationDate: Samples.date.addingTimeInterval(86_400)))
    }

    @Test func anOrderWithoutLinesSaysSo() throws {
        let text = try PopplerTools.text(of: OrderDocument(content: Samples.content(lines: [])).pdf())
        #expect(text.contains("Nessuna riga d'ordine"))
        #expect(text.contains("Pagina 1 di 1"))
    }
}
