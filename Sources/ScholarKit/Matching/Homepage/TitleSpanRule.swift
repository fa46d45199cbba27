/// Where a title sits inside the text of the element that holds it.
///
/// Pages do not always give a title its own element: a Chicago-style reference is one link
/// (`Suzuki, Akisato. 2023. "Title." Journal…`), an IEEE reference one `<li>`
/// (`A and B, “Title,” Journal…`), a hand-written list puts co-authors after the title
/// (`Title (with A and B)<br>Venue`). The rule is inferred from the matched examples and then
/// applied to every element the structural pattern selects, so that all titles are cut alike.
enum TitleSpanRule: Hashable, Sendable {
    /// The element's whole text.
    case whole
    /// One line of the element's text (lines end at `<br>` and block edges).
    case line(Int)
    /// The n-th quoted passage (“…”, "…" or «…»).
    case quoted(Int)
    /// A line up to the parenthesis opening with `word` ("(with"), or the whole line without one.
    case beforeParenthesis(line: Int, word: String)
    /// A run of pieces of a citation string (`CitationSegments`): the title inside
    /// `Authors, 2017: Title. Venue, 9, 1948–1972.`
    case citation

    /// Lower is simpler; of two rules that find a title equally well, the simpler wins.
    var complexity: Int {
        switch self {
        case .whole: 0
        case .line: 1
        case .quoted: 2
        case .beforeParenthesis: 3
        case .citation: 4
        }
    }

    /// Only the first few lines and quotes are tried: a title sits near the start of its entry.
    private static let linesTried = 3
    private static let quotesTried = 3

    /// The title this rule finds in `text`, cleaned; `nil` when the rule does not apply.
    func extract(from text: ElementText) -> String? {
        let span: String?
        switch self {
        case .whole:
            span = text.whole
        case .line(let index):
            span = index < text.lines.count ? text.lines[index] : nil
        case .quoted(let index):
            let quotes = Self.quotedPassages(in: text.whole, limit: index + 1)
            span = index < quotes.count ? quotes[index] : nil
        case .beforeParenthesis(let index, let word):
            guard index < text.lines.count else { return nil }
            let line = text.lines[index]
            let cut = Self.parentheses(in: line).first { $0.word == word }
            span = cut.map { String(line.unicodeScalars[..<$0.position]) } ?? line
        case .citation:
            span = CitationSegments(text).likelyTitle
        }
        return span.map(Self.cleaned).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Every span of `text` some rule finds, with its rule, for matching against titles.
    /// `citations: false` leaves out the pieces of citation strings, for an element that only
    /// wraps another with the same text (whose pieces are the same).
    static func candidates(in text: ElementText, citations: Bool = true) -> [(rule: TitleSpanRule, span: String)] {
        var result: [(TitleSpanRule, String)] = [(.whole, cleaned(text.whole))]
        if text.lines.count > 1 {
            for index in 0..<min(linesTried, text.lines.count) { result.append((.line(index), cleaned(text.lines[index]))) }
        }
        for (index, quote) in quotedPassages(in: text.whole, limit: quotesTried).enumerated() {
            result.append((.quoted(index), cleaned(quote)))
        }
        for index in 0..<min(2, text.lines.count) {
            let line = text.lines[index]
            for cut in parentheses(in: line) {
                result.append((.beforeParenthesis(line: index, word: cut.word), cleaned(String(line.unicodeScalars[..<cut.position]))))
            }
        }
        // A short piece of a citation ("Mip-NeRF" before "Mip-NeRF: A Multiscale…", "Random
        // forests" ending a longer title) names a method or a topic, not one paper.
        // One piece is the whole text, already a candidate. Pieces cut at commas too are
        // tried as well, for references that part everything with commas; a span both give is
        // looked up once.
        var seen = Set(result.map(\.1))
        for cutsAtCommas in citations ? [false, true] : [] {
            let citation = CitationSegments(text, cutsAtCommas: cutsAtCommas)
            guard citation.ranges.count > 1 else { continue }
            for run in citation.runs where isDistinctive(run) {
                let span = cleaned(run)
                if seen.insert(span).inserted { result.append((.citation, span)) }
            }
        }
        return result.filter { !$0.1.isEmpty }
    }

    /// At least three words and 15 characters, as `HomepageFilter.isDistinctive` asks of a
    /// normalised title, counted on the span as written.
    /// Bytes stand in for characters (a non-ASCII byte counts as a letter): every piece of
    /// every element is checked, and Unicode property look-ups dominated the filter's profile.
    private static func isDistinctive(_ span: String) -> Bool {
        guard span.utf8.count >= 15 else { return false }
        var words = 0, inWord = false, wordHasLetter = false
        for byte in span.utf8 {
            if byte == 0x20 {
                if inWord, wordHasLetter { words += 1 }
                inWord = false
                wordHasLetter = false
            } else {
                inWord = true
                if byte >= 0x80 || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { wordHasLetter = true }
            }
        }
        if inWord, wordHasLetter { words += 1 }
        return words >= 3
    }

    /// The passages between paired quotation marks, in order. Typographic and guillemet pairs
    /// are matched by kind; straight double quotes pair up in sequence.
    static func quotedPassages(in text: String, limit: Int) -> [String] {
        var passages: [String] = []
        var opening: (close: Unicode.Scalar, start: String.UnicodeScalarView.Index)?
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex, passages.count < limit {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if let open = opening {
                if scalar == open.close {
                    passages.append(String(scalars[open.start..<index]))
                    opening = nil
                }
            } else if let close = closingQuote(for: scalar) {
                opening = (close, next)
            }
            index = next
        }
        return passages
    }

    /// A switch rather than a dictionary: it runs for every character of every element.
    private static func closingQuote(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "\u{201C}": "\u{201D}"
        case "\"": "\""
        case "\u{AB}": "\u{BB}"
        default: nil
        }
    }

    /// The opening parentheses of a line after its first character, with the word each opens.
    static func parentheses(in line: String) -> [(position: String.UnicodeScalarView.Index, word: String)] {
        let scalars = line.unicodeScalars
        var result: [(String.UnicodeScalarView.Index, String)] = []
        for index in scalars.indices where scalars[index] == "(" && index != scalars.startIndex {
            let word = scalars[scalars.index(after: index)...].prefix { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            result.append((index, String(String.UnicodeScalarView(word)).lowercased()))
        }
        return result
    }

    /// A span without surrounding spaces and quotes and without a trailing full stop, comma,
    /// colon or semicolon ("“Title,”" → "Title"); a question or exclamation mark stays.
    static func cleaned(_ span: String) -> String {
        let scalars = span.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isStripped($0) || $0 == "." }),
              let last = scalars.lastIndex(where: { !isStripped($0) }) else { return "" }
        guard first <= last else { return "" }
        // Spans come from lines whose whitespace is already collapsed.
        return String(scalars[first...last])
    }

    private static func isStripped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", ".", ",", ";", ":", "\"", "\u{201C}", "\u{201D}", "\u{AB}", "\u{BB}": true
        default: false
        }
    }
}
