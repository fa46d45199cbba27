/// The lines of a tagged bibliographic file (EndNote's `%A value`, Web of Science's `AU value`),
/// with the lines that continue a value (a wrapped abstract, Web of Science's indented authors)
/// joined to it, so both readers see one value per tag line.
struct TaggedLine {
    let number: Int
    /// Nil for a line that ends a record (a blank line in EndNote, `ER` in Web of Science).
    let tag: String?
    var values: [String]
}

enum TaggedLines {
    /// `tagOf` answers a line's tag and value, or nil for a continuation line; blank lines are
    /// answered as record ends when `blankEndsRecord`.
    static func split(
        _ source: SourceText, blankEndsRecord: Bool, tagOf: (Substring) -> (tag: String, value: Substring)?
    ) -> [TaggedLine] {
        var lines: [TaggedLine] = []
        var number = 0
        let text = source.string(source.bytes.indices)
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if blankEndsRecord { lines.append(TaggedLine(number: number, tag: nil, values: [])) }
                continue
            }
            if let (tag, value) = tagOf(line) {
                lines.append(TaggedLine(number: number, tag: tag, values: [value.trimmingWhitespace()]))
            } else if !lines.isEmpty, lines[lines.count - 1].tag != nil {
                lines[lines.count - 1].values.append(line.trimmingWhitespace())
            }
        }
        return lines
    }
}

/// The records of a tagged file, each made a publication (or reported by its first line) by
/// `build`, and the file's text checked for records at all.
struct TaggedRecords {
    private(set) var collector: ImportCollector
    /// The lines of the record being read.
    var open: [TaggedLine] = []
    let build: ([TaggedLine]) -> Result<Publication, PublicationShapeError>

    /// Nil (after the check) when `lines` hold no record: an empty file is an empty list, any
    /// other text without `isRecordLine` lines is not this format.
    init?(_ source: SourceText, lines: [TaggedLine], options: ImportOptions, formatName: String,
          isRecordLine: (TaggedLine) -> Bool, build: @escaping ([TaggedLine]) -> Result<Publication, PublicationShapeError>) throws {
        guard lines.contains(where: isRecordLine) else {
            if !source.string(source.bytes.indices).trimmingWhitespace().isEmpty {
                throw ImportProblem(file: source.file, line: nil, message: "no \(formatName) found")
            }
            return nil
        }
        collector = ImportCollector(file: source.file, options: options)
        self.build = build
    }

    /// Ends the open record: its publication kept, or its problem reported.
    mutating func finish() throws {
        defer { open = [] }
        guard let first = open.first else { return }
        switch build(open) {
        case .success(let publication): collector.add(publication, line: first.number)
        case .failure(let problem): try collector.reject(line: first.number, problem.message)
        }
    }

    mutating func reject(line: Int, _ message: String) throws {
        try collector.reject(line: line, message)
    }
}

/// What Bottega writes in a tagged format's note (EndNote's `%Z`, Web of Science's `XB`) so that
/// a curated list reads back whole: the citations where the format has no tag for them, why a
/// paper was excluded, its place in a merge, the query date.
enum TaggedNotes {
    static let citedBy = "Cited by: "
    static let queryDate = "Query date: "

    static func notes(of publication: Publication, citations: Bool) -> [String] {
        var notes: [String] = citations ? [citedBy + String(publication.citations)] : []
        if publication.isExcluded { notes.append(RISWriter.exclusionPrefix + (publication.exclusionReason ?? "user")) }
        if let mark = publication.details?.mergeMark {
            if let number = mark.number { notes.append(RISWriter.mergePrefix + String(number)) }
            if let merge = mark.memberOf { notes.append(RISWriter.mergedIntoPrefix + String(merge)) }
        }
        return notes
    }

    /// Applies one note to `publication`; false when the note is not one of Bottega's.
    static func apply(_ note: String, to publication: inout Publication) -> Bool {
        if note.hasPrefix(citedBy), let count = Int(note.dropFirst(citedBy.count).trimmingWhitespace()), count >= 0 {
            publication.citations = count
        } else if note.hasPrefix(RISWriter.exclusionPrefix) {
            publication.isExcluded = true
            publication.exclusionReason = String(note.dropFirst(RISWriter.exclusionPrefix.count)).trimmingWhitespace()
        } else if note.hasPrefix(RISWriter.mergePrefix), let number = Int(note.dropFirst(RISWriter.mergePrefix.count).trimmingWhitespace()) {
            var details = publication.details ?? PublicationDetails()
            details.mergeMark = MergeMark(number: number, memberOf: details.mergeMark?.memberOf)
            publication.details = details
        } else if note.hasPrefix(RISWriter.mergedIntoPrefix), let merge = Int(note.dropFirst(RISWriter.mergedIntoPrefix.count).trimmingWhitespace()) {
            var details = publication.details ?? PublicationDetails()
            details.mergeMark = MergeMark(number: details.mergeMark?.number, memberOf: merge)
            publication.details = details
        } else {
            return false
        }
        return true
    }
}
