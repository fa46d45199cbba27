import Foundation

/// Reads publication lists from files in any format Bottega knows, with errors that name the
/// file, the line and what is wrong.
public enum PublicationImporter {
    /// Reads a file. The format is `format` when given, otherwise the file's extension; a file
    /// whose content plainly is another format than its extension says is refused, because
    /// reading it as the wrong format would give nonsense rather than an error.
    public static func read(
        contentsOf url: URL,
        format: PublicationFormat? = nil,
        options: ImportOptions = ImportOptions()
    ) throws -> ImportResult {
        let name = url.relativePath
        let contents: [UInt8]
        do {
            contents = Array(try Data(contentsOf: url))
        } catch {
            throw ImportProblem(file: name, line: nil, message: Self.describeReadFailure(of: url))
        }
        return try read(contents: contents, file: name, format: format, options: options)
    }

    /// Reads the contents of a file called `file` (the name is used for the format and in errors).
    public static func read(
        contents: [UInt8],
        file: String,
        format: PublicationFormat? = nil,
        options: ImportOptions = ImportOptions()
    ) throws -> ImportResult {
        let source = try SourceText(file: file, contents: contents)
        guard source.bytes.contains(where: { !isWhitespace($0) }) else {
            throw ImportProblem(file: file, line: nil, message: "the file is empty; expected a publication list (CSV, BibTeX, RIS, JSON, EndNote, Web of Science, JSON Lines or dblp XML)")
        }
        let chosen = try chooseFormat(file: file, head: source.bytes[...], given: format)
        switch chosen {
        case .csv: return try CSVReader.read(source, options: options)
        case .bibtex: return try BibTeXReader.read(source, options: options)
        case .ris: return try RISReader.read(source, options: options)
        case .json: return try JSONPublicationReader.read(source, options: options)
        case .endnote: return try EndNoteReader.read(source, options: options)
        case .isi: return try WebOfScienceReader.read(source, options: options)
        case .jsonl: return try JSONLinesReader.read(source, options: options)
        case .dblp: return try DBLPXMLReader.read(source, options: options)
        case .html:
            throw ImportProblem(file: file, line: nil, message: "HTML reports are for reading, not importing; export as CSV, BibTeX, RIS, JSON, EndNote, Web of Science or JSON Lines instead")
        }
    }

    /// `head` is the file's text from its start; its first 4 KB are enough.
    static func chooseFormat(file: String, head: ArraySlice<UInt8>, given: PublicationFormat?) throws -> PublicationFormat {
        if let given { return given }
        let fileExtension = (file as NSString).pathExtension
        let sniffed = PublicationFormat.sniff(head)
        guard let declared = PublicationFormat(fileExtension: fileExtension) else {
            if let sniffed, sniffed != .html { return sniffed }
            throw ImportProblem(
                file: file, line: nil,
                message: "cannot tell the format from the extension '.\(fileExtension)' or the content; pass --from csv|bibtex|ris|json|endnote|isi|jsonl|dblp"
            )
        }
        // Web of Science saves its tagged text as .txt, and a JSON Lines file may hold one record.
        if fileExtension.lowercased() == "txt", sniffed == .isi { return .isi }
        if declared == .jsonl, sniffed == .json { return .jsonl }
        // Any XML named .xml goes to the dblp reader, which says whose XML it is if not dblp's.
        if declared == .dblp, sniffed == .html { return .dblp }
        if let sniffed, sniffed != declared, !(declared == .csv && sniffed == .csv) {
            throw ImportProblem(
                file: file, line: nil,
                message: "the extension says \(declared.displayName) but the content looks like \(sniffed.displayName); rename the file or pass --from \(sniffed.rawValue)"
            )
        }
        return declared
    }

    static func describeReadFailure(of url: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            return "cannot open the file: there is no such file"
        }
        if isDirectory.boolValue { return "this is a folder, not a file; name the publication list inside it" }
        return "cannot read the file; check its permissions"
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }
}

extension PublicationFormat {
    /// The format's usual name, for messages.
    public var displayName: String {
        switch self {
        case .csv: "CSV"
        case .bibtex: "BibTeX"
        case .ris: "RIS"
        case .json: "JSON"
        case .html: "HTML"
        case .endnote: "EndNote"
        case .isi: "Web of Science"
        case .jsonl: "JSON Lines"
        case .dblp: "dblp XML"
        }
    }
}
