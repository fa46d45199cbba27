import OrderKit
import Amounts
import Foundation

/// The layout pass: a cursor moving down the page, starting a new page when the next piece does
/// not fit above `OrderPageGeometry.bottom`.
struct OrderDocumentLayout {
    let content: OrderDocumentContent
    private var finished: [PDFPage] = []
    private var page = PDFPage(size: OrderPageGeometry.size)
    /// How far down the page drawing has got: everything still to draw goes below this y.
    private var y = OrderPageGeometry.top
    /// Rows drawn on the current page since its table header.
    private var rowsOnPage = 0

    private typealias Geometry = OrderPageGeometry
    private typealias Column = OrderTableColumn
    private static let rowFontSize = 8.5
    private static let rowLeading = 11.0
    private static let headerRowHeight = 16.0
    private static let headerGray = 0.85
    private static let ruleGray = 0.7

    init(content: OrderDocumentContent) {
        self.content = content
    }

    mutating func layOut() -> [PDFPage] {
        drawFirstPageHeader()
        drawParties()
        drawTableHeader()
        for line in content.lines { drawRow(line) }
        if content.lines.isEmpty {
            page.drawText("Nessuna riga d'ordine", x: Column.description.textX, y: y - Self.rowLeading, size: Self.rowFontSize)
            y -= Self.rowLeading + 4
        }
        drawTotals()
        drawTerms()
        finished.append(page)
        return addFooters(finished)
    }

    // MARK: Page header and the three parties

    /// The logo (when there is one) in a fixed box at the top left, the company name beside it,
    /// the order number and date on the right, a rule under the taller of the two.
    private mutating func drawFirstPageHeader() {
        var nameX = Geometry.left
        var height = 36.0
        if let logo = content.logo, let box = Self.logoBox(png: logo) {
            page.drawImage(png: logo, x: Geometry.left, y: y - box.height, width: box.width, height: box.height)
            nameX += box.width + 12
            height = max(height, box.height + 8)
        }
        let nameWidth = Geometry.right - 150 - nameX
        let name = PDFTextWrapper.lines(of: content.companyName, font: .bold, size: 15, width: nameWidth)
        for (index, line) in name.prefix(3).enumerated() {
            page.drawText(line, x: nameX, y: y - 15 - 18 * Double(index), font: .bold, size: 15)
        }
        height = max(height, 18 * Double(min(name.count, 3)) + 8)
        page.drawText("Ordine n. \(content.orderNumber)", x: Geometry.right, y: y - 13, font: .bold, size: 13, alignment: .right)
        page.drawText("del \(content.dateText)", x: Geometry.right, y: y - 28, size: 10, alignment: .right)
        page.drawLine(fromX: Geometry.left, y: y - height, toX: Geometry.right, y: y - height, lineWidth: 0.8)
        y -= height + 12
    }

    /// The logo's box: at most `logoMaximum` points, the PNG's aspect ratio kept; nil when the
    /// bytes are not a PNG the renderer can read, so the header is laid out without it.
    static func logoBox(png: [UInt8]) -> (width: Double, height: Double)? {
        guard let size = PDFRenderer.imageSize(png: png), size.width > 0, size.height > 0 else { return nil }
        let scale = min(logoMaximum.width / Double(size.width), logoMaximum.height / Double(size.height))
        return (Double(size.width) * scale, Double(size.height) * scale)
    }

    /// The fixed box a logo is scaled into (5 × 2 cm).
    static let logoMaximum = (width: 142.0, height: 57.0)

    /// Pages after the first repeat the company and order in a smaller header.
    private mutating func drawContinuationHeader() {
        page.drawText(content.companyName, x: Geometry.left, y: y - 10, font: .bold, size: 10)
        page.drawText("Ordine n. \(content.orderNumber) del \(content.dateText)", x: Geometry.right, y: y - 10, size: 9, alignment: .right)
        page.drawLine(fromX: Geometry.left, y: y - 16, toX: Geometry.right, y: y - 16, lineWidth: 0.5)
        y -= 26
    }

