import Foundation
import ScholarKit
import Yams

/// One recorded request and its answer, as a VCR cassette keeps it.
public struct RecordedExchange: Sendable, Equatable {
    public var method: String
    public var uri: String
    public var status: Int
    public var headers: [String: String]
    public var body: String
}

/// A VCR cassette (vcrpy's `interactions`, Ruby's and R's `http_interactions`), read whole.
public enum Cassette {
    /// The exchanges in recorded order. Throws an `ImportProblem` naming the line for YAML that
    /// does not parse, and for YAML that is not a cassette.
    public static func exchanges(contents: [UInt8], file: String) throws -> [RecordedExchange] {
        let document: Any?
        do {
            document = try Yams.load(yaml: String(decoding: contents, as: UTF8.self))
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
        return interactions.enumerated().map { index, interaction in
            let request = interaction["request"] as? [String: Any]
            let response = interaction["response"] as? [String: Any]
            return RecordedExchange(
                method: (request?["method"] as? String)?.uppercased() ?? "GET",
                uri: (request?["uri"] as? String) ?? "interaction \(index + 1)",
                status: status(of: response),
                headers: headers(of: response),
                body: body(of: response) ?? "")
        }
    }

    /// vcrpy `status.code`, R's vcr `status.status_code` (often a string), Ruby's `status.code`.
    private static func status(of response: [String: Any]?) -> Int {
        guard let status = response?["status"] as? [String: Any] else { return 200 }
        for key in ["code", "status_code"] {
            if let number = status[key] as? Int { return number }
            if let text = status[key] as? String, let number = Int(text) { return number }
        }
        return 200
    }

    /// Header names lowercased; vcrpy keeps each value in a list.
    private static func headers(of response: [String: Any]?) -> [String: String] {
        guard let headers = response?["headers"] as? [String: Any] else { return [:] }
        var flat: [String: String] = [:]
        for (name, value) in headers {
            if let list = value as? [Any], let first = list.first { flat[name.lowercased()] = "\(first)" } else { flat[name.lowercased()] = "\(value)" }
        }
        return flat
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
