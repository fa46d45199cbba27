@preconcurrency import Benchmark
import BottegaWeb
import WebCore
import Fetch
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import ScholarKit
import TestSupport

/// Server time of the publications screen of a 1,000-publication search: the request goes
/// through the router (no socket), so the figure is routing + database + metrics + rendering.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 50)
    scholarScreenBenchmarks()

    Benchmark("Publications screen, 1,000 publications") { benchmark in
        var generator = SeededGenerator(seed: 2026)
        // Titles of varied words, as a real list has: near-identical titles would measure the
        // duplicate finder's worst case instead of the screen.
        let words = ["spatial", "interpolation", "migration", "geography", "cellular", "regression", "movie", "urban", "growth", "map",
                     "projection", "flow", "analysis", "model", "smooth", "regions", "population", "density", "network", "global"]
        let publications = (0..<1_000).map { index in
            let title = (0..<(5 + index % 7)).map { _ in words.randomElement(using: &generator) ?? "" }.joined(separator: " ").capitalized
            return Publication(
                title: "\(title) \(index)", authors: ["A Author", "B Müller", "C Łukasiewicz"],
                year: 1970 + index % 55, citations: Int.random(in: 0...2_000, using: &generator), venue: "Journal of Informetrics"
            )
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bench-cache-\(UUID().uuidString)")
        let configuration = AppConfiguration(database: try DatabaseQueue(), fetch: FetchConfiguration(cacheDirectory: cache), runsBackgroundWork: false)
        try await AppServices.with(configuration) { services in
            let id = try services.scholar.firstAccountWorkspace.store(
                FetchedSearch(publications: publications), parameters: SearchParameters(source: .file, fileName: "bench.csv")).searchID
            let router = try await buildRouter(WebConfiguration(), services: services)
            let app = Application(router: router)
            try await app.test(.router) { client in
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    try await client.execute(uri: "/scholar/searches/\(id)/publications", method: .get) { response in
                        blackHole(response.body.readableBytes)
                    }
                }
                benchmark.stopMeasurement()
            }
        }
    }
}
