import ArgumentParser
import Fetch
import Foundation
import ScholarKit

/// `--source openalex`: the researcher's works from OpenAlex, chosen by name.
enum OpenAlexSearch {
    static func fetch(
        author: String,
        max: Int,
        fetcher: Fetcher,
        baseURL: String?,
        progress: @escaping @Sendable (SourceProgress) -> Void
    ) async throws -> FoundPublications {
        var client = OpenAlexClient(fetcher: fetcher)
        if let text = baseURL ?? ProcessInfo.processInfo.environment["BOTTEGA_OPENALEX_URL"], !text.isEmpty {
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
                throw ValidationError("\(text) is not an http(s) address.")
            }
            client = OpenAlexClient(fetcher: fetcher, baseURL: url)
        }
        let found: OpenAlexAuthorPublications
        do {
            found = try await OpenAlexSource(client: client).publications(forAuthorNamed: author, maxResults: max) { step in
                progress(SourceProgress(page: step.page, pages: step.pageCount, activity: "\(step.worksSoFar) of \(step.totalWorks) works"))
            }
        } catch {
            // A compiler crash in Swift 6.3.1 forbids `catch … where` on this typed throw.
            guard error.isRefusal else { throw error }
            StandardError.write("error: \(error.localizedDescription)")
            throw ExitCode(ParseCommand.blockedExitCode)
        }
        let name = found.author.displayName ?? "unnamed"
        StandardError.write("OpenAlex author \(name) (\(found.author.shortID ?? "?")), chosen among \(found.candidates.count) name matches")
        return FoundPublications(source: "openalex", publications: found.publications, totalResults: found.works.count, nameFilter: nil)
    }
}

extension OpenAlexError {
    /// Rate limits and spent credits: the exit status says "wait", like a Scholar block.
    var isRefusal: Bool {
        switch self {
        case .rateLimited, .creditsExhausted: true
        default: false
        }
    }
}
