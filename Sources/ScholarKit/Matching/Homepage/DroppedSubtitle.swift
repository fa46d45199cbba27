/// Google Scholar sometimes drops a whole subtitle: it lists "Trade openness and extreme
/// events" for the page's "Trade Openness and Extreme Events: A Parsimonious Model", which
/// is 0.6 similar as a whole. So a page text that matches no result is tried again without
/// what follows its first colon, provided the part before is long enough to name one paper
/// rather than a series or a system ("Mip-NeRF: A Multiscale Representation…" is not tried
/// as "Mip-NeRF").
enum DroppedSubtitle {
    static let minimumWords = 4
    static let minimumLength = 20

    /// The normalised part of `span` before its first colon, when it is distinctive enough.
    static func head(of span: String) -> String? {
        guard let colon = span.unicodeScalars.firstIndex(where: { $0 == ":" || $0 == "\u{FF1A}" }) else { return nil }
        let head = MatchText.normalizedTitle(String(span.unicodeScalars[..<colon]))
        // Normalised words are parted by single spaces.
        guard head.unicodeScalars.count >= minimumLength, head.utf8.count(where: { $0 == 0x20 }) + 1 >= minimumWords else { return nil }
        return head
    }
}
