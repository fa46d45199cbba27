/// PubMed's E-utilities answers in JSON (`retmode=json`): `esearch`'s id list and `esummary`'s
/// document summaries.
enum PubMedAnswer {
    /// `{"esearchresult": {"count": "123", "retmax": "20", "retstart": "0", "idlist": [...]}}`:
    /// the counts are strings.
    struct Search: Decodable, Sendable {
        struct Result: Decodable, Sendable {
            let count: String?
            let idlist: [String]
            /// An error ("Invalid query") or a warning PubMed attaches instead of failing.
            let errorlist: ErrorList?
        }

        struct ErrorList: Decodable, Sendable {
            let phrasesnotfound: [String]?
        }

        let esearchresult: Result
    }

    /// `{"result": {"uids": ["1", …], "1": {summary}, …}}`: the summaries are keyed by their ids
    /// beside the `uids` array, so they are read key by key in the order `uids` gives.
    struct Summaries: Decodable, Sendable {
        let summaries: [PubMedSummary]

        private struct AnyKey: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        private enum CodingKeys: String, CodingKey { case result }

        init(from decoder: any Decoder) throws {
            let result = try decoder.container(keyedBy: CodingKeys.self).nestedContainer(keyedBy: AnyKey.self, forKey: .result)
            let uids = try result.decodeIfPresent([String].self, forKey: AnyKey(stringValue: "uids")) ?? []
            summaries = try uids.compactMap { uid in try result.decodeIfPresent(PubMedSummary.self, forKey: AnyKey(stringValue: uid)) }
        }
    }
}

/// One esummary document: an article as PubMed lists it.
struct PubMedSummary: Decodable, Sendable {
    struct Author: Decodable, Sendable {
        let name: String?
        let authtype: String?
    }

    struct ArticleID: Decodable, Sendable {
        let idtype: String?
        let value: String?
    }

    let uid: String?
    let pubdate: String?
    let title: String?
    let fulljournalname: String?
    let source: String?
    let volume: String?
    let issue: String?
    let pages: String?
    let authors: [Author]?
    let articleids: [ArticleID]?
    let pubtype: [String]?
    /// Set instead of the fields when the id is unknown ("cannot get document summary").
    let error: String?

    /// "2019 Mar 5", "2018", "2020 Winter": the first four-digit number.
    var year: Int? {
        guard let pubdate else { return nil }
        return pubdate.split(whereSeparator: { !$0.isNumber }).lazy.compactMap { $0.count == 4 ? Int($0) : nil }.first
    }

    var publication: Publication? {
        guard error == nil, let title = title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else { return nil }
        // PubMed ends titles with a full stop ("… in mice."); other sources do not.
        let bare = title.hasSuffix(".") && !title.hasSuffix("..") ? String(title.dropLast()) : title
        let doi = articleids?.first { $0.idtype == "doi" }?.value
        let people = (authors ?? []).filter { ($0.authtype ?? "Author") == "Author" }.compactMap(\.name)
        return Publication(
            title: bare, authors: people, year: year, citations: 0, venue: fulljournalname ?? source,
            articleURL: uid.map { "https://pubmed.ncbi.nlm.nih.gov/\($0)/" }, doi: doi.map(FieldText.bareDOI), type: pubtype?.first,
            details: PublicationDetails(volume: volume, issue: issue, pages: pages).orNilWhenEmpty)
    }
}
