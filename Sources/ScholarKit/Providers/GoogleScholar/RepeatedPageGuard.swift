import Foundation

/// Stops paging where Scholar answers a later page with rows it has already given.
///
/// A server that ignores `start`/`cstart` (a saved page served for every address, a proxy's
/// cache, Scholar itself past its last row) would otherwise be asked to the query's maximum and
/// every row stored again: 50 copies of 20 rows gave h 81 for a profile whose h is 11.
struct RepeatedPageGuard {
    private var seen: Set<String> = []

    /// The rows of a page not seen on an earlier one; empty when the page brings nothing new.
    mutating func newRows(of rows: [GoogleScholarResult]) -> [GoogleScholarResult] {
        rows.filter { seen.insert(Self.identity(of: $0)).inserted }
    }

    /// What names a row across pages: a profile row's `citation_for_view` id, else the cluster
    /// id of its "Cited by" link, else its link, else its title and year.
    static func identity(of row: GoogleScholarResult) -> String {
        if let url = row.url, let item = URLComponents(string: url)?.queryItems?.first(where: { $0.name == "citation_for_view" })?.value {
            return "view:" + item
        }
        if let cluster = row.clusterID { return "cluster:" + cluster }
        if let url = row.url { return "url:" + url }
        return "title:\(row.title.lowercased())|\(row.year.map(String.init) ?? "")"
    }

    /// The note for a search whose paging stopped at a repeated page.
    static func note(firstRepeated range: ClosedRange<Int>, kept: Int) -> String {
        "Scholar answered rows \(range.lowerBound)–\(range.upperBound) with rows it had already given, so paging stopped there; "
            + "\(kept) publication\(kept == 1 ? "" : "s") kept, each once"
    }
}
