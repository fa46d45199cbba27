import Foundation

/// Reads Bottega's JSON (`{"format": "bottega.publications", "publications": [...]}`) and
/// Publish or Perish's JSON export (a top-level array of records).
enum JSONPublicationReader {
    /// A record that may fail to decode without failing the whole array, so lenient mode can skip it.
    private struct Attempt: Decodable {
        let result: Result<Publication, any Error>
        init(from decoder: any Decoder) throws {
            result = Result { try JSONPublicationRecord(from: decoder).publication }
        }
    }

    private struct Document: Decodable {
        let publications: [Attempt]
    }

    static func read(_ source: SourceText, options: ImportOptions) throws -> ImportResult {
        let data = Data(source.bytes)
        let isWrapped = source.bytes.first { !Self.isJSONWhitespace($0) } == UInt8(ascii: "{")
        let attempts: [Attempt]
        do {
            attempts = isWrapped
                ? try JSONDecoder().decode(Document.self, from: data).publications
                : try JSONDecoder().decode([Attempt].self, from: data)
        } catch DecodingError.keyNotFound(let key, _) where key.stringValue == "publications" {
            // Not Bottega's list: perhaps a service's answer saved as a file.
            guard let kind = ServiceAnswerReader.kind(of: data) else {
                throw ImportProblem(
                    file: source.file, line: nil,
                    message: "a JSON object without a \"publications\" array; expected Bottega's publication list, Publish or Perish's JSON export, an ORCID works list, a Semantic Scholar author or papers page, or a Crossref work or works list")
            }
            return try ServiceAnswerReader.read(source, kind: kind, options: options)
        } catch let error as DecodingError {
            throw ImportProblem(file: source.file, line: nil, message: Self.describe(error, wrapped: isWrapped))
        }
        let lines = JSONRecordLocator.elementLines(in: source.bytes, arrayDepth: isWrapped ? 2 : 1)
        var collector = ImportCollector(file: source.file, options: options)
        for (index, attempt) in attempts.enumerated() {
            let line = index < lines.count ? lines[index] : nil
            switch attempt.result {
            case .success(let publication):
                collector.add(publication, line: line)
            case .failure(let error):
                try collector.reject(line: line, "record \(index + 1): \(Self.describe(error))")
            }
        }
        return collector.result
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func describe(_ error: any Error, wrapped: Bool = false) -> String {
        guard let decoding = error as? DecodingError else { return String(describing: error) }
        switch decoding {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "not valid JSON" + (detail.map { " (\($0))" } ?? "")
        case .keyNotFound(let key, _) where key.stringValue == "publications":
            return "a JSON object without a \"publications\" array; expected Bottega's publication list or Publish or Perish's JSON export"
        case .typeMismatch(_, let context) where context.codingPath.count <= (wrapped ? 1 : 0):
            return "expected a list of publications (a JSON array\(wrapped ? " under \"publications\"" : "")), found something else"
        default:
            return "unexpected JSON structure at \(decoding)"
        }
    }
}

/// Writes Bottega's own JSON publication list: every field of `Publication`.
enum JSONPublicationWriter {
    private struct Document: Encodable {
        let format = "bottega.publications"
        let version = 1
        let publications: [Publication]
    }

    static func write(_ publications: [Publication]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Document(publications: publications)), as: UTF8.self) + "\n"
    }
}
