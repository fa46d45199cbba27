import Foundation

/// Something wrong with one place in an imported file: which file, which line, what.
public struct ImportProblem: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    public var file: String
    /// 1-based line where the bad record starts, `nil` when the problem concerns the whole file.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { "\(file):\(line): \(message)" } else { "\(file): \(message)" }
    }

    public var errorDescription: String? { description }
}

/// What an import produced: the publications, and the records skipped in lenient mode.
public struct ImportResult: Sendable {
    public var publications: [Publication]
    /// Bad records that were skipped because `ImportOptions.skipBadRecords` was set.
    public var skipped: [ImportProblem]
    /// Records kept with a field dropped (a year that is not one) or cut to `ImportFieldLimits`, each with its line.
    public var changed: [ImportProblem] = []
    /// What the file is, when that says something about its numbers ("ORCID gives no citation
    /// counts: …"), for the user to read beside the count.
    public var notices: [String] = []

    public init(publications: [Publication] = [], skipped: [ImportProblem] = []) {
        self.publications = publications
        self.skipped = skipped
    }
}

/// How strict an import is.
public struct ImportOptions: Sendable {
    /// Skip records that cannot be read (and report them in `ImportResult.skipped`)
    /// instead of failing the whole file on the first one.
    public var skipBadRecords: Bool
    /// Note only the title and author names cut to `ImportFieldLimits` (the other fields are cut
    /// all the same): a reading for the metrics, which read no other field when streamed.
    var notesMetricFieldsOnly = false

    public init(skipBadRecords: Bool = false) {
        self.skipBadRecords = skipBadRecords
    }
}

/// Collects the publications of one file, and decides, record by record, whether a bad
/// record ends the import (strict) or is skipped and counted (lenient).
struct ImportCollector {
    let file: String
    let options: ImportOptions
    private(set) var result = ImportResult()

    init(file: String, options: ImportOptions) {
        self.file = file
        self.options = options
    }

    /// Keeps a record read from `line`, every field within `ImportFieldLimits` (a field cut or
    /// dropped there is noted with the line).
    mutating func add(_ publication: Publication, line: Int?) {
        let (bounded, notes) = ImportFieldLimits.bounded(publication, notingAllFields: !options.notesMetricFieldsOnly)
        for message in notes { note(line: line, message) }
        result.publications.append(bounded)
    }

    /// A record kept with something dropped, said with its line.
    mutating func note(line: Int?, _ message: String) {
        result.changed.append(ImportProblem(file: file, line: line, message: message))
    }

    /// Records a bad record at `line`: throws in strict mode, remembers it in lenient mode.
    mutating func reject(line: Int?, _ message: String) throws {
        let problem = ImportProblem(file: file, line: line, message: message)
        guard options.skipBadRecords else { throw problem }
        result.skipped.append(problem)
    }
}
