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
        let text = String(decoding: contents, as: UTF8.self)
        let document: Any?
        do {
            document = try Yams.load(yaml: text)
        } catch let error as YamlError {
            throw ImportProblem(file: file, line: Self.line(of: error), message: "not valid YAML: \(Self.reason(of: error))")
        }
        guard let root = document as? [String: Any],
            let interactions = (root["interactions"] ?? root["http_interactions"]) as? [[String: Any]]
        else {
            throw ImportProblem(
                file: file, line: nil,
                message: "a YAML file that is not a recording of HTTP answers (a VCR cassette with \"interactions\" or \"http_interactions\"); export the list as CSV, BibTeX, RIS or JSON instead")
        }
        var combined = ImportResult()
        var unused: [String] = []
        var lists = 0
        for (index, interaction) in interactions.enumerated() {
            let request = interaction["request"] as? [String: Any]
            let address = (request?["uri"] as? String) ?? "interaction \(index + 1)"
            guard let body = Self.body(of: interaction["response"] as? [String: Any]), body.contains(where: { !$0.isWhitespace }) else {
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
            throw ImportProblem(file: file, line: nil, message: "none of the \(interactions.count) recorded answers is a list of works (\(unused.prefix(3).joined(separator: ", ")))")
        }
        combined.notices.append("a recording of \(interactions.count) answers: \(lists) lists of works read, \(combined.publications.count) publications")
        if !unused.isEmpty { combined.notices.append("answers holding no works, skipped: \(unused.joined(separator: ", "))") }
        return combined
    }

    /// The answer's text: vcrpy's `content` or `body.string`, Ruby's and R's `body.string`.
    private static func body(of response: [String: Any]?) -> String? {
        guard let response else { return nil }
        if let content = response["content"] as? String { return content }
        if let body = response["body"] as? [String: Any] { return body["string"] as? String }
        return response["body"] as? String
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _): mark.line
        default: nil
        }
    }

    private static func reason(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _): problem
        default: String(describing: error)
        }
    }
}
