/// A citation string cut where a title can begin or end, so that a title written inside it
/// can be looked up as a run of whole pieces.
///
/// Many pages give each publication as one string: `Stern, A., A. Adcroft, …, and G. Marques,
/// 2017: Modeling tabular icebergs submerged in the ocean. J. Adv. Model. Earth Syst., 9,
/// 1948–1972.` The Italian thesis (§4.5) matched titles inside the text of the page's
/// elements; here the text is cut at line breaks, quotation marks, colons, sentence ends
/// (". ", "? ", "! ") and a year in parentheses ("(2005) "), and every run of up to `longestRun` consecutive pieces is a candidate
/// span. Cutting at those marks only, rather than sliding a window over every character, keeps
/// a short title ("Random forests") from matching the tail of a longer one ("… Conflict by
/// Random Forests"): a span must start and end where the citation's own punctuation does.
///
/// A full stop after an initial ("A." or "OL.") is not a sentence end, so an author list
/// stays one piece; a title with a full stop inside it ("Survey. II. Catalog") spans pieces.
struct CitationSegments {
    /// The pieces' ranges in `scalars`, in order, each without surrounding spaces.
    private(set) var ranges: [Range<Int>] = []
    let scalars: [Unicode.Scalar]
    /// The text in UTF-8, and where each scalar starts in it (one more for the end): a run is
    /// copied out as bytes, which costs far less than rebuilding it scalar by scalar, and every
    /// element of a page is cut this way.
    private let utf8: [UInt8]
    private let offsets: [Int]

    /// A title spans at most this many pieces.
    static let longestRun = 4
    /// Titles sit near the start of a citation; pieces further on are venues and links.
    static let piecesTried = 12

    /// Whether pieces also end at commas, for `Authors, 2007, Title, Journal, 82, 309–325`.
    let cutsAtCommas: Bool