    private mutating func drawParties() {
        let gap = 10.0
        let boxWidth = (Geometry.width - 2 * gap) / 3
        let textWidth = boxWidth - 12
        let parties = [
            PartyBox(title: "AGENTE", party: content.agent, textWidth: textWidth),
            PartyBox(title: "CLIENTE", party: content.customer, textWidth: textWidth),
            PartyBox(title: "FORNITORE", party: content.supplier, textWidth: textWidth),
        ]
        let height = parties.map(\.height).max() ?? 0
        for (index, party) in parties.enumerated() {
            let left = Geometry.left + Double(index) * (boxWidth + gap)
            page.strokeRectangle(x: left, y: y - height, width: boxWidth, height: height, lineWidth: 0.5, gray: 0.5)
            var baseline = y - 6 - 7
            page.drawText(party.title, x: left + 6, y: baseline, font: .bold, size: 7.5)
            baseline -= 3
            for line in party.name {
                baseline -= 12
                page.drawText(line, x: left + 6, y: baseline, font: .bold, size: 10)
            }
            for line in party.details {
                baseline -= 10.5
                page.drawText(line, x: left + 6, y: baseline, size: 8.5)
            }
        }
        y -= height + 16
    }

    /// A party's lines, wrapped to its box.
    private struct PartyBox {
        let title: String
        let name: [String]
        let details: [String]

        init(title: String, party: OrderDocumentContent.Party, textWidth: Double) {
            self.title = title
            name = PDFTextWrapper.lines(of: party.name, font: .bold, size: 10, width: textWidth)
            details = party.details.flatMap { PDFTextWrapper.lines(of: $0, font: .regular, size: 8.5, width: textWidth) }
        }

        /// Padding, the title, 12 points per name line, 10.5 per detail line, padding.
        var height: Double {
            let nameHeight = Double(name.count) * 12
            let detailsHeight = Double(details.count) * 10.5
            return 6 + 10 + nameHeight + detailsHeight + 6
        }
    }

    // MARK: The table

    private mutating func drawTableHeader() {
        let top = y
        page.fillRectangle(x: Geometry.left, y: top - Self.headerRowHeight, width: Geometry.width, height: Self.headerRowHeight, gray: Self.headerGray)
        for column in Column.all {
            page.drawText(column.title, x: column.textX, y: top - 11, font: .bold, size: 8.5, alignment: column.alignment)
        }
        y -= Self.headerRowHeight
        rowsOnPage = 0
    }

    private mutating func startNewPage(withTableHeader: Bool) {
        finished.append(page)
        page = PDFPage(size: Geometry.size)
        y = Geometry.top
        drawContinuationHeader()
        if withTableHeader { drawTableHeader() }
    }

    /// One order line. A row is kept on one page; only a row taller than a whole page (a
    /// description of dozens of lines) is split, its code and amounts printed on its first part.
    private mutating func drawRow(_ line: OrderDocumentContent.Line) {
        let size = Self.rowFontSize
        let code = PDFTextWrapper.lines(of: line.code, font: .regular, size: size, width: Column.code.textWidth)
        let description = PDFTextWrapper.lines(of: line.description, font: .regular, size: size, width: Column.description.textWidth)
        let discount = PDFTextWrapper.lines(
            of: line.discount + (line.isDiscountOverridden ? "*" : ""), font: .regular, size: size, width: Column.discount.textWidth)
        let lineCount = max(code.count, description.count, discount.count)
        var start = 0
        while start < lineCount {
            let fitting = Int(((y - Geometry.bottom - 4) / Self.rowLeading).rounded(.down))
            if fitting < lineCount - start && (rowsOnPage > 0 || fitting < 1) {
                startNewPage(withTableHeader: true)
                continue
            }
            let end = min(lineCount, start + max(fitting, 1))
            for index in start..<end {
                let baseline = y - Self.rowLeading * Double(index - start + 1)
                if index < code.count { page.drawText(code[index], x: Column.code.textX, y: baseline, size: size) }
                if index < description.count { page.drawText(description[index], x: Column.description.textX, y: baseline, size: size) }
                if index < discount.count {
                    page.drawText(discount[index], x: Column.discount.textX, y: baseline, size: size, alignment: .right)
                }
                if index == 0 {
                    page.drawText(String(line.quantity), x: Column.quantity.textX, y: baseline, size: size, alignment: .right)
                    let price = line.unitPrice.formattedItalian + (line.isPriceOverridden ? "*" : "")
                    page.drawText(price, x: Column.unitPrice.textX, y: baseline, size: size, alignment: .right)
                    page.drawText(line.vatRate.italianNumber, x: Column.vat.textX, y: baseline, size: size, alignment: .right)
                    page.drawText(line.total.formattedItalian, x: Column.total.textX, y: baseline, size: size, alignment: .right)
                }
            }
            y -= Self.rowLeading * Double(end - start) + 4
            page.drawLine(fromX: Geometry.left, y: y, toX: Geometry.right, y: y, lineWidth: 0.3, gray: Self.ruleGray)
            rowsOnPage += 1
            start = end
        }
    }

