/// One publication in a JSON file, accepting Bottega's own field names and those of
/// Publish or Perish's JSON export (`cites`, `source`, `article_url`, `rank`, `use`, …).
struct JSONPublicationRecord: Decodable {
    let publication: Publication

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Key.self)
        func text(_ names: String...) throws -> String? {
            for name in names {
                if let value = try? fields.decodeIfPresent(String.self, forKey: Key(name)), !value.isEmpty { return value }
            }
            return nil
        }
        func number(_ names: String...) throws -> Int? {
            for name in names where fields.contains(Key(name)) {
                if try fields.decodeNil(forKey: Key(name)) { return nil }
                if let value = try? fields.decode(Int.self, forKey: Key(name)) { return value }
                if let value = try? fields.decode(String.self, forKey: Key(name)) {
                    if value.trimmingWhitespace().isEmpty { return nil }
                    if let number = Int(value.trimmingWhitespace()) { return number }
                    throw JSONRecordError.notANumber(field: name, value: value)
                }
                throw JSONRecordError.notANumber(field: name, value: "a non-numeric value")
            }
            return nil
        }

        guard let title = try text("title") else { throw JSONRecordError.missingTitle }
        var authors: [String] = []
        var truncated = (try? fields.decodeIfPresent(Bool.self, forKey: Key("authorsTruncated"))) ?? false
        if let list = try? fields.decodeIfPresent([String].self, forKey: Key("authors")) {
            let cleaned = AuthorList.cleaned(list)
            authors = cleaned.authors
            truncated = truncated || cleaned.truncated
        } else if let joined = try text("authors") {
            let split = AuthorList.split(joined)
            authors = split.authors
            truncated = truncated || split.truncated
        }
        let citations = try number("citations", "cites") ?? 0
        guard citations >= 0 else { throw JSONRecordError.notANumber(field: "citations", value: String(citations)) }
        let year = try number("year").flatMap { (1000...2999).contains($0) ? $0 : nil }
        // Publish or Perish marks papers the user unticked with "use": 0.
        let use = try number("use")
        let isExcluded = (try? fields.decodeIfPresent(Bool.self, forKey: Key("isExcluded"))) ?? (use == 0)
        // Bottega writes its details as one object; Publish or Perish writes volume, issue,
        // startpage, endpage and abstract at the top level (numbers or text).
        var details = (try? fields.decodeIfPresent(PublicationDetails.self, forKey: Key("details"))) ?? PublicationDetails()
        func textOrNumber(_ name: String) -> String? {
            if let value = try? fields.decodeIfPresent(String.self, forKey: Key(name)), !value.isEmpty { return value }
            return (try? fields.decodeIfPresent(Int.self, forKey: Key(name))).flatMap { $0 }.map(String.init)
        }
        details.volume = details.volume ?? textOrNumber("volume")
        details.issue = details.issue ?? textOrNumber("issue")
        details.pages = details.pages ?? PublicationDetails.pages(start: textOrNumber("startpage"), end: textOrNumber("endpage"))
        if details.abstract == nil { details.abstract = try text("abstract") }
        if details.relatedURL == nil { details.relatedURL = try text("related_url") }
        if details.fullTextURL == nil { details.fullTextURL = try text("fulltext_url") }
        if details.estimatedCitations == nil { details.estimatedCitations = try number("ecc") }

        publication = Publication(
            title: title,
            authors: authors,
            authorsTruncated: truncated,
            year: year,
            citations: citations,
            venue: try text("venue", "source"),
            publisher: try text("publisher"),
            articleURL: try text("articleURL", "article_url"),
            citesURL: try text("citesURL", "cites_url"),
            doi: try text("doi", "DOI"),
            type: try text("type"),
            sourceRank: try number("sourceRank", "rank"),
            clusterID: try text("clusterID", "cluster_id"),
            isExcluded: isExcluded,
            exclusionReason: try text("exclusionReason"),
            details: details
        )
    }
}

enum JSONRecordError: Error, CustomStringConvertible {
    case missingTitle
    case notANumber(field: String, value: String)

    var description: String {
        switch self {
        case .missingTitle: "the record has no title"
        case .notANumber(let field, let value): "'\(field)' must be a whole number, not \(value)"
        }
    }
}
