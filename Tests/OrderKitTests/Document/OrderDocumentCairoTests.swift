import Amounts
import Foundation
import OrderCompany
import OrderKit
import Raster
import Testing

/// The order PDF as cairo and Pango draw it (issue 40, part 7), read back with poppler: names in
/// any alphabet, embedded font subsets, VAT by rate, a long order's pages, the logo, and bytes
/// that do not change between renders.
@Suite struct OrderDocumentCairoTests {
    private typealias Samples = OrderDocumentSamples

    static let greek = "Καφές ελληνικός αλεσμένος, συσκευασία 500 g"
    static let cyrillic = "Кофе молотый «Москва», пачка 250 г"

    /// An order from Łódź for a Romanian customer, with Greek and Cyrillic descriptions.
    static func nonLatinContent(logo: [UInt8]? = nil) -> OrderDocumentContent {
        var content = Samples.content(lines: [
            .init(code: "GR-01", description: greek, quantity: 2, unitPrice: Samples.money("7.20"), total: Samples.money("14.40")),
            .init(code: "RU-02", description: cyrillic, quantity: 5, unitPrice: Samples.money("3.10"), total: Samples.money("15.50"),
                  vatRate: VATRate(hundredths: 1000) ?? .standard),
            .init(code: "PL-03", description: "Pierniki toruńskie – żółta puszka, źródło: Gdańsk", quantity: 1,
                  unitPrice: Samples.money("9.90"), total: Samples.money("9.90"), vatRate: VATRate(hundredths: 400) ?? .standard),
        ], terms: Samples.italianTerms)
        content.customer = .init(customer: Customer(
            companyName: "Ştefan Brașov", contact: "Țuică și Înghețată S.R.L.", address: "ul. Piotrkowska 104", city: "Łódź", postcode: "90-001"))
        content.grossTotal = Samples.money("39.80")
        content.discountTotal = Samples.money("0")
        content.netTotal = Samples.money("39.80")
        content.logo = logo
        return content
    }

    /// A 240 × 96 PNG: a dark blue band on white, drawn and encoded by Raster (libpng).
    static func logoPNG() throws -> [UInt8] {
        var image = RGBAImage(width: 240, height: 96, fill: .white)
        image.fillRectangle(x: 0, y: 30, width: 240, height: 36, color: RGBAColor(hex: 0x1F3A93))
        return try PNG.encode(image)
    }

    @Test func romanianPolishGreekAndCyrillicComeBackExactlyFromEmbeddedSubsetFonts() throws {
        let pdf = OrderDocument(content: Self.nonLatinContent()).pdf()
        let text = try PopplerTools.text(of: pdf)
        // The descriptions wrap in their column, so each is looked for a few words at a time.
        for expected in ["Ştefan Brașov", "Łódź", "Țuică și Înghețată", "Pierniki toruńskie – żółta puszka", "Gdańsk",
                         "Καφές ελληνικός αλεσμένος", "συσκευασία 500", "Кофе молотый «Москва»"] {
            #expect(text.contains(expected), "\(expected)")
        }
        #expect(!text.contains("?tefan"))
        let fonts = try PopplerTools.fonts(of: pdf)
        #expect(!fonts.isEmpty)
        for font in fonts {
            // …  emb sub uni object generation: emb and sub are 5th and 4th from the end.
            #expect(font.count >= 6 && font[font.count - 5] == "yes" && font[font.count - 4] == "yes", "\(font)")
            // A subset's name has a six-letter tag: "ABCDEF+DejaVuSans".
            #expect(font.first?.contains("+DejaVuSans") == true, "\(font)")
        }
        #expect(fonts.contains { $0.first?.hasSuffix("+DejaVuSans-Bold") == true })
    }

    @Test func vatIsSummedPerRateAsWorkedOutByHand() throws {
        let four = try #require(VATRate(hundredths: 400))
        // 3 × 33,33 = 99,99 at 22 %: VAT 21,9978 → 22,00. 2 × 12,35 = 24,70 at 4 %: VAT 0,988 → 0,99.
        // Taxable 124,69; VAT 22,99; total 147,68.
        let lines: [OrderDocumentContent.Line] = [
            .init(code: "A-22", description: "Caffè in grani", quantity: 3, unitPrice: Samples.money("33.33"), total: Samples.money("99.99")),
            .init(code: "B-04", description: "Zucchero di canna", quantity: 2, unitPrice: Samples.money("12.35"), total: Samples.money("24.70"),
                  vatRate: four),
        ]
        var content = Samples.content(lines: lines)
        content.grossTotal = Samples.money("124.69")
        content.discountTotal = Samples.money("0")
        content.netTotal = Samples.money("124.69")
        let summary = try #require(content.vatSummary)
        #expect(summary.taxable == Samples.money("124.69") && summary.tax == Samples.money("22.99") && summary.total == Samples.money("147.68"))

        let pdf = OrderDocument(content: content).pdf()
        let text = try PopplerTools.text(of: pdf)
        for expected in ["Imponibile", "124,69 €", "IVA 22 % su 99,99", "22,00 €", "IVA 4 % su 24,70", "0,99 €", "Totale", "147,68 €"] {
            #expect(text.contains(expected), "\(expected)")
        }
        // The rows' "IVA" column: 22 on the line of A-22, 4 on B-04, under the column's header.
        let words = try PopplerTools.words(of: pdf)
        // The column's header is the "IVA" in the header row ("P. IVA" is in the customer's box,
        // "IVA 22 % su…" in the totals).
        let headerRow = try #require(words.first { $0.text == "Descrizione" })
        let header = try #require(words.first { $0.text == "IVA" && abs($0.yMin - headerRow.yMin) < 1 })
        for (code, rate) in [("A-22", "22"), ("B-04", "4")] {
            let row = try #require(words.first { $0.text == code })
            let cell = words.first { abs($0.yMin - row.yMin) < 1 && $0.text == rate && $0.xMax <= header.xMax + 1 && $0.xMax >= header.xMin }
            #expect(cell != nil, "\(code) has no \(rate) under IVA: \(words.filter { abs($0.yMin - row.yMin) < 1 }.map(\.text))")
        }
    }

