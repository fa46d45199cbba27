import Fetch
import ScholarKit

/// `--source openalex`: wired to ScholarKit's OpenAlex client.
enum OpenAlexSearch {
    static func fetch(author: String, max: Int, fetcher: Fetcher, baseURL: String?, progress: @escaping @Sendable (SourceProgress) -> Void) async throws -> FoundPublications {
        throw ScholarPageFileError(message: "OpenAlex is not wired yet")
    }
}
