import OrderKit
import Foundation

/// A small PDF 1.4 writer: pages of text, lines and rectangles in the standard Helvetica fonts.
///
/// No PDF library is available to Swift on Linux here (issue 8), and an order needs little:
/// text (with Italian accents and €), rules and a grey table header. The file is laid out as
/// ISO 32000-1 §7.5 describes: header, body objects, a cross-reference table whose byte offsets
/// are exact, and a trailer. Objects: 1 catalog, 2 page tree, 3–4 the two fonts, 5 document
/// information, then each page and its content stream. Nothing depends on the clock or on
/// chance: the same pages, title and date give the same bytes (the /ID is a hash of the body).
public struct PDFWriter: Sendable {
    /// Shown by readers as the document's title (/Info /Title).
    public var title: String
    /// /Info /Producer.
    public var producer: String
    /// /Info /CreationDate; nil writes none, so output does not change with the time of day.
    public var creationDate: Date?
    public private(set) var pages: [PDFPage] = []

    public init(title: String, producer: String = "Bottega OrderKit", creationDate: Date? = nil) {
        self.title = title
        self.producer = producer
        self.creationDate = creationDate
    }

    public mutating func addPage(_ page: PDFPage) {
        pages.append(page)
    }

    /// The PDF file. A writer without pages writes one blank A4 page: readers refuse a
    /// document with none.
    public func bytes() -> [UInt8] {
        let pages = pages.isEmpty ? [PDFPage()] : pages
        var file = FileBuilder()
        // §7.5.2: a comment of four bytes above 127 tells transfer tools the file is binary.
        file.append("%PDF-1.4\n")
        file.append([0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A])

        let firstPageObject = 6
        let kids = pages.indices.map { "\(firstPageObject + 2 * $0) 0 R" }.joined(separator: " ")
        file.object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        file.object(2, "<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        for font in [PDFFont.helvetica, .helveticaBold] {
            // /Widths is optional for the standard fonts in PDF 1.4 (§9.6.2.2) but pins every
            // reader to the metrics the layout used, whatever substitute font it renders with.
            let widths = (32...255).map { String(font.advance(ofByte: UInt8($0))) }.joined(separator: " ")
            file.object(font == .helvetica ? 3 : 4, """
                << /Type /Font /Subtype /Type1 /BaseFont /\(font.postScriptName) /Encoding /WinAnsiEncoding \
                /FirstChar 32 /LastChar 255 /Widths [\(widths)] >>
                """)
        }
        var info = Array("<< /Title ".utf8) + PDFSyntax.textString(title) + Array(" /Producer ".utf8) + PDFSyntax.textString(producer)
        if let creationDate {
            info += Array(" /CreationDate ".utf8) + PDFSyntax.literalString(Array(PDFSyntax.date(creationDate).utf8))
        }
        file.object(5, info + Array(" >>".utf8))

        for (index, page) in pages.enumerated() {
            let pageObject = firstPageObject + 2 * index
            let mediaBox = "[0 0 \(PDFSyntax.number(page.size.width)) \(PDFSyntax.number(page.size.height))]"
            file.object(pageObject, """
                << /Type /Page /Parent 2 0 R /MediaBox \(mediaBox) \
                /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents \(pageObject + 1) 0 R >>
                """)
            // §7.3.8.1: /Length counts the bytes between the EOL after "stream" and the EOL
            // before "endstream", both excluded.
            file.object(pageObject + 1,
                        Array("<< /Length \(page.content.count) >>\nstream\n".utf8) + page.content + Array("\nendstream".utf8))
        }
        file.finish(rootObject: 1, infoObject: 5)
        return file.bytes
    }

    /// The PDF file as `Data`, for a mail attachment or an HTTP body.
    public func data() -> Data {
        Data(bytes())
    }
}

/// The file being assembled: bytes so far and where each object starts.
private struct FileBuilder {
    var bytes: [UInt8] = []
    var offsets: [Int: Int] = [:]

    mutating func append(_ text: String) {
        bytes += Array(text.utf8)
    }

    mutating func append(_ raw: [UInt8]) {
        bytes += raw
    }

    mutating func object(_ number: Int, _ body: String) {
        object(number, Array(body.utf8))
    }

    mutating func object(_ number: Int, _ body: [UInt8]) {
        offsets[number] = bytes.count
        append("\(number) 0 obj\n")
        bytes += body
        append("\nendobj\n")
    }

    /// The cross-reference table (§7.5.4: entries of exactly 20 bytes, "nnnnnnnnnn ggggg n" and
    /// a two-byte end of line) and the trailer (§7.5.5).
    mutating func finish(rootObject: Int, infoObject: Int) {
        let count = (offsets.keys.max() ?? 0) + 1
        let identifier = Self.identifier(of: bytes)
        let xrefOffset = bytes.count
        append("xref\n0 \(count)\n0000000000 65535 f \n")
        for number in 1..<count {
            let offset = String(offsets[number] ?? 0)
            let kind = offsets[number] == nil ? "f" : "n"
            append(String(repeating: "0", count: max(0, 10 - offset.count)) + offset + " 00000 \(kind) \n")
        }
        append("trailer\n<< /Size \(count) /Root \(rootObject) 0 R /Info \(infoObject) 0 R /ID [<\(identifier)> <\(identifier)>] >>\n")
        append("startxref\n\(xrefOffset)\n%%EOF\n")
    }

    /// 16 bytes derived from the content (§14.4 asks only that the identifier be unlikely to
    /// repeat for a different file): two FNV-1a 64-bit hashes with different offset bases.
    static func identifier(of bytes: [UInt8]) -> String {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x6C62_272E_07BB_0142
        for byte in bytes {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return [first, second].map { value in
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
