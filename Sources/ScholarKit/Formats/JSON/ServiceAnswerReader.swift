import Foundation

/// Reads the answers of the services a researcher's list comes from, saved as files (issue 43):
/// an ORCID works list, a Semantic Scholar author with papers or a page of an author's papers,
/// and a Crossref work or list of works. Each record is one publication; one that cannot be (no
/// title) is reported by its line, as in every other format.
enum ServiceAnswerReader {
    enum Kind: Equatable {
        case orcidWorks, semanticScholarAuthor, semanticScholarPapers, crossrefWork, crossrefWorks

        /// The array that holds the records, for their lines.
        var recordPath: [String] {
            switch self {
            case .orcidWorks: ["group"]
            case .semanticScholarAuthor: ["papers"]
            case .semanticScholarPapers: ["data"]
            case .crossrefWork: []
            case .crossrefWorks: ["message", "items"]
            }
        }
    }

    /// Which service's answer a top-level JSON object is, from its keys; nil for none.
    static func kind(of data: Data) -> Kind? {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        switch object["message-type"] as? String {
        case "work": return .crossrefWork
        case "work-list": return .crossrefWorks
        default: break
        }
        if let groups = object["group"] as? [[String: Any]], groups.allSatisfy({ $0["work-summary"] != nil }) { return .orcidWorks }
        if object["papers"] is [Any], object["authorId"] != nil || object["name"] != nil { return .semanticScholarAuthor }
        if let papers = object["data"] as? [[String: Any]], object["offset"] != nil || object["next"] != nil,
            papers.allSatisfy({ $0["paperId"] != nil || $0["title"] != nil })
        {
            return .semanticScholarPapers
        }
        return nil
    }

    static func read(_ source: SourceText, kind: Kind, options: ImportOptions) throws -> ImportResult {
        let data = Data(source.bytes)
        let records: [Result<Publication, PublicationShapeError>]
        var notices: [String] = []
        do {
            switch kind {
            case .orcidWorks:
                let groups = try JSONDecoder().decode(ORCIDWorks.self, from: data).group
                records = groups.map(ORCIDWorks.publication(of:))
                let merged = groups.filter { ($0.summaries?.count ?? 0) > 1 }.count
                notices.append("ORCID works list: \(groups.count) works, \(merged) of them reported by more than one source and kept once")
                notices.append("ORCID gives no citation counts: every work counts 0 citations, so the citation metrics are 0")
            case .semanticScholarAuthor:
                let author = try JSONDecoder().decode(SemanticScholarAnswer.Author.self, from: data)
                records = author.papers.map(\.publication)
                notices.append("Semantic Scholar author \(author.name ?? "?") (\(author.authorId ?? "no id")): \(author.papers.count) papers")
            case .semanticScholarPapers:
                records = try JSONDecoder().decode(SemanticScholarAnswer.Page.self, from: data).data.map(\.publication)
                notices.append("a page of Semantic Scholar papers: \(records.count) papers")
            case .crossrefWork:
                records = [try JSONDecoder().decode(CrossrefAnswer.Single.self, from: data).message.publication]
                notices.append("a Crossref work, with is-referenced-by-count as its citations")
            case .crossrefWorks:
                records = try JSONDecoder().decode(CrossrefAnswer.List.self, from: data).message.items.map(\.publication)
                notices.append("a Crossref list of \(records.count) works, with is-referenced-by-count as their citations")
            }
        } catch let error as DecodingError {
            throw ImportProblem(file: source.file, line: nil, message: "the \(kind.serviceName) answer does not have the expected structure: \(Self.describe(error))")
        }
        let lines = kind.recordPath.isEmpty ? [1] : JSONKeyPathLocator.elementLines(in: source.bytes, path: kind.recordPath)
        var collector = ImportCollector(file: source.file, options: options)
        for (index, record) in records.enumerated() {
            let line = index < lines.count ? lines[index] : nil
            switch record {
            case .success(let publication): collector.add(publication, line: line)
            case .failure(let problem): try collector.reject(line: line, "record \(index + 1): \(problem.message)")
            }
        }
        var result = collector.result
        result.notices = notices
        return result
    }

    private static func describe(_ error: DecodingError) -> String {
        let (path, what): ([any CodingKey], String) = switch error {
        case .keyNotFound(let key, let context): (context.codingPath + [key], "is missing")
        case .typeMismatch(_, let context): (context.codingPath, "has another type")
        case .valueNotFound(_, let context): (context.codingPath, "is null")
        case .dataCorrupted(let context): (context.codingPath, "cannot be read")
        @unknown default: ([], "cannot be read")
        }
        let place = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return "\(place.isEmpty ? "the top level" : String(place.drop { $0 == "." })) \(what)"
    }
}

extension ServiceAnswerReader.Kind {
    var serviceName: String {
        switch self {
        case .orcidWorks: "ORCID"
        case .semanticScholarAuthor, .semanticScholarPapers: "Semantic Scholar"
        case .crossrefWork, .crossrefWorks: "Crossref"
        }
    }
}
