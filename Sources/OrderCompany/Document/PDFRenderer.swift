import Foundation
#if canImport(DocumentDrawingLinux)
import DocumentDrawingLinux
#endif

/// Draws laid-out pages into a PDF file: cairo's PDF surface with Pango text on Linux, where
/// the company server runs.
enum PDFRenderer {
    /// The PDF file, or no bytes where no PDF library is linked (only Linux has cairo here).
    /// `creationDate` is the document information's creation date, written to the second in UTC;
    /// it is the only thing in the file not decided by the pages, so the same pages and date give
    /// the same bytes.
    static func pdf(pages: [PDFPage], title: String, creationDate: Date) -> [UInt8] {
        #if canImport(DocumentDrawingLinux)
        let size = pages.first?.size ?? .a4
        guard let document = CairoPDFDocument(
            pageWidth: size.width, pageHeight: size.height, title: title, creationDate: iso8601(creationDate))
        else { return [] }
        for (index, page) in pages.enumerated() {
            if index > 0 { document.endPage() }
            draw(page, on: document)
        }
        return document.finish()
        #else
        return []
        #endif
    }

    /// "2025-03-14T09:30:00Z", as cairo's PDF metadata takes a date.
    static func iso8601(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 1970) + "-" + two(parts.month) + "-" + two(parts.day)
            + "T" + two(parts.hour) + ":" + two(parts.minute) + ":" + two(parts.second) + "Z"
    }

    /// Width and height in pixels of a PNG the renderer can draw; nil for bytes it cannot read.
    static func imageSize(png: [UInt8]) -> (width: Int, height: Int)? {
        #if canImport(DocumentDrawingLinux)
        guard let image = PNGSurface(png: png) else { return nil }
        return (image.width, image.height)
        #else
        return nil
        #endif
    }

    #if canImport(DocumentDrawingLinux)
    /// Cairo's y runs down from the top of the page, the layout's up from the bottom.
    private static func draw(_ page: PDFPage, on document: CairoPDFDocument) {
        let height = page.size.height
        for mark in page.marks {
            switch mark {
            case .text(let text, let x, let y, let font, let size):
                document.drawText(text, x: x, baseline: height - y, font: font.drawingFont(size: size))
            case .line(let x1, let y1, let x2, let y2, let lineWidth, let gray):
                document.drawLine(fromX: x1, y: height - y1, toX: x2, y: height - y2, lineWidth: lineWidth, gray: gray)
            case .fill(let x, let y, let width, let rectangleHeight, let gray):
                document.fillRectangle(x: x, y: height - y - rectangleHeight, width: width, height: rectangleHeight, gray: gray)
            case .stroke(let x, let y, let width, let rectangleHeight, let lineWidth, let gray):
                document.strokeRectangle(
                    x: x, y: height - y - rectangleHeight, width: width, height: rectangleHeight, lineWidth: lineWidth, gray: gray)
            case .image(let png, let x, let y, let width, let imageHeight):
                guard let image = PNGSurface(png: png) else { continue }
                document.drawImage(image, x: x, y: height - y - imageHeight, width: width, height: imageHeight)
            }
        }
    }
    #endif
}
