/// What an entry says besides its title: the year and, when the page gives the authors no
/// element of their own, the names written around the title. The Italian thesis (§4.1, §5.7)
/// kept both for the homepage table.
enum EntryDetails {
    /// The first plausible year after the title, else the last one before it: "2017: Title",
    /// "Title. Journal. 2017 Jan;9", "(2024). Title". Numbers inside longer digit runs (page
    /// ranges, PMIDs, arXiv ids such as 2312.02040) are not years.
    static func year(in text: ElementText, after title: String) -> Int? {
        let whole = Array(text.whole.unicodeScalars)
        let titleStart = position(of: title, in: whole)
        let titleEnd = titleStart.map { $0 + title.unicodeScalars.count } ?? 0
        var before: Int?
        for (start, year) in years(in: whole) {
            if start >= titleEnd { return year }
            if start + 4 <= (titleStart ?? 0) { before = year }
        }
        return before
    }

    /// The names before the title (`Stern, A., A. Adcroft, and G. Marques, 2017: Title`),
    /// else in the piece right after it (`C160. Title. Erik Miehling, …, and Prasanna
    /// Sattigeri. Venue`) or in its "(with A and B)"; none when the text there is not a list
    /// of names.
    static func authors(in text: ElementText, around title: String) -> [String] {
        let whole = Array(text.whole.unicodeScalars)
        guard let start = position(of: title, in: whole) else { return [] }
        let before = String(String.UnicodeScalarView(whole[..<start]))
        if let names = nameList(strippingNumberAndYear(before)) { return names }
        let after = String(String.UnicodeScalarView(whole[min(whole.count, start + title.unicodeScalars.count)...]))
        let trimmed = after.drop { " .,;:\"\u{201D}".unicodeScalars.contains($0.unicodeScalars.first!) }
        if trimmed.hasPrefix("(with ") {
            let inside = trimmed.dropFirst(6).prefix { $0 != ")" }
            return nameList(String(inside)) ?? []
        }
        let piece = CitationSegments(ElementText(lines: [String(trimmed)])).pieces.first ?? ""
        return nameList(piece) ?? []
    }

    /// Names parted by commas or "and", without digits: anything else is a venue or a note.
    private static func nameList(_ text: String) -> [String]? {
        guard !text.isEmpty, !text.contains(where: \.isNumber),
              text.contains(",") || text.contains(" and ") || text.contains(" & ") else { return nil }
        let names = AuthorLocator.names(in: text.replacingOccurrences(of: " & ", with: " and "))
        return names.count >= 2 && names.allSatisfy({ $0.split(separator: " ").count <= 5 }) ? names : nil
    }

    /// Without a leading "[12]", "59." or "C160." and a trailing year ("…, 2017", "(2024)", "2023.").
    private static func strippingNumberAndYear(_ text: String) -> String {
        var words = text.split(separator: " ")
        if let first = words.first, first.contains(where: \.isNumber), first.count <= 6 { words.removeFirst() }
        while let last = words.last, last.contains(where: \.isNumber) { words.removeLast() }
        return TitleSpanRule.cleaned(words.joined(separator: " "))
    }

    private static func position(of title: String, in whole: [Unicode.Scalar]) -> Int? {
        let needle = Array(title.unicodeScalars)
        guard !needle.isEmpty, needle.count <= whole.count else { return nil }
        return (0...(whole.count - needle.count)).first { whole[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// Four digits from 1900 to 2099 standing alone, with their positions.
    private static func years(in scalars: [Unicode.Scalar]) -> [(Int, Int)] {
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < scalars.count && ("0"..."9").contains(scalars[index]) }
        var found: [(Int, Int)] = []
        var index = 0
        while index + 4 <= scalars.count {
            if (index..<(index + 4)).allSatisfy(isDigit), !isDigit(index - 1), !isDigit(index + 4),
               !(index > 0 && scalars[index - 1] == "."), !(index + 4 < scalars.count && scalars[index + 4] == "." && isDigit(index + 5)),
               let year = Int(String(String.UnicodeScalarView(scalars[index..<(index + 4)]))), (1900...2099).contains(year) {
                found.append((index, year))
                index += 4
            } else {
                index += 1
            }
        }
        return found
    }
}
