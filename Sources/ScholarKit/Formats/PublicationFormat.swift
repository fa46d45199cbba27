/// The publication-list file formats Bottega reads and writes.
public enum PublicationFormat: String, Sendable, CaseIterable, Codable {
    /// Publish or Perish's CSV columns on export; any CSV with title/authors/year/citations columns on import.
    case csv
    case bibtex
    case ris
    /// Bottega's own JSON on export; Bottega's or Publish or Perish's JSON on import.
    case json
    /// A standalone report (metrics table and publication list); export only.
    case html
    /// EndNote's tagged format (`.enw`, `%A`, `%T`…), as Publish or Perish and publishers export it.
    case endnote
    /// Web of Science's tagged plain text (the ISI format: `PT`, `AU`, `TI`… `ER`, `.ciw`/`.txt`).
    case isi
    /// JSON Lines: one publication (Bottega's JSON record) per line.
    case jsonl
    /// dblp's XML (a person's page `dblp.org/pid/….xml`, or records of the `dblp.xml` dump); import only.
    case dblp

    /// The formats a file can be read from.
    public static let importable: [PublicationFormat] = [.csv, .bibtex, .ris, .json, .endnote, .isi, .jsonl, .dblp]

    /// The formats a list can be written in: all but dblp's XML, which only dblp writes.
    public var isExportable: Bool { self != .dblp }

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .csv: "csv"
        case .bibtex: "bib"
        case .ris: "ris"
        case .json: "json"
        case .html: "html"
        case .endnote: "enw"
        case .isi: "ciw"
        case .jsonl: "jsonl"
        case .dblp: "xml"
        }
    }

    /// The format named by its name or its usual extension ("bibtex" or "bib"), as users type it.
    public init?(name: String) {
        let aliases: [String: PublicationFormat] = ["wos": .isi, "webofscience": .isi, "ndjson": .jsonl]
        guard let format = PublicationFormat(rawValue: name.lowercased()) ?? aliases[name.lowercased()] ?? PublicationFormat(fileExtension: name) else { return nil }
        self = format
    }

    /// The format a file extension stands for, `nil` for an extension Bottega does not know.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "csv", "tsv", "txt": self = .csv
        case "bib", "bibtex": self = .bibtex
        case "ris": self = .ris
        case "json": self = .json
        case "html", "htm": self = .html
        case "enw": self = .endnote
        case "ciw", "isi": self = .isi
        case "jsonl", "ndjson": self = .jsonl
        case "xml": self = .dblp
        default: return nil
        }
    }

    /// Guesses a format from the first bytes of a text, so that a file whose extension lies
    /// can be named for what it really is.
    static func sniff(_ bytes: ArraySlice<UInt8>) -> PublicationFormat? {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let trimmed = head.drop { $0.isWhitespace }
        if trimmed.hasPrefix("[") { return .json }
        if trimmed.hasPrefix("{") {
            // More than one object, each on its line, is JSON Lines.
            let lines = trimmed.split(separator: "\n", omittingEmptySubsequences: true).prefix(3)
            return lines.count > 1 && lines.allSatisfy({ $0.hasPrefix("{") && $0.trimmingWhitespace().hasSuffix("}") }) ? .jsonl : .json
        }
        if trimmed.hasPrefix("%0 ") || head.contains("\n%0 ") { return .endnote }
        if trimmed.hasPrefix("FN ") || trimmed.hasPrefix("PT ") { return .isi }
        if trimmed.hasPrefix("<"), DBLPXMLReader.recognises(head) { return .dblp }
        if trimmed.hasPrefix("<") { return .html }
        if trimmed.hasPrefix("TY  -") || head.contains("\nTY  -") { return .ris }
        if trimmed.hasPrefix("@") || head.contains("\n@") { return .bibtex }
        if let firstLine = trimmed.split(separator: "\n", maxSplits: 1).first,
           firstLine.contains(",") || firstLine.contains(";") || firstLine.contains("\t") {
            return .csv
        }
        return nil
    }
}