    // MARK: Totals, terms, footers

    /// Gross, discount and taxable amounts, one VAT row per rate ("IVA 22 % su 100,00"), and the
    /// total with VAT, as an Italian order form prints them.
    private mutating func drawTotals() {
        var rows: [(String, Money, PDFFont)] = [
            ("Totale lordo", content.grossTotal, .regular),
            ("Sconto", content.discountTotal, .regular),
        ]
        if let summary = content.vatSummary {
            rows.append(("Imponibile", summary.taxable, .regular))
            for row in summary.rows {
                rows.append(("IVA \(row.rate.description) su \(row.taxable.italianNumber)", row.tax, .regular))
            }
            rows.append(("Totale", summary.total, .bold))
        } else {
            rows.append(("Totale netto", content.netTotal, .bold))
        }
        let height = 10 + Double(rows.count) * 15
        if y - height < Geometry.bottom { startNewPage(withTableHeader: false) }
        y -= 10
        for (index, (label, amount, font)) in rows.enumerated() {
            if index == rows.count - 1 {
                page.drawLine(fromX: Column.unitPrice.left, y: y - 3, toX: Geometry.right, y: y - 3, lineWidth: 0.5)
            }
            y -= 15
            page.drawText(label, x: Column.vat.right - Column.padding, y: y, font: font, size: 10, alignment: .right)
            page.drawText(amount.formattedItalian, x: Column.total.textX, y: y, font: font, size: 10, alignment: .right)
        }
        y -= 12
        if content.lines.contains(where: { $0.isPriceOverridden || $0.isDiscountOverridden }) {
            if y - 12 < Geometry.bottom { startNewPage(withTableHeader: false) }
            y -= 12
            page.drawText(OrderDocumentContent.Line.overrideNote, x: Geometry.left, y: y, size: 8)
            y -= 6
        }
    }

    private mutating func drawTerms() {
        let terms = content.terms
        let entries = [
            ("Consegna", terms.delivery), ("Pagamento", terms.payment), ("Banca", terms.bank), ("Imballo", terms.packing),
            ("Resa", terms.deliveryTerms), ("Note", terms.notes),
        ].filter { !$0.1.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        guard !entries.isEmpty else { return }
        let labelWidth = 80.0
        let leading = 12.0
        if y - 18 - leading < Geometry.bottom { startNewPage(withTableHeader: false) }
        page.drawText("Condizioni", x: Geometry.left, y: y - 12, font: .bold, size: 10)
        y -= 18
        for (label, value) in entries {
            let lines = PDFTextWrapper.lines(of: value, font: .regular, size: 9, width: Geometry.width - labelWidth)
            for (index, text) in lines.enumerated() {
                if y - leading < Geometry.bottom { startNewPage(withTableHeader: false) }
                y -= leading
                if index == 0 { page.drawText(label, x: Geometry.left, y: y, font: .bold, size: 9) }
                page.drawText(text, x: Geometry.left + labelWidth, y: y, size: 9)
            }
            y -= 3
        }
    }

    /// "Pagina 1 di 3" needs the page count, so footers go on once every page is laid out.
    private func addFooters(_ pages: [PDFPage]) -> [PDFPage] {
        pages.enumerated().map { index, page in
            var page = page
            let baseline = Geometry.footerBaseline
            page.drawLine(fromX: Geometry.left, y: baseline + 10, toX: Geometry.right, y: baseline + 10, lineWidth: 0.3, gray: 0.5)
            page.drawText("\(content.companyName) – Ordine n. \(content.orderNumber)", x: Geometry.left, y: baseline, size: 8)
            page.drawText("Pagina \(index + 1) di \(pages.count)", x: Geometry.right, y: baseline, size: 8, alignment: .right)
            return page
        }
    }
}
