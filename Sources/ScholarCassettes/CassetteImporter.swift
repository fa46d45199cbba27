import Foundation
import ScholarKit
import Yams

/// Reads HTTP recordings of the services' answers (VCR cassettes, `.yaml`/`.yml`, as vcrpy,
/// Ruby's and R's vcr write them) as one publication list (issue 43): every recorded answer that
/// is a list of works (ORCID works, Semantic Scholar papers, Crossref works, Bottega's or Publish
/// or Perish's JSON) is read as `scholar import` reads that answer saved alone, in recorded
/// order; answers that hold no works (an ORCID person, an error) are skipped and named.
///
/// Its own module because the YAML parser (Yams) is needed by nothing else, and a Kit keeps to
/// Foundation and its chosen few (scripts/check-kits).
public enum CassetteImporter {
    /// Whether `file` is named as a cassette is.
    public static func isCassette(_ file: String) -> Bool {
        ["yaml", "yml"].contains((file as NSString).pathExtension.lowercased())
    }

    public static func read(contentsOf url: URL, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        let name = url.relativePath
        guard let data = try? Data(contentsOf: url) else {
            throw ImportProblem(file: name, line: nil, message: "cannot open the file; check that it exists and can be read")
        }
        return try read(contents: Array(data), file: name, options: options)
    }

    public static func read(contents: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        let exchanges = try Cassette.exchanges(contents: contents, file: file)
        var combined = ImportResult()
        var unused: [String] = []
        var lists = 0
        for exchange in exchanges {
            let address = exchange.uri, body = exchange.body
            guard body.contains(where: { !$0.isWhitespace }) else {
                unused.append("\(address) (no body)")
                continue
            }
            let answer: ImportResult
            do {
                answer = try PublicationImporter.read(contents: Array(body.utf8), file: "\(file) [\(address)]", format: .json, options: options)
            } catch let problem as ImportProblem {
                if problem.message.hasPrefix("a JSON object without a \"publications\" array") || problem.message.hasPrefix("not valid JSON") {
                    unused.append(address)
                    continue
                }
                throw problem
            }
            lists += 1
            combined.publications += answer.publications
            combined.skipped += answer.skipped
            combined.changed += answer.changed
        }
        guard lists > 0 else {
            throw ImportProblem(file: file, line: nil, message: "none of the \(exchanges.count) recorded answers is a list of works (\(unused.prefix(3).joined(separator: ", ")))")
        }
        combined.notices.append("a recording of \(exchanges.count) answers: \(lists) lists of works read, \(combined.publications.count) publications")
        if !unused.isEmpty { combined.notices.append("answers holding no works, skipped: \(unused.joined(separator: ", "))") }
        return combined
    }
}