    @Test func anOrderLineCarriesItsVATRateIntoTheDocument() throws {
        let ten = try #require(VATRate(hundredths: 1000))
        let line = OrderLine(productID: 1, productCode: "P", description: "Pane", quantity: 2, unitPrice: Samples.money("1.50"), vatRate: ten)
        #expect(try OrderDocumentContent.Line(line).vatRate == ten)
        #expect(OrderDocumentContent.Line(line, total: Samples.money("3")).vatRate == ten)
        #expect(OrderDocumentContent.Line(code: "X", description: "", quantity: 1, unitPrice: Samples.money("1"), total: Samples.money("1")).vatRate == .standard)
    }

    @Test func seventyLinesRepeatTheHeaderAndNumberEveryPage() throws {
        let document = OrderDocument(content: Samples.content(lines: Samples.numberedLines(70), terms: Samples.italianTerms))
        let pdf = document.pdf()
        let pages = try #require(try PopplerTools.info(of: pdf)["Pages"].flatMap { Int($0) })
        #expect(pages == document.pageCount)
        // 70 rows of 15 points do not fit the 750 points of one A4 page under its header.
        #expect(pages >= 2)
        let text = try PopplerTools.text(of: pdf)
        let pageTexts = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).dropLast()
        #expect(pageTexts.count == pages)
        for (index, page) in pageTexts.enumerated() {
            #expect(page.contains("Pagina \(index + 1) di \(pages)"), "page \(index + 1)")
            if let firstRow = page.range(of: "ART-") {
                let header = try #require(page.range(of: "Descrizione"), "page \(index + 1) has rows but no header")
                #expect(header.lowerBound < firstRow.lowerBound)
                #expect(page.contains("Importo") && page.contains("IVA"))
            }
        }
        for line in Samples.numberedLines(70) {
            #expect(text.components(separatedBy: line.code).count - 1 == 1, "\(line.code) once")
        }
        let lastPage = try #require(pageTexts.last)
        #expect(lastPage.contains("Totale"))
    }

    @Test func aLogoIsEmbeddedOnceAndACorruptOneIsLeftOut() throws {
        let logo = try Self.logoPNG()
        let withLogo = OrderDocument(content: Self.nonLatinContent(logo: logo)).pdf()
        let images = try PopplerTools.images(of: withLogo).filter { $0.count > 4 && $0[2] == "image" }
        #expect(images.count == 1)
        #expect(images.first.map { [$0[0], $0[3], $0[4]] } == ["1", "240", "96"])
        #expect(try PopplerTools.text(of: withLogo).contains("Ştefan Brașov"))

        for corrupt in [Array(logo.prefix(logo.count / 2)), Array(logo.prefix(8)) + [UInt8](repeating: 0x41, count: 200), Array("not a png".utf8), []] {
            let pdf = OrderDocument(content: Self.nonLatinContent(logo: corrupt)).pdf()
            #expect(try PopplerTools.images(of: pdf).isEmpty)
            #expect(try PopplerTools.text(of: pdf).contains("Ştefan Brașov"))
        }
    }

    @Test func twoRendersOfTheSameContentAreTheSameBytes() throws {
        let content = Self.nonLatinContent(logo: try Self.logoPNG())
        let first = OrderDocument(content: content).pdf()
        let second = OrderDocument(content: content).pdf()
        #expect(!first.isEmpty)
        #expect(first == second)
        let stored = OrderDocument(content: content).pdfData(creationDate: Samples.date)
        #expect(Array(stored) == first, "the default creation date is the order's")
    }

    /// Writes the two sample orders of README's pictures when BOTTEGA_ORDER_PDF_SAMPLES names a
    /// folder (`pdftoppm -png -r 60` then makes docs/screenshots/78-… and 79-…).
    @Test func samplesForTheScreenshots() throws {
        guard let folder = ProcessInfo.processInfo.environment["BOTTEGA_ORDER_PDF_SAMPLES"] else { return }
        let long = Samples.numberedLines(70) { number in
            number % 6 == 0 ? "Prodotto \(number): caffè macinato per moka, confezione famiglia da quattro pacchi con omaggio" : "Prodotto di prova numero \(number)"
        }
        var content = Samples.content(lines: long, terms: Samples.italianTerms)
        let sum = long.reduce(Samples.money("0")) { $0 + $1.total }
        (content.grossTotal, content.discountTotal, content.netTotal) = (sum, Samples.money("0"), sum)
        let clock = ContinuousClock()
        var seventy: [UInt8] = []
        let elapsed = clock.measure { seventy = OrderDocument(content: content).pdf() }
        print("70-line order: \(seventy.count) bytes, laid out and drawn in \(elapsed)")
        try Data(seventy).write(to: URL(fileURLWithPath: folder).appendingPathComponent("orders-pdf-70-lines.pdf"))
        let nonLatin = OrderDocument(content: Self.nonLatinContent(logo: try Self.logoPNG())).pdf()
        try Data(nonLatin).write(to: URL(fileURLWithPath: folder).appendingPathComponent("orders-pdf-non-latin.pdf"))
    }
}
