@preconcurrency import Benchmark
import BottegaWeb
import Fetch
import WebCore
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import ScholarKit

/// The Scholar screens of issue 44 on real data, rendered in-process (through the router, no
/// socket): the Tobler export of `../shared/fixtures` (829 papers), and the same list six times
/// over (4,974 papers: each copy's titles marked and DOIs dropped, so no copy is the duplicate of
/// another), as the README's wrk figures measure them.
///
/// Two figures per screen: a request for a view that is kept (the search unchanged since the last
/// request), and an edit followed by the first request after it, which opens the search again.
func scholarScreenBenchmarks() {
    let export = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/fixtures/scholar/exports/pop-gscholar-waldo-tobler-PoPCites.csv").standardizedFileURL
    guard let tobler = try? PublicationImporter.read(contentsOf: export).publications else {
        print("\(export.path) is absent: the Scholar screen benchmarks are skipped")
        return
    }
    let lists = [("829", tobler), ("4,974", sixCopies(of: tobler))]
    let screens = [("Results", ""), ("Publications", "/publications")]
    for (size, publications) in lists {
        for (screen, suffix) in screens {
            Benchmark("\(screen) screen, \(size) papers, kept view",
                      configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 2_000)) { benchmark in
                try await withSearch(of: publications) { client, path, _ in
                    _ = try await client.execute(uri: path + suffix, method: .get) { _ in }  // draws and keeps the view
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations {
                        try await client.execute(uri: path + suffix, method: .get) { response in blackHole(response.body.readableBytes) }
                    }
                    benchmark.stopMeasurement()
                }
            }
            Benchmark("\(screen) screen, \(size) papers, an edit and the first request after it",
                      configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 200)) { benchmark in
                try await withSearch(of: publications) { client, path, raiseVersion in
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations {
                        try raiseVersion()
                        try await client.execute(uri: path + suffix, method: .get) { response in blackHole(response.body.readableBytes) }
                    }
                    benchmark.stopMeasurement()
                }
            }
        }
    }
}

/// The list six times over; every copy after the first is marked in its titles and has no DOI.
private func sixCopies(of publications: [Publication]) -> [Publication] {
    (0..<6).flatMap { copy in
        publications.map { publication in
            guard copy > 0 else { return publication }
            var copied = publication
            copied.title += " (copy \(copy))"
            copied.doi = nil
            return copied
        }
    }
}

/// A server in memory holding one search of `publications`; `body` gets a client, the search's
/// screen path and a function that raises the search's version, as any edit does.
private func withSearch(
    of publications: [Publication],
    _ body: @Sendable (any TestClientProtocol, String, @Sendable () throws -> Void) async throws -> Void
) async throws {
    let database = try DatabaseQueue()
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bench-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let configuration = AppConfiguration(database: database, fetch: FetchConfiguration(cacheDirectory: cache), runsBackgroundWork: false)
    try await AppServices.with(configuration) { services in
        let id = try services.scholar.firstAccountWorkspace.store(
            FetchedSearch(publications: publications), parameters: SearchParameters(source: .file, fileName: "benchmark.csv")).searchID
        let router = try await buildRouter(WebConfiguration(), services: services)
        try await Application(router: router).test(.router) { client in
            try await body(client, "/scholar/searches/\(id)") {
                try database.write { try $0.execute(sql: "UPDATE scholar_search SET version = version + 1 WHERE id = ?", arguments: [id]) }
            }
        }
    }
}
