import Fetch
import Foundation
import TestSupport
import Testing
@testable import ScholarKit

@Suite(Fixtures.required) struct GoogleScholarProfileSourceTests {
    static func profile(_ name: String) -> URL { Fixtures.url("scholar/google-scholar-profiles/\(name)") }

    static func cstart(of uri: String) -> Int {
        URLComponents(string: uri)?.queryItems?.first { $0.name == "cstart" }?.value.flatMap(Int.init) ?? 0
    }

    @Test func pagesThroughTheProfileUntilShowMoreIsDisabled() async throws {
        // Three saved profiles stand in for three pages: 20 rows with more, 2 rows with more,
        // then 12 rows with "Show more" disabled.
        let server = LocalServer { uri, _ in
            switch Self.cstart(of: uri) {
            case 0: .file(Self.profile("gs-profile-2026-bangar-raju-cherukuri-amIMrIEAAAAJ.html"))
            case 20: .file(Self.profile("gs-profile-2019-anne-kietzig-8daWuo4AAAAJ.html"))
            default: .file(Self.profile("gs-profile-2026-doaa-elmatary-LZ5D_p4AAAAJ.html"))
            }
        }
        let configuration = FetchConfiguration(
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("bottega-profile-\(UUID().uuidString)"),
            politeness: [:], defaultPoliteness: .none
        )
        try await server.run { base in
            try await Fetcher.withFetcher(configuration) { fetcher in
                let profile = try await GoogleScholarProfileSource(fetcher: fetcher, baseURL: base).fetch(userID: "amIMrIEAAAAJ")
                #expect(profile.header.name == "Bangar Raju Cherukuri")
                #expect(profile.publications.count == 20 + 2 + 12)
                #expect(profile.pagesFetched == 3)
                #expect(profile.publications.last?.rank == 34)
            }
        }
        #expect(server.received.map { Self.cstart(of: $0.uri) } == [0, 20, 22])
        #expect(server.received.allSatisfy { $0.uri.contains("user=amIMrIEAAAAJ") && $0.uri.contains("pagesize=100") })
    }
}
