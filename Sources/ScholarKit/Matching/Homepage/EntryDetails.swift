/// What an entry says besides its title: the year and, when the page gives the authors no
/// element of their own, the names written around the title. The Italian thesis (§4.1, §5.7)
/// kept both for the homepage table.
enum EntryDetails {
    /// The first plausible year after the title, else the last one before it: "2017: Title",
    /// "Title. Journal. 2017 Jan;9", "(2024). Title". Numbers inside longer digit runs (page
    /// ranges, PMIDs, arXiv ids such as 2312.02040) and the ends of a range ("1948–1972", pages
    /// more often than years) are not years.
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

    /// The names before the title on its line (`Stern, A., A. Adcroft, and G. Marques, 2017:
    /// Title`) or on the line above; else right after it: its "(with A and B)", or the next
    /// piece or line (`C160. Title. Erik Miehling, …, and Prasanna Sattigeri. Venue`). None
    /// when the text there is not a list of names.
    static func authors(in text: ElementText, around title: String) -> [String] {
        guard let line = text.lines.firstIndex(where: { $0.contains(title) }),
              let range = text.lines[line].range(of: title) else { return [] }
        let before = String(text.lines[line][..<range.lowerBound])
        if let names = nameList(strippingNumberAndYear(before)) { return names }
        if line > 0, before.isEmpty, let names = nameList(strippingNumberAndYear(text.lines[line - 1])) { return names }
        var after = Substring(text.lines[line][range.upperBound...]).drop { " .,;:\"\u{201D}".contains($0) }
        if after.isEmpty, line + 1 < text.lines.count { after = Substring(text.lines[line + 1]) }
        if after.hasPrefix("(with ") {
            return nameList(String(after.dropFirst(6).prefix { $0 != ")" })) ?? []
        }
        if after.lowercased().hasPrefix("with ") { return coAuthors(afterWith: after.dropFirst(5)) }
        let piece = CitationSegments(ElementText(lines: [String(after)])).pieces.first ?? ""
        return nameList(piece) ?? []
    }

    /// `"Title", with A, B and C, Venue, 2015`: the names up to the one after "and" (the venue
    /// follows), or the first alone when no "and" closes the list.
    private static func coAuthors(afterWith text: Substring) -> [String] {
        var names: [Substring] = []
        for part in text.split(separator: ",") {
            let trimmed = part.trimmingWhitespace()
            guard !trimmed.isEmpty, !trimmed.contains(where: \.isNumber), trimmed.split(separator: " ").count <= 8 else { break }
            names.append(Substring(trimmed))
            if trimmed.contains(" and ") || trimmed.contains(" & ") { break }
        }
        guard let last = names.last, last.contains(" and ") || last.contains(" & ") else {
            return names.first.map { AuthorLocator.names(in: String($0)) } ?? []
        }
        return AuthorLocator.names(in: names.joined(separator: ", ").replacingOccurrences(of: " & ", with: " and "))
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

    private static func isDash(_ scalar: Unicode.Scalar) -> Bool { scalar == "-" || scalar == "\u{2013}" || scalar == "\u{2014}" }

    /// Four digits from 1900 to 2099 standing alone, with their positions.
    private static func years(in scalars: [Unicode.Scalar]) -> [(Int, Int)] {
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < scalars.count && ("0"..."9").contains(scalars[index]) }
        var found: [(Int, Int)] = []
        var index = 0
        while index + 4 <= scalars.count {
            if (index..<(index + 4)).allSatisfy(isDigit), !isDigit(index - 1), !isDigit(index + 4),
               !(index > 0 && scalars[index - 1] == "."), !(index + 4 < scalars.count && scalars[index + 4] == "." && isDigit(index + 5)),
               !(index > 1 && isDash(scalars[index - 1]) && isDigit(index - 2)),
               !(index + 5 < scalars.count && isDash(scalars[index + 4]) && isDigit(index + 5)),
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
