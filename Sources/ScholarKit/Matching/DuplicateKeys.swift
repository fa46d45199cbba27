/// What duplicate detection compares of one publication, computed once per record.
struct DuplicateKeys: Sendable {
    /// `MatchText.normalizedTitle`; empty when the record has no usable title.
    let title: String
    /// The first `comparedLength` scalars of `title`: what fuzzy matching compares.
    let comparedTitle: String
    /// `comparedTitle`'s Unicode scalars, as `TitleSimilarity` and the segment index read them.
    let scalars: [Unicode.Scalar]
    let year: Int?
    let doi: String?
    /// `MatchText.surname` of every listed author.
    let surnames: Set<String>
    /// False when the author list is empty or cut short, so a missing shared surname proves nothing.
    let hasCompleteAuthorList: Bool

    /// `surname` maps an author as written to `MatchText.surname`; the finder passes a
    /// memo, as one researcher's list names the same people again and again.
    init(_ publication: Publication, surname: (String) -> String?) {
        title = MatchText.normalizedTitle(Self.withoutScholarMarkers(publication.title))
        scalars = Array(title.unicodeScalars.prefix(Self.comparedLength))
        comparedTitle = scalars.count < Self.comparedLength ? title : String(String.UnicodeScalarView(scalars))
        year = publication.year
        doi = MatchText.normalizedDOI(publication.doi)
        surnames = Set(publication.authors.compactMap(surname))
        hasCompleteAuthorList = !surnames.isEmpty && !publication.authorsTruncated
    }

    /// Fuzzy title matching compares at most this many scalars of a normalised title. Edit
    /// distance and the partition index cost O(n²) in a title's length n: one 40,000-character
    /// title took 12 s and a million characters exhausted memory (issue 36). Real titles are far
    /// shorter (the longest normalised title in the Tobler export and the dblp fixtures is under
    /// 300), so their suggestions do not change; two longer titles are alike when their first
    /// 512 characters are, and their exact match still compares them whole.
    static let comparedLength = 512

    /// The title without the type markers Google Scholar puts before some titles
    /// ("[CITATION][C] …", "[PDF] …", "[BOOK][B] …") when a source kept them.
    static func withoutScholarMarkers(_ title: String) -> String {
        var rest = Substring(title).drop(while: \.isWhitespace)
        while rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
              scholarMarkers.contains(rest[rest.index(after: rest.startIndex)..<close].uppercased()) {
            rest = rest[rest.index(after: close)...].drop(while: \.isWhitespace)
        }
        return String(rest)
    }

    private static let scholarMarkers: Set<String> = ["CITATION", "C", "PDF", "HTML", "BOOK", "B", "DOC", "PS"]

    /// Years within `tolerance`; a record without a year may be any year.
    func yearIsCompatible(with other: DuplicateKeys, tolerance: Int) -> Bool {
        guard let year, let otherYear = other.year else { return true }
        return abs(year - otherYear) <= tolerance
    }

    func sharesSurname(with other: DuplicateKeys) -> Bool {
        !surnames.isDisjoint(with: other.surnames)
    }

    /// For identical titles: a shared surname, or an author list that cannot be checked
    /// (none listed, or cut short by the source).
    func authorsAllowSameTitle(with other: DuplicateKeys) -> Bool {
        sharesSurname(with: other) || !hasCompleteAuthorList || !other.hasCompleteAuthorList
    }
}
