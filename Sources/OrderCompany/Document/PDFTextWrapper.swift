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
        var lines: [String] = []
        var current = ""
        for word in words {
            if current.isEmpty {
                // fall through to placing the word on the empty line
            } else if fits(current + " " + word, font: font, size: size, width: width) {
                // The joined line is measured whole, so kerning and shaping across the space count.
                current += " " + word
                continue
            } else {
                lines.append(current)
            }
            if fits(word, font: font, size: size, width: width) {
                current = word
            } else {
                var pieces = cut(word, font: font, size: size, width: width)
                current = pieces.removeLast()
                lines += pieces
            }
        }
        lines.append(current)
        return lines
    }

    /// A word cut between characters into pieces that fit, each at least one character long.
    private static func cut(_ word: String, font: PDFFont, size: Double, width: Double) -> [String] {
        var pieces: [String] = []
        var piece = ""
        for character in word {
            if !piece.isEmpty && !fits(piece + String(character), font: font, size: size, width: width) {
                pieces.append(piece)
                piece = ""
            }
            piece.append(character)
        }
        pieces.append(piece)
        return pieces
    }

    private static func fits(_ text: String, font: PDFFont, size: Double, width: Double) -> Bool {
        width.isFinite && font.width(of: text, size: size) <= width
    }
}
