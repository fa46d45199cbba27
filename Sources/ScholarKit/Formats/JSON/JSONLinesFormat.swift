import Foundation

/// JSON Lines (`.jsonl`): one publication per line, every field of `Publication` as Bottega's
/// JSON writes it, for tools that stream records (jq, pandas `read_json(lines=True)`, Spark).
/// A line is read as a record of Bottega's JSON (`JSONPublicationRecord`), so Publish or
/// Perish's field names are taken too; a blank line is no record.
enum JSONLinesWriter {
    static func write(_ publications: [Publication]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var output = ""
        for publication in publications {
            // JSON escapes line breaks inside strings, so a record is always one line.
            output += String(decoding: try encoder.encode(publication), as: UTF8.self) + "\n"
        }
        return output
    }
}

enum JSONLinesReader {
    static func read(_ source: SourceText, options: ImportOptions) throws -> ImportResult {
        var collector = ImportCollector(file: source.file, options: options)
        var lineNumber = 0
        for line in source.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
            guard text.contains(where: { !($0 == 0x20 || $0 == 0x09) }) else { continue }
            guard text.first(where: { !($0 == 0x20 || $0 == 0x09) }) == UInt8(ascii: "{") else {
                try collector.reject(line: lineNumber, "a JSON Lines record is one JSON object on its line")
                continue
            }
            do {
                collector.add(try JSONDecoder().decode(JSONPublicationRecord.self, from: Data(text)).publication, line: lineNumber)
            } catch let error as DecodingError {
                try collector.reject(line: lineNumber, Self.describe(error))
            } catch {
                try collector.reject(line: lineNumber, String(describing: error))
            }
        }
        return collector.result
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: "not valid JSON"
        case .keyNotFound(let key, _): "the record has no \"\(key.stringValue)\""
        default: "the record cannot be read: \(error)"
        }
    }
}
