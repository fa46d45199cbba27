import ArgumentParser
import Fetch
import Foundation
import ScholarKit

/// `bottega scholar graph ID [PUB] --svg FILE|--png FILE`.
struct GraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw citations per year (of a search or one publication), or the h-index figure, as SVG or PNG.",
        discussion: "Per-year counts come from OpenAlex, a Scholar profile's histogram, or, with --fetch-years, one Google Scholar \"Cited by\" search per year for one publication."
    )
    enum Kind: String, ExpressibleByArgument, CaseIterable { case years, hindex }

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var conventions: MetricsConventions
    @Argument(help: "The search's id.") var search: SearchID
    @Argument(help: "A publication's id: its own citations per year.") var publication: SearchID?
    @Option(help: "years (citations per year) or hindex (the citation curve and the h square).") var kind: Kind = .years
    @Option(help: "Write the chart as SVG to this file.") var svg: String?
    @Option(help: "Write the chart as PNG to this file.") var png: String?
    @Option(help: "PNG pixels per chart unit.") var scale = 2
    @Flag(name: .customLong("fetch-years"), help: "Ask Google Scholar for the publication's citations year by year first (one request per year).")
    var fetchYears = false
    @Flag(help: "With --fetch-years: answer from the HTTP cache only.") var offline = false
    @Option(help: .hidden) var scholarURL: String?
    @Option(help: "text or json (`{\"file\", \"summary\"}`).") var format: OutputFormat = .text

    func validate() throws {
        if (svg == nil) == (png == nil) { throw ValidationError("Give exactly one of --svg FILE or --png FILE.") }
        if !(1...8).contains(scale) { throw ValidationError("--scale \(scale) must be between 1 and 8.") }
        if kind == .hindex, publication != nil { throw ValidationError("The h-index figure is drawn for a whole search: leave out the publication id.") }
        if fetchYears, publication == nil { throw ValidationError("--fetch-years needs a publication id.") }
    }

    func run() async throws {
        let store = try workspace.open()
        if fetchYears, let publication { try await fetchCitationsPerYear(publication.value, store: store) }
        let drawing: ChartDrawing = try WorkspaceFailure.report {
            switch kind {
            case .hindex: return try store.hIndexChart(of: search.value, options: conventions.options).drawing
            case .years:
                let chart = try store.citationsPerYearChart(of: search.value, publication: publication?.value, options: conventions.options)
                guard !chart.years.isEmpty else { throw noYears }
                return chart.drawing
            }
        }
        let bytes: [UInt8] = svg != nil ? Array(SVGChartRenderer.render(drawing).utf8) : try PNGChartRenderer.render(drawing, scale: scale)
        let path = svg ?? png ?? ""
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
        }
        switch format {
        case .json: try JSONOutput.print(["file": path, "summary": drawing.summary])
        case .text: StandardError.write("wrote \(path): \(drawing.summary)")
        }
    }

    private var noYears: CommandFailure {
        let subject = publication.map { "publication #\($0.value)" } ?? "search #\(search.value)"
        return CommandFailure("\(subject) has no citations per year (imported files and Google Scholar result lists do not carry them): "
            + "search OpenAlex or a Scholar profile, or run `bottega scholar graph \(search.value) PUB --fetch-years` for one publication.")
    }

    /// The Ulm thesis's graph: the publication's "Cited by" search restricted to one year at a time.
    private func fetchCitationsPerYear(_ publicationID: Int64, store: ScholarWorkspace) async throws {
        let stored = try WorkspaceFailure.report { try store.open(search.value, options: conventions.options) }
        guard let item = stored.publication(publicationID) else {
            StandardError.write("error: \(ScholarWorkspaceError.unknownPublication(publicationID, search: search.value).localizedDescription)")
            throw ExitCode.failure
        }
        let found: (counts: [Int: Int], datedShare: Double)?
        do {
            found = try await FetchEnvironment.withFetcher(FetchEnvironment.configuration(offline: offline)) { fetcher in
                let base = try SourceAddress.url(scholarURL, environment: "BOTTEGA_SCHOLAR_URL", default: GoogleScholarSearch.defaultBaseURL)
                // A merge's years are its members' own "Cited by" searches, summed.
                let members = item.isMerge ? try store.members(of: publicationID, in: search.value) : [item.publication]
                return try await ScholarSearchRunner(fetcher: fetcher, scholarBaseURL: base)
                    .citationsPerYear(ofMembers: members, referenceYear: conventions.options.referenceYear) { step in
                        StandardError.write("year \(step.page) of \(step.pages ?? 0): \(step.activity)")
                    }
            }
        } catch let error as GoogleScholarSearchError {
            StandardError.write("error: \(error.localizedDescription)")
            if case .blocked = error { throw ExitCode(ParseCommand.blockedExitCode) }
            throw ExitCode.failure
        }
        guard let found else {
            throw CommandFailure("publication #\(publicationID) has no \"Cited by\" link to count its citations per year.")
        }
        StandardError.write(String(format: "%.0f%% of the citations could be given a year", found.datedShare * 100))
        try store.setCitationsPerYear(found.counts, of: publicationID, in: search.value)
    }
}
