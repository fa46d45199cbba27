import Fetch
import Foundation

/// ORCID's public API v3.0 (https://pub.orcid.org/v3.0): a researcher's own works list,
/// one publication per work group (the same work reported by several sources is kept once).
/// ORCID counts no citations.
public struct ORCIDClient: Sendable {
    public let client: ServiceClient

    public init(fetcher: Fetcher, baseURL: URL? = nil, cacheMaxAge: Duration? = nil) {
        client = ServiceClient(
            service: .orcid, fetcher: fetcher, baseURL: baseURL, headers: [(name: "Accept", value: "application/vnd.orcid+json")],
            cacheMaxAge: cacheMaxAge)
    }

    /// The works of `orcid` (`/{iD}/works`), in ORCID's order.
    public func works(of orcid: ORCIDIdentifier) async throws(ScholarServiceError) -> ServiceSearchResult {
        let url = try client.url("\(orcid)/works")
        let response = try await client.get(url, what: "record \(orcid)")
        let groups = try client.decode(ORCIDWorks.self, response).group
        let works = groups.compactMap { try? ORCIDWorks.publication(of: $0).get() }
        let merged = groups.filter { ($0.summaries?.count ?? 0) > 1 }.count
        return ServiceSearchResult(
            publications: works, total: groups.count, pagesFromCache: response.fromCache ? 1 : 0,
            note: "ORCID \(orcid): \(groups.count) works, \(merged) of them reported by more than one source and kept once. "
                + (ScholarService.orcid.citationNotice ?? ""))
    }

    /// The iD in `text`, or why it is not one.
    public static func identifier(_ text: String) throws(ScholarServiceError) -> ORCIDIdentifier {
        guard let orcid = ORCIDIdentifier(text) else {
            throw .invalidRequest(service: .orcid, reason: "\"\(text.prefix(40))\" is not an ORCID iD: four groups of four digits, the last character a check digit (0000-0002-1825-0097)")
        }
        return orcid
    }
}
