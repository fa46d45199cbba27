import ArgumentParser
import Fetch
import Foundation
import Markup
import ScholarKit

/// `bottega scholar homepage-filter ID --homepage URL|FILE`: the Italian thesis's filter.
struct HomepageFilterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homepage-filter",
        abstract: "Keep only the results the researcher's homepage, ORCID record, dblp page or own list holds: the others are excluded (include undoes it).",
        discussion: "The page's publication list is found from the results' titles; its structure (an XPath) is then used to read every title and author list on the page. With --orcid, --dblp or --list the researcher's own list is the page: a result is theirs when its DOI is on it, else its title (and a year no more than one apart); each result says which evidence decided."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var conventions: MetricsConventions
    @Argument(help: "The search's id.") var search: SearchID
    @Option(help: "The homepage: an http(s) address, or a saved HTML file.") var homepage: String?
    @Option(help: "The researcher's ORCID iD (0000-0003-1444-9135): their public works list is the filter.") var orcid: String?
    @Option(name: .customLong("list"), help: "The researcher's own list as a file: an ORCID works answer, a dblp BibTeX, or any list `scholar import` reads.")
    var ownList: String?
    @Option(help: "The researcher's dblp page (https://dblp.org/pid/…) or pid: their dblp publication list is the filter.") var dblp: String?
    @Option(name: .customLong("orcid-url"), help: "ORCID's public API.") var orcidURL = "https://pub.orcid.org"
    @Option(name: .customLong("service-url"), help: .hidden) var serviceURLs: [String] = []
    @Option(name: .customLong("title-similarity"), help: "How alike a title on the page and a result's title must be, 0–1.")
    var titleSimilarity = 0.80
    @Option(name: .customLong("author-similarity"), help: "How much of a result's author list the page's author line must share, 0–1.")
    var authorSimilarity = 0.68
    @Flag(help: "Answer from the HTTP cache only.") var offline = false
    @Option(help: "text or json.") var format: OutputFormat = .text

    func validate() throws {
        let given = [homepage, orcid, dblp, ownList].compactMap { $0 }.count
        if given != 1 { throw ValidationError("Give one of --homepage URL|FILE, --orcid ID, --dblp URL|PID or --list FILE: what the results are checked against.") }
        if let orcid, ORCIDIdentifier(orcid) == nil {
            throw ValidationError("--orcid \(orcid) is not an ORCID iD: it has four groups of four digits (the last may be X), e.g. 0000-0003-1444-9135, and a valid check digit.")
        }
        for (name, value) in [("--title-similarity", titleSimilarity), ("--author-similarity", authorSimilarity)] where !(value > 0 && value <= 1) {
            throw ValidationError("\(name) \(value) is not between 0 and 1: use a value such as 0.8.")
        }
    }

    struct Document: Encodable {
        struct HomepageEntry: Encodable {
            let title: String
            let authors: [String]
            let year: Int?
            let inResults: Bool
        }
        let pattern: String
        let authorPattern: String?
        let homepagePublications: [HomepageEntry]
        let results: [HomepageOutcome.Result]
    }

    func run() async throws {
        guard let homepage else { return try await runWithOwnList() }
        let document = try await loadHomepage(homepage)
        let store = try workspace.open()
        let outcome: HomepageOutcome
        do {
            outcome = try store.filterByHomepage(
                document, address: homepage, searchID: search.value,
                filter: HomepageFilter(titleThreshold: titleSimilarity, authorThreshold: authorSimilarity), options: conventions.options
            )
        } catch let error as HomepageFilterError {
            StandardError.write("error: \(homepage): \(error.localizedDescription)")
            throw ExitCode.failure
        } catch let error as ScholarWorkspaceError {
            StandardError.write("error: \(error.localizedDescription)")
            throw ExitCode.failure
        }
        switch format {
        case .json:
            try JSONOutput.print(Document(
                pattern: outcome.match.titlePattern, authorPattern: outcome.match.authorPattern,
                homepagePublications: outcome.match.homepagePublications.map { .init(title: $0.title, authors: $0.authors, year: $0.year, inResults: $0.inResults) },
                results: outcome.results
            ))
        case .text:
            print("pattern: \(outcome.match.titlePattern)")
            let listed = outcome.match.homepagePublications
            print("homepage lists \(listed.count) publications, \(listed.filter(\.inResults).count) of them in the results:")
            for entry in listed {
                let details = [entry.year.map(String.init), entry.authors.isEmpty ? nil : entry.authors.joined(separator: ", ")].compactMap { $0 }
                print("  \(entry.inResults ? "✓ in results " : "✗ not found  ") \(entry.title)\(details.isEmpty ? "" : " — " + details.joined(separator: "; "))")
            }
            let on = outcome.results.filter(\.onHomepage).count
            print("results: \(on) on the homepage, \(outcome.results.count - on) not; \(outcome.newlyExcluded) newly excluded")
        }
    }

    /// UTF-16 text (a byte-order mark, or a NUL beside every ASCII character) holds NULs and is
    /// still text: libxml2 decodes it, as the web screen lets it.
    static func isUTF16Text(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return true }
        let head = Array(bytes.prefix(512))
        guard head.count >= 16 else { return false }
        let zerosAt = { (parity: Int) in stride(from: parity, to: head.count, by: 2).filter { head[$0] == 0 }.count }
        let (even, odd) = (zerosAt(0), zerosAt(1)), half = head.count / 2
        return (odd * 10 >= half * 8 && even == 0) || (even * 10 >= half * 8 && odd == 0)
    }

    /// The homepage, from the web (through the cache) or from a file; anything that is not
    /// HTML is refused here with the reason.
    private func loadHomepage(_ homepage: String) async throws -> MarkupDocument {
        let bytes: [UInt8]
        if let url = URL(string: homepage), url.scheme == "http" || url.scheme == "https" {
            let response: FetchResponse
            do {
                response = try await FetchEnvironment.withFetcher(FetchEnvironment.configuration(offline: offline)) { fetcher in
                    try await fetcher.get(url)
                }
            } catch {
                throw CommandFailure("cannot fetch the homepage \(homepage): \(error.localizedDescription)")
            }
            if let type = response.headers["content-type"], !type.contains("html"), !type.contains("text/plain") {
                throw CommandFailure("\(homepage) is \(type), not an HTML page: give the address of the publications page.")
            }
            bytes = response.body
        } else {
            guard let data = FileManager.default.contents(atPath: homepage) else {
                throw CommandFailure("\(homepage): no such file (give a saved HTML page or an http(s) address).")
            }
            bytes = Array(data)
        }
        if (bytes.prefix(4096).contains(0) && !Self.isUTF16Text(bytes)) || bytes.starts(with: Array("%PDF".utf8)) {
            throw CommandFailure("\(homepage) is not an HTML page (it holds binary data): give the publications page.")
        }
        do {
            return try MarkupDocument.html(bytes, url: homepage)
        } catch {
            throw CommandFailure("\(homepage) is not an HTML page: \(error.localizedDescription)")
        }
    }
}
