import ScholarKit

/// The JSON of `bottega scholar parse`: every key always present, `null` when the page does not say.
///
/// `kind` is "results", "profile" or "article" (a profile's article page, whose one
/// publication is the article). Keys are fixed so scripts can rely on them.
struct ParsedScholarPage: Encodable {
    let kind: String
    let totalResults: Int?
    let profile: Profile?
    let citationsPerYear: [Int: Int]?
    let publications: [Row]

    init(_ page: ScholarPage) {
        switch page {
        case .results(let results):
            kind = page.kind.rawValue
            totalResults = results.totalResults
            profile = nil
            citationsPerYear = nil
            publications = results.results.map(Row.init)
        case .profile(let profilePage):
            kind = page.kind.rawValue
            totalResults = nil
            profile = Profile(profilePage)
            citationsPerYear = profilePage.citationsPerYear
            publications = profilePage.publications.map(Row.init)
        case .articleDetail(let article):
            kind = page.kind.rawValue
            totalResults = nil
            profile = nil
            citationsPerYear = article.citationsPerYear
            publications = [Row(article)]
        }
    }

    enum CodingKeys: String, CodingKey {
        case kind, totalResults, profile, citationsPerYear, publications
    }

    // Written by hand: the synthesised encoder leaves nil keys out, and the format promises them as null.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(totalResults, forKey: .totalResults)
        try container.encode(profile, forKey: .profile)
        // String keys: JSON objects have no number keys, and "2019" is what readers expect.
        try container.encode(citationsPerYear.map { Dictionary(uniqueKeysWithValues: $0.map { (String($0.key), $0.value) }) }, forKey: .citationsPerYear)
        try container.encode(publications, forKey: .publications)
    }

    struct Profile: Encodable {
        let name: String?
        let affiliation: String?
        let interests: [String]
        let indices: GoogleScholarProfileIndices?
        let hasMoreRows: Bool

        init(_ page: GoogleScholarProfilePage) {
            name = page.name
            affiliation = page.affiliation
            interests = page.interests
            indices = page.indices
            hasMoreRows = page.hasMoreRows
        }

        enum CodingKeys: String, CodingKey { case name, affiliation, interests, indices, hasMoreRows }
        enum IndexKeys: String, CodingKey { case citations, citationsSince, hIndex, hIndexSince, i10Index, i10IndexSince, sinceYear }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(affiliation, forKey: .affiliation)
            try container.encode(interests, forKey: .interests)
            try container.encode(hasMoreRows, forKey: .hasMoreRows)
            guard let indices else {
                try container.encodeNil(forKey: .indices)
                return
            }
            var table = container.nestedContainer(keyedBy: IndexKeys.self, forKey: .indices)
            try table.encode(indices.citations, forKey: .citations)
            try table.encode(indices.citationsSince, forKey: .citationsSince)
            try table.encode(indices.hIndex, forKey: .hIndex)
            try table.encode(indices.hIndexSince, forKey: .hIndexSince)
            try table.encode(indices.i10Index, forKey: .i10Index)
            try table.encode(indices.i10IndexSince, forKey: .i10IndexSince)
            try table.encode(indices.sinceYear, forKey: .sinceYear)
        }
    }

    struct Row: Encodable {
        let title: String
        let authors: [String]
        let authorsTruncated: Bool
        let venue: String?
        let year: Int?
        let publisher: String?
        let citations: Int
        let url: String?
        let citedByURL: String?
        let clusterID: String?
        let type: String?

        init(_ result: GoogleScholarResult) {
            title = result.title
            authors = result.authors
            authorsTruncated = result.authorsTruncated
            venue = result.venue
            year = result.year
            publisher = result.publisher
            citations = result.citations
            url = result.url
            citedByURL = result.citedByURL
            clusterID = result.clusterID
            type = result.type
        }

        init(_ article: GoogleScholarArticleDetail) {
            title = article.title
            authors = article.authors
            authorsTruncated = false
            venue = article.venue
            year = article.year
            publisher = article.publisher
            citations = article.totalCitations
            url = article.url
            citedByURL = article.citedByURL
            clusterID = article.clusterID
            type = nil
        }

        enum CodingKeys: String, CodingKey {
            case title, authors, authorsTruncated, venue, year, publisher, citations, url, citedByURL, clusterID, type
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(authors, forKey: .authors)
            try container.encode(authorsTruncated, forKey: .authorsTruncated)
            try container.encode(venue, forKey: .venue)
            try container.encode(year, forKey: .year)
            try container.encode(publisher, forKey: .publisher)
            try container.encode(citations, forKey: .citations)
            try container.encode(url, forKey: .url)
            try container.encode(citedByURL, forKey: .citedByURL)
            try container.encode(clusterID, forKey: .clusterID)
            try container.encode(type, forKey: .type)
        }
    }
}
