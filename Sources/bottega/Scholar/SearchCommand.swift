import ArgumentParser
import Fetch
import Foundation
import ScholarKit

/// `bottega scholar search --author NAME …`: fetch a researcher's publications and their metrics.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Fetch a researcher's publications from Google Scholar, a Scholar profile, OpenAlex, Crossref, Semantic Scholar, PubMed, ORCID or dblp, and print their metrics.",
        discussion: """
            Pages are cached for 12 hours in $BOTTEGA_CACHE_DIR (default ./.bottega-cache); --offline answers \
            from that cache only. Google Scholar is asked one page at a time, 2–5 s apart; the other \
            sources at their published rates. Exit status 3 means the source blocked or rate-limited us. \
            S2_API_KEY and NCBI_API_KEY raise Semantic Scholar's and PubMed's limits; BOTTEGA_CONTACT (an \
            e-mail address) is sent to Crossref (its polite pool) and NCBI.
            """
    )

    enum Source: String, ExpressibleByArgument, CaseIterable {
        case scholar, profile, openalex, crossref
        case semanticScholar = "semantic-scholar"
        case pubmed, orcid, dblp

        var kind: SearchParameters.Source {
            switch self {
            case .scholar: .scholar
            case .profile: .profile
            case .openalex: .openalex
            case .crossref: .crossref
            case .semanticScholar: .semanticScholar
            case .pubmed: .pubmed
            case .orcid: .orcid
            case .dblp: .dblp
            }
        }
    }

    @Option(help: "The researcher's name.")
    var author: String?

    @Option(help: "scholar (Google Scholar search), profile (a Scholar profile, needs --profile), openalex, crossref, semantic-scholar, pubmed (these need --author), orcid (needs --profile ORCID-iD) or dblp (--author or --profile PID).")
    var source: Source = .scholar

    @Option(help: "A Google Scholar profile's user id (the user= part of its address); with --source orcid an ORCID iD; with --source dblp a dblp pid or its dblp.org/pid/… address.")
    var profile: String?

    @Option(help: "All of these words.") var words: String?
    @Option(help: "This exact phrase.") var exact: String?
    @Option(help: "At least one of these words.") var any: String?
    @Option(help: "None of these words.") var without: String?
    @Option(name: .customLong("in"), help: "Where the words occur: title or any.") var wordsOccur: GoogleScholarQuery.WordsOccur = .any
    @Option(help: "Only in this journal or proceedings.") var publication: String?
    @Option(name: .customLong("from"), help: "First publication year.") var fromYear: Int?
    @Option(name: .customLong("to"), help: "Last publication year.") var toYear: Int?
    @Option(help: "At most this many publications (Google Scholar serves at most 1000).") var max: Int = 1000

    @Flag(name: .customLong("no-name-filter"), help: "Keep results whose author line does not name the author (homonyms).")
    var noNameFilter = false

    @Flag(name: .customLong("fetch-authors"), help: "Look up on OpenAlex the whole author list of each result Scholar cut before the name (\"…\"), and judge it again.")
    var fetchAuthors = false
    @Flag(help: "Answer from the cache only; never open a connection.")
    var offline = false

    @Option(help: "text: publications and the metrics table; json: one object.")
    var format: OutputFormat = .text

    @OptionGroup var conventions: MetricsConventions
    @OptionGroup var workspace: WorkspaceOptions

    @Flag(help: "Ask the source even when a stored search younger than the cache age has the same parameters.")
    var refresh = false

    @Flag(name: .customLong("no-remember"), help: "Do not replay the exclusions and merges of the last saved search with the same parameters.")
    var noRemember = false

    @Option(help: .hidden) var scholarURL: String?
    @Option(help: .hidden) var openalexURL: String?
    @Option(name: .customLong("openalex-author"), help: "With --source openalex: the author record to use (A…), chosen among the name's matches the search lists.")
    var openalexAuthor: String?
    @Option(name: .customLong("author-record"), help: "With --source openalex, semantic-scholar or dblp: the author record to use, chosen among the name's matches the search lists.")
    var authorRecord: String?
    @Option(name: .customLong("service-url"), help: .hidden) var serviceURLs: [String] = []

    func validate() throws {
        if max < 1 { throw ValidationError("--max must be at least 1.") }
        if let fromYear, let toYear, fromYear > toYear { throw ValidationError("--from \(fromYear) is after --to \(toYear).") }
        switch source {
        case .profile where profile == nil: throw ValidationError("--source profile needs --profile ID (the user= part of the profile's address).")
        case .openalex, .crossref, .semanticScholar, .pubmed:
            if (author ?? "").isEmpty { throw ValidationError("--source \(source.rawValue) needs --author NAME.") }
        case .orcid:
            guard let profile else { throw ValidationError("--source orcid needs --profile ORCID-iD (0000-0002-1825-0097).") }
            do { _ = try ORCIDClient.identifier(profile) } catch { throw ValidationError(error.localizedDescription + ".") }
        case .dblp where (author ?? "").isEmpty && (profile ?? "").isEmpty:
            throw ValidationError("--source dblp needs --author NAME or --profile PID (a dblp.org/pid/… address).")
        case .scholar where [author, words, exact, any, publication].allSatisfy({ ($0 ?? "").isEmpty }):
            throw ValidationError("Give --author NAME, or words to search for (--words, --exact, --any, --publication).")
        default: break
        }
        if fetchAuthors, source != .scholar || (author ?? "").isEmpty || noNameFilter {
            throw ValidationError("--fetch-authors completes the author lists the name filter could not judge: it needs --source scholar, --author NAME and the name filter (no --no-name-filter).")
        }
    }

    func run() async throws {
        let parameters = searchParameters()
        let store = try workspace.open()
        if !refresh, let fresh = try store.freshSearch(matching: parameters) {
            let age = Date().timeIntervalSince(fresh.ranAt) / 60
            StandardError.write(String(format: "answered from stored search #%lld (%.0f min old): no request made; --refresh asks the source again", fresh.id, age))
            try SearchOutput(stored: try store.open(fresh.id, options: conventions.options), answeredFromStore: true, replay: nil, format: format, options: conventions.options).print()
            return
        }
        var configuration = FetchEnvironment.configuration(offline: offline)
        // --refresh asks the source: neither the stored search nor the page cache answers
        // (offline, only the cache can: then it bypasses the stored search alone).
        if refresh, !offline { configuration.maxAge = .zero }
        let fetched = try await FetchEnvironment.withFetcher(configuration) { fetcher in
            try await fetch(parameters, with: fetcher)
        }
        guard !fetched.publications.isEmpty else {
            // Nothing to keep: an empty stored search would only answer the next try with nothing.
            StandardError.write("nothing found for \(parameters.label): no search stored")
            return
        }
        let outcome = try store.store(fetched, parameters: parameters, remember: !noRemember)
        if let replay = outcome.replay {
            StandardError.write("remembered from saved search #\(replay.fromSearch): \(replay.exclusionsReplayed) exclusions, \(replay.inclusionsReplayed) inclusions, \(replay.mergesReplayed) merges replayed")
            for miss in replay.unmatched { StandardError.write("  not found in the new results: \(miss)") }
        }
        StandardError.write("stored as search #\(outcome.searchID) (cached; `bottega scholar save \(outcome.searchID)` keeps it)")
        try SearchOutput(stored: try store.open(outcome.searchID, options: conventions.options), answeredFromStore: false, replay: outcome.replay, format: format, options: conventions.options).print()
    }

    private func searchParameters() -> SearchParameters {
        let query = GoogleScholarQuery(
            author: author, allWords: words, exactPhrase: exact, anyWords: any, withoutWords: without,
            wordsOccur: wordsOccur, publication: publication, fromYear: fromYear, toYear: toYear, maxResults: max
        )
        let profileID = source == .orcid ? profile.flatMap(ORCIDIdentifier.init).map(\.description) ?? profile : profile
        return SearchParameters(source: source.kind, query: query, profileID: profileID, filterByAuthorName: !noNameFilter, authorID: authorRecord ?? openalexAuthor)
    }

    private func fetch(_ parameters: SearchParameters, with fetcher: Fetcher) async throws -> FetchedSearch {
        let progress: @Sendable (SourceProgress) -> Void = { step in
            StandardError.write("page \(step.page)" + (step.pages.map { " of \($0)" } ?? "") + ": \(step.activity)")
        }
        var runner = ScholarSearchRunner(
            fetcher: fetcher,
            scholarBaseURL: try SourceAddress.url(scholarURL, environment: "BOTTEGA_SCHOLAR_URL", default: GoogleScholarSearch.defaultBaseURL),
            openAlexBaseURL: try SourceAddress.url(openalexURL, environment: "BOTTEGA_OPENALEX_URL", default: OpenAlexClient.defaultBaseURL),
            openAlexAPIKey: FetchEnvironment.openAlexAPIKey
        )
        runner.services = try FetchEnvironment.serviceSettings(overriding: serviceURLs)
        var fetched: FetchedSearch
        do {
            fetched = try await runner.fetch(parameters, progress: progress)
        } catch {
            guard SourceRefusal.isRefusal(error) else { throw error }
            StandardError.write("error: \(error.localizedDescription)")
            throw ExitCode(ParseCommand.blockedExitCode)
        }
        if fetchAuthors, let author, fetched.nameFilter?.keptTruncated ?? 0 > 0 {
            // A failed look-up must not cost the search itself: the lists stay cut and marked.
            do {
                StandardError.write(try await runner.completeAuthors(of: &fetched, searchedName: author).summary)
            } catch {
                StandardError.write("warning: the cut author lists could not be completed: \(error.localizedDescription); they stay marked \"author list truncated\"")
            }
        }
        if let outcome = fetched.nameFilter {
            let truncated = outcome.keptTruncated == 0 ? "" : " (\(outcome.keptTruncated) of them kept though their author list is cut before the name: author list truncated)"
            StandardError.write("name filter: kept \(outcome.kept)\(truncated), excluded \(outcome.dropped) by the name filter (their authors do not include \(author ?? ""); stored excluded, `scholar include` brings one back)")
        }
        if fetched.pagesFromCache > 0 { StandardError.write("\(fetched.pagesFromCache) pages from the cache") }
        if let note = fetched.note { StandardError.write(note) }
        if fetched.authorCandidates.count > 1 {
            StandardError.write("\(parameters.sourceName) authors named so (rerun with --author-record ID to use another):")
            for candidate in fetched.authorCandidates {
                let place = candidate.institution.map { ", \($0)" } ?? ""
                StandardError.write("  \(candidate.isChosen ? "*" : " ") \(candidate.id)  \(candidate.name)\(place) — \(candidate.works) works, \(candidate.citations) citations")
            }
        }
        return fetched
    }
}

extension GoogleScholarQuery.WordsOccur: ExpressibleByArgument {}