    init(_ text: ElementText, cutsAtCommas: Bool = false) {
        self.cutsAtCommas = cutsAtCommas
        var scalars: [Unicode.Scalar] = []
        var utf8: [UInt8] = []
        var offsets: [Int] = []
        // Where each line after the first starts, in order.
        var lineStarts: [Int] = []
        for line in text.lines {
            if !scalars.isEmpty {
                offsets.append(utf8.count)
                scalars.append(" ")
                utf8.append(0x20)
                lineStarts.append(scalars.count)
            }
            for scalar in line.unicodeScalars {
                offsets.append(utf8.count)
                scalars.append(scalar)
                UTF8.encode(scalar) { utf8.append($0) }
            }
        }
        offsets.append(utf8.count)
        self.scalars = scalars
        self.utf8 = utf8
        self.offsets = offsets
        var nextLine = 0
        var start = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var cutHere = false
            if Self.isQuote(scalar) {
                cutHere = true
            } else if index + 1 < scalars.count, scalars[index + 1] == " " {
                switch scalar {
                case ":", "?", "!", "\u{FF1A}": cutHere = true
                case ",": cutHere = cutsAtCommas
                case ".": cutHere = !Self.isInitial(before: index, in: scalars) || Self.endsInvertedName(at: index, in: scalars)
                case ")": cutHere = Self.closesYear(at: index, in: scalars)
                default: break
                }
            }
            let lineEnds = nextLine < lineStarts.count && lineStarts[nextLine] == index + 1
            if lineEnds { nextLine += 1 }
            if lineEnds || cutHere {
                append(start..<(index + 1))
                start = index + 1
            }
            index += 1
        }
        append(start..<scalars.count)
    }

    private mutating func append(_ range: Range<Int>) {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, Self.isTrimmed(scalars[lower]) { lower += 1 }
        while upper > lower, Self.isTrimmed(scalars[upper - 1]) { upper -= 1 }
        if lower < upper { ranges.append(lower..<upper) }
    }

    /// The pieces, as written.
    var pieces: [String] { ranges.map(text(of:)) }

    private func text(of range: Range<Int>) -> String {
        String(decoding: utf8[offsets[range.lowerBound]..<offsets[range.upperBound]], as: UTF8.self)
    }

    /// Every run of up to `longestRun` pieces among the first `piecesTried`, as written.
    var runs: [String] {
        var spans: [String] = []
        // Comma pieces are shorter, so a title spans more of them; and where commas part
        // everything, the title follows the year ("Maurer, E.P., 2007, Title, Journal"), so
        // only runs from the piece after a year are tried: the others would be author names.
        let tried = min(ranges.count, cutsAtCommas ? 2 * Self.piecesTried : Self.piecesTried)
        let longest = cutsAtCommas ? Self.longestRun + 2 : Self.longestRun
        for first in 0..<tried where !cutsAtCommas || (first > 0 && endsWithYear(ranges[first - 1])) {
            for last in first..<min(tried, first + longest) {
                spans.append(text(of: ranges[first].lowerBound..<ranges[last].upperBound))
            }
        }
        return spans
    }

    /// The piece a title most likely is when no result says: the one after a piece that ends
    /// with the year ("…, 2017:" or "… (2024)."), else the longest of the first few.
    var likelyTitle: String? {
        let first = ranges.prefix(4)
        let afterYear = first.indices.first { endsWithYear(ranges[$0]) && $0 + 1 < ranges.count }.map { ranges[$0 + 1] }
        guard let range = afterYear ?? first.max(by: { $0.count < $1.count }) else { return nil }
        return text(of: range)
    }

    /// "…, 2017" or "… (2024)": four digits of a plausible year, alone, at the piece's end.
    private func endsWithYear(_ range: Range<Int>) -> Bool {
        let end = scalars[range.upperBound - 1] == ")" ? range.upperBound - 1 : range.upperBound
        guard end - range.lowerBound >= 4 else { return false }
        let digits = scalars[(end - 4)..<end]
        guard digits.allSatisfy({ ("0"..."9").contains($0) }) else { return false }
        if end - 5 >= range.lowerBound, ("0"..."9").contains(scalars[end - 5]) { return false }
        return (1900...2099).contains(Int(String(String.UnicodeScalarView(digits))) ?? 0)
    }

    /// The last initial of a name written surname first ("Lind, P. Seed banks …", "Okafor,
    /// N. R. Fire …"): the name ends there unless another initial follows.
    private static func endsInvertedName(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        guard index >= 1, scalars[index - 1].properties.isAlphabetic, index + 3 < scalars.count else { return false }
        // Another initial next ("P. J."): the name goes on.
        if scalars[index + 2].properties.isAlphabetic, scalars[index + 3] == "." { return false }
        var space = index - 2
        while space >= 3, scalars[space] == " ", scalars[space - 1] == ".", scalars[space - 2].properties.isAlphabetic, scalars[space - 3] == " " {
            space -= 3
        }
        guard space >= 3, scalars[space] == " ", scalars[space - 1] == "," else { return false }
        return scalars[space - 2].properties.isAlphabetic && scalars[space - 3].properties.isAlphabetic
    }

    /// "(2005)" or "(2005a)": the year after the authors of a citation that goes on without a
    /// full stop ("Harding, K. and Axberg, Y. (2005) Mass-dependent energetics …").
    private static func closesYear(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        var end = index
        if end > 0, ("a"..."z").contains(scalars[end - 1]) { end -= 1 }
        guard end >= 5, scalars[end - 5] == "(" else { return false }
        return scalars[(end - 4)..<end].allSatisfy { ("0"..."9").contains($0) }
    }

    /// "A." or "OL.": one letter, or two or three capitals, starting a word.
    private static func isInitial(before index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        var start = index
        while start > 0, scalars[start - 1].properties.isAlphabetic { start -= 1 }
        let letters = index - start
        guard letters > 0 else { return false }
        if letters == 1 { return true }
        return letters <= 3 && scalars[start..<index].allSatisfy { $0.properties.isUppercase }
    }

    private static func isQuote(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "\u{201C}", "\u{201D}", "\u{AB}", "\u{BB}": true
        default: false
        }
    }

    private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", ".", ",", ";", ":", "\"", "\u{201C}", "\u{201D}", "\u{AB}", "\u{BB}", "\u{FF1A}": true
        default: false
        }
    }
}
