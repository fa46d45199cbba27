/// One search result offered to the homepage filter: its title and its authors as the source
/// gave them ("A Suzuki", "Akisato Suzuki" and "Suzuki, Akisato" all do).
public struct HomepageCandidate: Sendable, Equatable {
    public var title: String
    public var authors: [String]

    public init(title: String, authors: [String]) {
        self.title = title
        self.authors = authors
    }
}
