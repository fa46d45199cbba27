import ArgumentParser
import Fetch
import Foundation
import ScholarCassettes
import ScholarKit

/// `homepage-filter ID --orcid ID | --list FILE`: the researcher's own list as the filter (issue 43).
extension HomepageFilterCommand {
    func runWithOwnList() async throws {
        let (list, source) = try await loadOwnList()
        let store = try workspace.open()
        let outcome: OwnListOutcome
        do {
            outcome = try store.filterByOwnList(list, source: source, searchID: search.value, matcher: OwnListMatch(titleThreshold: titleSimilarity), options: conventions.options)
        } catch let error as ScholarWorkspaceError {
            StandardError.write("error: \(error.localizedDescription)")
            throw ExitCode.failure
        }
        switch format {
        case .json:
            try JSONOutput.print(outcome)
        case .text:
            print("\(source) lists \(outcome.listed) works")
            for result in outcome.results {
                let why = switch result.evidence {
                case .doi: "✓ by DOI     "
                case .title: "✓ by title   "
                case .none: "✗ not listed "
                }
                print("  \(why) \(result.title)")
            }
            let own = outcome.results.filter(\.isOwn)
            print("results: \(own.count) on the list (\(own.filter { $0.evidence == .doi }.count) by DOI), \(outcome.results.count - own.count) not; \(outcome.newlyExcluded) newly excluded")
        }
    }

    /// The list, and where it came from.
    private func loadOwnList() async throws -> ([Publication], String) {
        if let ownList {
            let url = URL(fileURLWithPath: ownList)
            do {
                let result = CassetteImporter.isCassette(ownList) ? try CassetteImporter.read(contentsOf: url) : try PublicationImporter.read(contentsOf: url)
                guard !result.publications.isEmpty else { throw CommandFailure("\(ownList) lists no publications: nothing to check the results against.") }
                return (result.publications, ownList)
            } catch let problem as ImportProblem {
                throw CommandFailure(problem.description)
            }
        }
        var settings = try FetchEnvironment.serviceSettings(overriding: serviceURLs)
        if settings.baseURLs[.orcid] == nil, let base = URL(string: orcidURL) {
            settings.baseURLs[.orcid] = base.appendingPathComponent("v3.0")
        }
        let found: ServiceSearchResult
        let source: String
        do {
            (found, source) = try await FetchEnvironment.withFetcher(FetchEnvironment.configuration(offline: offline)) { fetcher in
                var runner = ScholarSearchRunner(fetcher: fetcher)
                runner.services = settings
                if let dblp {
                    let pid = DBLPClient.pid(from: dblp)
                    return (try await runner.dblp.publications(forAuthorNamed: nil, pid: pid, chosenID: nil, maxResults: .max), "dblp:\(pid)")
                }
                let orcid = try ORCIDClient.identifier(orcid ?? "")
                return (try await runner.orcid.works(of: orcid), "orcid:\(orcid)")
            }
        } catch let error as ScholarServiceError {
            throw CommandFailure("cannot read the researcher's own list: \(error.localizedDescription)")
        }
        guard !found.publications.isEmpty else { throw CommandFailure("\(source) lists no public works: nothing to check the results against.") }
        return (found.publications, source)
    }
}
