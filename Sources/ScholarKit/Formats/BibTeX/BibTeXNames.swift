/// BibTeX name lists (`author`, `editor`): "Last, First and von Last, Jr, First and First Last".
///
/// The rules are BibTeX's own (Patashnik, "Designing BibTeX Styles", §4; Lamport's LaTeX
/// book, Appendix B.2): names are separated by the word "and" outside braces, a name has
/// zero, one or two commas outside braces, and "others" as the last name means "et al.".
enum BibTeXNames {
    /// The names of a raw (still LaTeX) list as "First von Last Jr", and whether the list
    /// ended with "and others".
    static func parse(_ list: ArraySlice<UInt8>) -> (authors: [String], truncated: Bool) {
        var authors: [String] = []
        var truncated = false
        for raw in split(list, at: .and) {
            if isOthers(raw) {
                truncated = true
                continue
            }
            let parts = split(raw, at: .comma).map { LaTeXText.decode($0) }
            let name: String
            switch parts.count {
            case 1: name = parts[0]                                       // First von Last
            case 2: name = [parts[1], parts[0]].joinedNonEmpty()          // von Last, First
            default: name = [parts[2], parts[0], parts[1]].joinedNonEmpty() // von Last, Jr, First
            }
            if !name.isEmpty { authors.append(name) }
        }
        return (authors, truncated)
    }

    private enum Separator {
        /// The word "and", in any case, with whitespace on both sides.
        case and
        case comma
    }

    /// Pieces of `text` between separators at brace depth 0; a backslash protects the next byte.
    private static func split(_ text: ArraySlice<UInt8>, at separator: Separator) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var depth = 0
        var pieceStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\\"):
                index += 2
                continue
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
            case UInt8(ascii: ",") where depth == 0 && separator == .comma:
                pieces.append(text[pieceStart..<index])
                pieceStart = index + 1
            case _ where depth == 0 && separator == .and && isAnd(in: text, at: index):
                pieces.append(text[pieceStart..<index])
                index += 4   // the space after "and" starts the next piece
                pieceStart = index
                continue
            default:
                break
            }
            index += 1
        }
        pieces.append(text[pieceStart..<min(index, text.endIndex)])
        return pieces
    }

    /// True when whitespace at `index` is followed by "and" and whitespace.
    private static func isAnd(in text: ArraySlice<UInt8>, at index: Int) -> Bool {
        guard isSpace(text[index]), index + 4 < text.endIndex, isSpace(text[index + 4]) else { return false }
        return text[index + 1] | 0x20 == UInt8(ascii: "a") && text[index + 2] | 0x20 == UInt8(ascii: "n")
            && text[index + 3] | 0x20 == UInt8(ascii: "d")
    }

    /// True for a bare `others` (a braced `{others}` is a name).
    private static func isOthers(_ raw: ArraySlice<UInt8>) -> Bool {
        let trimmed = raw.drop(while: isSpace).reversed().drop(while: isSpace)
        return trimmed.count == 6 && zip(trimmed.reversed(), "others".utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }
}

private extension Array where Element == String {
    func joinedNonEmpty() -> String { filter { !$0.isEmpty }.joined(separator: " ") }
}
