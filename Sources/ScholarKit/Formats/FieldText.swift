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

    /// "https://doi.org/10.1/x" and "doi:10.1/x" → "10.1/x", the form DOIs are compared in.
    static func bareDOI(_ doi: String) -> String {
        let lowered = doi.lowercased()
        for prefix in ["https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"]
        where lowered.hasPrefix(prefix) {
            return String(doi.dropFirst(prefix.count))
        }
        return doi
    }
}
