/// Readings of field values that several formats share.
enum FieldText {
    /// The year of a `year` or date value ("2011", "2011-12-03", "2011///", "c. 1990"): the
    /// whole value when it is a number, else its first run of exactly four digits.
    static func year(in text: String) -> Int? {
        if let whole = Int(text) { return whole > 0 ? whole : nil }
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index - start == 4 { return Int(String(decoding: bytes[start..<index], as: UTF8.self)) }
            index = max(index, start + 1)
        }
        return nil
    }

    /// "https://doi.org/10.1/x" and "doi:10.1/x" → "10.1/x", the form DOIs are compared in;
    /// surrounding white space dropped.
    static func bareDOI(_ doi: String) -> String {
        let trimmed = doi.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = trimmed.lowercased()
        for prefix in ["https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"]
        where lowered.hasPrefix(prefix) {
            return String(trimmed.dropFirst(prefix.count))
        }
        return trimmed
    }

    /// A count after "cited by", "citations" or "times cited", with an optional colon, as
    /// notes carry it (Google Scholar's "Cited by 12", Scopus's "Cited By :12").
    /// The phrase must start a word: "excited by 2 photons" and "recitations 1990" are no counts.
    static func citationCount(inNote note: String) -> Int? {
        // ASCII text lowercases byte by byte: no full Unicode lowercasing (or copy) is needed.
        let bytes = note.utf8.allSatisfy { $0 < 0x80 }
            ? note.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
            : Array(note.lowercased().utf8)
        let phrases = citationPhrases
        for start in bytes.indices where start == 0 || !isLowercaseLetter(bytes[start - 1]) {
            for phrase in phrases where bytes[start...].starts(with: phrase) {
                var index = start + phrase.count
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: ":") { index += 1 }
                let digitsStart = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                if index > digitsStart, let count = Int(String(decoding: bytes[digitsStart..<index], as: UTF8.self)) {
                    return count
                }
            }
        }
        return nil
    }

    private static let citationPhrases = ["cited by", "citations", "times cited"].map { Array($0.utf8) }

    /// A letter of lowercased UTF-8 text; any non-ASCII byte counts, as accented letters are.
    private static func isLowercaseLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte >= 0x80
    }
}
