import OrderKit
/// Breaks text into lines no wider than a column, measured with the font's real widths.
///
/// Greedy, word by word (what a reader expects from a description cell): words are separated
/// by spaces and never hyphenated; a single word wider than the column (a long product code or
/// URL) is cut between characters so nothing runs into the next column. Line breaks in the
/// text start a new line; a blank line stays blank. The result always has at least one line.
public enum PDFTextWrapper {
    public static func lines(of text: String, font: PDFFont, size: Double, width: Double) -> [String] {
        let paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        return paragraphs.flatMap { wrap(String($0), font: font, size: size, width: width) }
    }

    private static func wrap(_ paragraph: String, font: PDFFont, size: Double, width: Double) -> [String] {
        let words = paragraph.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !words.isEmpty else { return [""] }
        // Widths in whole thousandths of the size, so a line's width is exactly what
        // `PDFFont.width(of:size:)` gives for the joined line.
        let width = limit(width, size: size)
        let spaceWidth = font.units(of: " ")
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in words {
            let wordWidth = font.units(of: word)
            if current.isEmpty {
                // fall through to placing the word on the empty line
            } else if Double(currentWidth + spaceWidth + wordWidth) <= width {
                current += " " + word
                currentWidth += spaceWidth + wordWidth
                continue
            } else {
                lines.append(current)
            }
            if Double(wordWidth) <= width {
                current = word
                currentWidth = wordWidth
            } else {
                var pieces = cut(word, font: font, width: width)
                current = pieces.removeLast()
                currentWidth = font.units(of: current)
                lines += pieces
            }
        }
        lines.append(current)
        return lines
    }

    /// A word cut between characters into pieces that fit, each at least one character long.
    private static func cut(_ word: String, font: PDFFont, width: Double) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var pieceWidth = 0
        for character in word {
            let characterWidth = font.units(of: String(character))
            if !piece.isEmpty && Double(pieceWidth + characterWidth) > width {
                pieces.append(piece)
                piece = ""
                pieceWidth = 0
            }
            piece.append(character)
            pieceWidth += characterWidth
        }
        pieces.append(piece)
        return pieces
    }

    /// The column width in thousandths of the font size; 0 for a size that is not positive.
    private static func limit(_ width: Double, size: Double) -> Double {
        size > 0 && width.isFinite ? width * 1000 / size : 0
    }
}
