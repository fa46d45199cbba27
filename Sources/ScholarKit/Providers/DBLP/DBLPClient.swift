import Fetch
import Foundation

/// dblp (https://dblp.org): the author search (`/search/author/api`, namesakes told apart by a
/// number, "Wei Wang 0001") and a person's publication list (`/pid/{pid}.xml`). dblp counts no
/// citations. It asks programs not to exceed about one request a second and answers 429 with
/// `Retry-After` when they do.
public struct DBLPClient: Sendable {
    public let client: ServiceClient

    public init(fetcher: Fetcher, baseURL: URL? = nil, cacheMaxAge: Duration? = nil) {
        client = ServiceClient(service: .dblp, fetcher: fetcher, baseURL: baseURL, cacheMaxAge: cacheMaxAge)
    }

    /// The persons whose names match `name`, in dblp's order; their ids are dblp pids.
    public func searchAuthors(_ name: String) async throws(ScholarServiceError) -> [AuthorCandidate] {
        let url = try client.url("search/author/api", [("q", name), ("format", "json"), ("h", "30")])
        let answer = try await client.json(DBLPAnswer.AuthorSearch.self, from: url)
        let candidates = (answer.result.hits.hit ?? []).compactMap(\.candidate)
        guard !candidates.isEmpty else { throw .authorNotFound(service: .dblp, query: name) }
        return candidates
    }

    /// A person's publications from their XML page.
    public func publications(ofPerson pid: String) async throws(ScholarServiceError) -> (publications: [Publication], name: String?, fromCache: Bool) {
        let path = "pid/" + pid.split(separator: "/").map { ServiceClient.encode(String($0)) }.joined(separator: "/") + ".xml"
        let url = try client.url(path)
        let response = try await client.get(url, what: "person \(pid)")
        do {
            let read = try PublicationImporter.read(contents: response.body, file: url.absoluteString, format: .dblp, options: ImportOptions(skipBadRecords: true))
            return (read.publications, read.notices.first, response.fromCache)
        } catch {
            throw .badResponse(service: .dblp, url: url.absoluteString, reason: String(describing: error))
        }
    }

    /// The person given (`pid`, or a `dblp.org/pid/…` address), or the best of the name's matches.
    public func publications(
        forAuthorNamed name: String?, pid: String?, chosenID: String?, maxResults: Int
    ) async throws(ScholarServiceError) -> ServiceSearchResult {
        var candidates: [AuthorCandidate] = []
        let person: String
        if let pid = pid.map(Self.pid(from:)), !pid.isEmpty {
            person = pid
        } else {
            let query = name ?? ""
            candidates = try await searchAuthors(query)
            guard let chosen = candidates.choose(for: query, chosenID: chosenID) else {
                throw .notFound(service: .dblp, what: "person \(chosenID ?? "") among those named \"\(query)\"")
            }
            candidates = candidates.marking(chosen)
            person = chosen.id
        }
        let found = try await publications(ofPerson: person)
        return ServiceSearchResult(
            publications: Array(found.publications.prefix(maxResults)), total: found.publications.count, candidates: candidates,
            pagesFromCache: found.fromCache ? 1 : 0,
            note: (found.name ?? "dblp person \(person)") + (candidates.isEmpty ? "" : ", chosen among \(candidates.count) name matches")
                + ". " + (ScholarService.dblp.citationNotice ?? ""))
    }

    /// `l/MichaelLey` from itself or from `https://dblp.org/pid/l/MichaelLey(.xml|.html)`.
    public static func pid(from text: String) -> String {
        var pid = text.trimmingCharacters(in: .whitespaces)
        if let range = pid.range(of: "/pid/") { pid = String(pid[range.upperBound...]) }
        for suffix in [".xml", ".html", ".bib"] where pid.hasSuffix(suffix) { pid = String(pid.dropLast(suffix.count)) }
        return pid.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }
}

/// dblp's search answers in JSON.
enum DBLPAnswer {
    /// `{"result": {"hits": {"@total": "3", "hit": [{"info": {"author", "url", "notes"?}}]}}}`.
    struct AuthorSearch: Decodable, Sendable {
        struct Result: Decodable, Sendable { let hits: Hits }

        struct Hits: Decodable, Sendable { let hit: [Hit]? }

        struct Hit: Decodable, Sendable {
            struct Info: Decodable, Sendable {
                let author: String?
                let url: String?
                let notes: Notes?
            }

            let info: Info?

            var candidate: AuthorCandidate? {
                guard let info, let url = info.url, url.contains("/pid/") else { return nil }
                return AuthorCandidate(
                    id: DBLPClient.pid(from: url), name: info.author ?? "unnamed", institution: info.notes?.affiliation, works: 0, citations: 0,
                    isChosen: false)
            }
        }

        /// `notes.note` is one object or a list of them, each `{"@type": "affiliation", "text": …}`.
        struct Notes: Decodable, Sendable {
            struct Note: Decodable, Sendable {
                let type: String?
                let text: String?

                private enum CodingKeys: String, CodingKey { case type = "@type", text }
            }

            let notes: [Note]

            private enum CodingKeys: String, CodingKey { case note }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                if let many = try? container.decode([Note].self, forKey: .note) {
                    notes = many
                } else {
                    notes = (try? container.decode(Note.self, forKey: .note)).map { [$0] } ?? []
                }
            }

            var affiliation: String? { notes.first { $0.type == "affiliation" }?.text }
        }

        let result: Result
    }
}
