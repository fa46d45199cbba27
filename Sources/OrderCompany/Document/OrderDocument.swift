import OrderKit
import Foundation

/// An order laid out as an A4 PDF: the company and order number, the agent, customer and
/// supplier, a table of lines (its header row repeated on every page, descriptions wrapped in
/// their column), the totals after the last line, the terms, and "Pagina 1 di 3" on every page.
///
/// This is what the company e-mails to the customer and the supplier (issue 8). Laying out is
/// done once, in `init`, with text measured by Pango; `pdf()` then draws the pages with cairo
/// (DejaVu Sans embedded as subsets, so "Ştefan Brașov" and "Łódź" print as written) and writes
/// the same bytes every time for the same content and date.
public struct OrderDocument: Sendable {
    public let content: OrderDocumentContent
    /// The laid-out pages, footers included.
    public let pages: [PDFPage]

    public init(content: OrderDocumentContent) {
        self.content = content
        var layout = OrderDocumentLayout(content: content)
        self.pages = layout.layOut()
    }

    public var pageCount: Int { pages.count }

    /// "Ordine 2025/17 – Caffè Società Cooperativa": the PDF's title.
    public var title: String { "Ordine \(content.orderNumber) – \(content.companyName)" }

    /// The PDF file. Its creation date is `creationDate`, or the order's date when not given, so
    /// by default the bytes depend on the content alone (a stored copy equals a re-render).
    /// Empty only where no PDF library is linked (cairo is, on Linux).
    public func pdf(creationDate: Date? = nil) -> [UInt8] {
        PDFRenderer.pdf(pages: pages, title: title, creationDate: creationDate ?? content.date)
    }

    /// The PDF file as `Data`, for a mail attachment or an HTTP body.
    public func pdfData(creationDate: Date? = nil) -> Data {
        Data(pdf(creationDate: creationDate))
    }
}
