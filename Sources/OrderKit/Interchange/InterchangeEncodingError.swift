import Foundation

/// Why a record cannot be written as a `||` line (a sync line or a line of an agent's file).
///
/// The thesis's format has no quoting or escaping, so a value containing `|` or a line break
/// would change the line's sections; rather than send a line the other side misreads, the
/// encoder refuses it and names the record and the field.
public struct InterchangeEncodingError: Error, LocalizedError, Sendable, Hashable {
    public enum Problem: Sendable, Hashable {
        /// The value contains `|`.
        case separatorInValue
        /// The value contains a line break (LF, CR, or another Unicode line separator).
        case lineBreakInValue
        /// A company code or record id is empty.
        case empty
        /// The value would be refused by the parser (a required field empty, a level above 100 …).
        case invalid(FieldProblem)
        /// `deleteAll` (the check answer `deleted`) is not a sync line.
        case notALine
    }

    /// The record, as the messages name it: `cliente 17` (sync) or `cliente “Caffè Rossi”` (files).
    public let record: String
    /// The field's name ("notes", "company code", "record id"); empty for `notALine`.
    public let field: String
    public let problem: Problem

    public init(record: String, field: String, problem: Problem) {
        self.record = record
        self.field = field
        self.problem = problem
    }

    /// A stable identifier, e.g. `interchange.encode.separatorInValue`.
    public var code: String {
        switch problem {
        case .separatorInValue: "interchange.encode.separatorInValue"
        case .lineBreakInValue: "interchange.encode.lineBreakInValue"
        case .empty: "interchange.encode.empty"
        case .invalid(let problem): "interchange.encode." + problem.reason.rawValue
        case .notALine: "interchange.encode.notALine"
        }
    }

    public var errorDescription: String? {
        switch problem {
        case .separatorInValue:
            "The \(field) of \(record) contains “|”, which the || format cannot carry: remove it from the record."
        case .lineBreakInValue:
            "The \(field) of \(record) contains a line break, which the || format cannot carry: write it on one line."
        case .empty:
            "The \(field) of \(record) is empty: every synced record needs one."
        case .invalid(let problem):
            "\(record) would be refused by the reader: \(problem.message). Correct the record."
        case .notALine:
            "\(record) has no || line: an ended subscription is the check answer “deleted”."
        }
    }
}

extension InterchangeEncodingError.Problem {
    /// The problem of putting `value` in a `||` line, if any.
    static func of(_ value: String) -> Self? {
        if value.utf8.contains(UInt8(ascii: "|")) { return .separatorInValue }
        if value.contains(where: \.isNewline) { return .lineBreakInValue }
        return nil
    }
}
