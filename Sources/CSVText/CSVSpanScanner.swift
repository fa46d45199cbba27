/// Where one field of a record lies in the scanned bytes, before unquoting.
public struct CSVFieldSpan: Sendable {
    /// The field's first byte (its opening quote, when quoted).
    public var start: Int
    /// One past its last byte: the delimiter or line break after it, or the end.
    public var end: Int
    public var isQuoted: Bool
    /// Quoted, with no `""` inside and nothing after the closing quote: the text is the bytes
    /// between the quotes, with nothing to copy.
    public var isPlainQuoted = false

    public var isEmpty: Bool { end == start || (isQuoted && end == start + 2) }
}

/// What `CSVSpanScanner.next` found.
public enum CSVSpanOutcome: Sendable, Equatable {
    /// A whole record, now in `CSVSpanScanner.fields`, ending before `nextStart`.
    case record(nextStart: Int)
    /// The bytes end inside a record: give more, starting again from the record's start.
    case needsMore
    /// The bytes are final and used up.
    case end
}

/// `CSVTokenizer`'s grammar without making strings: it finds the fields of one record at a time
/// in a buffer the caller refills, so a file of any size is read in pieces and only the fields a
/// caller wants are ever copied. Rows, lines and quoting follow `CSVTokenizer` to the byte.
public struct CSVSpanScanner {
    public let delimiter: UInt8
    /// The fields of the last record found, valid until the buffer is changed.
    public private(set) var fields: [CSVFieldSpan] = []
    /// 1-based line the last record found starts on.
    public private(set) var recordLine = 1
    /// 1-based row number of the last record found.
    public private(set) var recordNumber = 0
    private var nextLine = 1

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    public init(delimiter: UInt8) {
        self.delimiter = delimiter
        fields.reserveCapacity(32)
    }

    /// The record starting at `start` in `bytes`. `isFinal` says no byte will follow the buffer's end.
    public mutating func next(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, isFinal: Bool) throws(CSVUnterminatedQuote) -> CSVSpanOutcome {
        let end = bytes.count
        guard start < end else { return isFinal ? .end : .needsMore }
        fields.removeAll(keepingCapacity: true)
        var index = start
        var line = nextLine
        while true {
            let fieldStart = index
            var quoted = false
            var escaped = false
            var closingQuote = -1
            if index < end, bytes[index] == Self.quote {
                quoted = true
                let openingLine = line
                index += 1
                // The closing quote is one not followed by another; `""` is a quote inside.
                while true {
                    while index < end, bytes[index] != Self.quote {
                        let byte = bytes[index]
                        if byte == Self.lineFeed {
                            if index == 0 || bytes[index - 1] != Self.carriageReturn { line += 1 }
                        } else if byte == Self.carriageReturn {
                            line += 1
                        }
                        index += 1
                    }
                    guard index < end else {
                        if isFinal { throw CSVUnterminatedQuote(line: openingLine) }
                        return .needsMore
                    }
                    index += 1
                    // A quote that is the buffer's last byte may be the first half of `""`.
                    if index == end, !isFinal { return .needsMore }
                    guard index < end, bytes[index] == Self.quote else {
                        closingQuote = index - 1
                        break
                    }
                    escaped = true
                    index += 1
                }
            }
            while index < end {
                let byte = bytes[index]
                if byte == delimiter || byte == Self.lineFeed || byte == Self.carriageReturn { break }
                index += 1
            }
            fields.append(CSVFieldSpan(start: fieldStart, end: index, isQuoted: quoted, isPlainQuoted: quoted && !escaped && closingQuote == index - 1))
            guard index < end else {
                if !isFinal { return .needsMore }
                commit(line: line)
                return .record(nextStart: index)
            }
            if bytes[index] == delimiter {
                index += 1
                continue
            }
            if bytes[index] == Self.carriageReturn {
                index += 1
                // A CR that is the buffer's last byte may be the first half of CRLF.
                if index == end, !isFinal { return .needsMore }
            }
            if index < end, bytes[index] == Self.lineFeed { index += 1 }
            commit(line: line)
            nextLine += 1
            return .record(nextStart: index)
        }
    }

    private mutating func commit(line: Int) {
        recordLine = nextLine
        recordNumber += 1
        nextLine = line
    }

    /// A field's text as `CSVTokenizer` gives it: unquoted, `""` made `"`, text after the
    /// closing quote kept. Appends to `output`, which the caller empties.
    public static func unquote(_ span: CSVFieldSpan, in bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        guard span.isQuoted else {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]))
            return
        }
        var index = span.start + 1
        while index < span.end {
            let byte = bytes[index]
            if byte == quote {
                index += 1
                if index < span.end, bytes[index] == quote {
                    output.append(quote)
                    index += 1
                    continue
                }
                // The closing quote: what follows it up to the delimiter is kept as it is.
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<span.end]))
                return
            }
            output.append(byte)
            index += 1
        }
    }
}
