/// The green line under a Google Scholar result (`div.gs_a`), split into its parts:
/// "A Author, B Author… - Venue, 2019 - publisher.com".
///
/// Google writes three parts separated by " - " (`&nbsp;-` since ~2020, normalised to a space
/// before this is called), but any may be missing or cut:
/// - "MJ Isaac, TJ Chinn, SW Edbrooke, PJ Forsyth - Antarctica. Institute of Geological and …, 1996"
///   (no host, 2020 fixture);
/// - "B VandenHeuvel - 2002 - digitalcommons.library.umaine.edu" (no venue, 2020 fixture);
/// - "J Yu, B Leitner… - Geophysical Journal …, 2003 - academic.oup.com" (authors and venue cut).
/// Author names never contain " - ", so the first separator ends the authors; hosts and
/// publishers never do either, so with three or more parts the last is the host, and the
/// venue in between keeps any " - " of its own.
public struct GoogleScholarAuthorLine: Sendable, Hashable {
    public var authors: [String]
    /// The author list ended with "…": Scholar shows at most a handful of authors.
    public var authorsTruncated: Bool
    /// Journal, conference or book, as shown; a cut venue keeps its "…".
    public var venue: String?
    public var year: Int?
    /// The host or publisher after the last " - " ("nature.com", "Elsevier", "books.google.com").
    public var publisher: String?

    public init(authors: [String] = [], authorsTruncated: Bool = false, venue: String? = nil, year: Int? = nil, publisher: String? = nil) {
        self.authors = authors
        self.authorsTruncated = authorsTruncated
        self.venue = venue
        self.year = year
        self.publisher = publisher
    }

    /// Splits a whitespace-normalised author line.
    public init(_ line: String) {
        self.init()
        let parts = line.components(separatedBy: " - ").map { $0.trimmingWhitespace() }
        guard let first = parts.first else { return }
        (authors, authorsTruncated) = AuthorList.cleaned(first.split(separator: ",").map(String.init))
        switch parts.count {
        case 1:
            break
        case 2:
            // One separator: "authors - venue, year" (no host) or "authors - host" (no venue or year).
            let second = parts[1]
            if Self.trailingYear(of: second) != nil || !Self.looksLikeHost(second) {
                readVenueAndYear(second)
            } else {
                publisher = second.isEmpty ? nil : second
            }
        default:
            readVenueAndYear(parts[1..<(parts.count - 1)].joined(separator: " - "))
            let last = parts[parts.count - 1]
            publisher = last.isEmpty ? nil : last
        }
    }

    /// "Nature, 2015" → venue "Nature", year 2015; "2002" → year only; "Science" → venue only.
    /// Only a year that ends the part counts: "Proceedings of the 2015 ACM …" has no year.
    private mutating func readVenueAndYear(_ middle: String) {
        if let (year, venueEnd) = Self.trailingYear(of: middle) {
            self.year = year
            var venue = String(middle[..<venueEnd]).trimmingWhitespace()
            while venue.hasSuffix(",") { venue = String(venue.dropLast()).trimmingWhitespace() }
            self.venue = venue.isEmpty ? nil : venue
        } else {
            venue = middle.isEmpty ? nil : middle
        }
    }

    /// A four-digit year closing the text, alone or after ", ", with where the text before it ends.
    private static func trailingYear(of text: String) -> (year: Int, end: String.Index)? {
        let digits = text.suffix(4)
        guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(digits) else { return nil }
        let before = text[..<digits.startIndex]
        guard before.isEmpty || before.hasSuffix(" ") || before.hasSuffix(",") else { return nil }
        guard (1000...2999).contains(year) else { return nil }
        return (year, digits.startIndex)
    }

    /// "books.google.com", "dl.acm.org": one word with a dot, as Scholar shows a host.
    private static func looksLikeHost(_ text: String) -> Bool {
        !text.contains(" ") && text.contains(".") && !text.hasSuffix("…")
    }
}
