/// A field value as written in the file: a span of its bytes, or, for `"a" # macro`
/// concatenations and `@string` macros, the bytes they expand to.
enum BibTeXValue: Sendable {
    case span(Range<Int>)
    case expanded([UInt8])
}

/// One `@type{key, name = value, …}` entry, with its values still in LaTeX.
struct BibTeXEntry: Sendable {
    /// The entry type, lowercased ("article").
    var type: String
    /// The citation key, possibly empty.
    var key: String
    /// 1-based line of the entry's `@`.
    var line: Int
    /// Field values by lowercased name; a repeated field keeps its first value, as BibTeX does.
    var fields: [String: BibTeXValue]

    /// "entry 'smith2020'", or "@article entry without a key", for messages.
    var name: String { BibTeXScanner.entryName(type: type, key: key) }
}

/// What the scanner found next: an entry, or one it could not read.
enum BibTeXItem: Sendable {
    case entry(BibTeXEntry)
    /// A syntax error; `line` is where the entry starts, `message` says what is wrong.
    case malformed(line: Int, message: String)
}

/// Splits BibTeX text into entries, following BibTeX's own grammar (btparse's description
/// of it): text outside entries is a comment; `@comment` and `@preamble` are skipped;
/// `@string` defines macros; values are `{…}`, `"…"`, numbers or macro names joined by `#`.
///
/// It works on bytes with integer indices and builds Strings only for names and keys; all of
/// the syntax is ASCII, so UTF-8 text passes through untouched. Lines are counted only when
/// one is needed, by counting newlines from the last place asked about.
struct BibTeXScanner {
    let bytes: [UInt8]
    private var index = 0
    /// True once any `@type{` or `@type(` block was seen, so that "no entries" can be told
    /// apart from "not BibTeX at all".
    private(set) var foundBlock = false
    private(set) var macros = BibTeXScanner.monthMacros
    private var lineCursor = (offset: 0, line: 1)
    /// The entry being read, for error messages.
    private var entryType = ""
    private var entryKey = ""
    /// Blocks that could not be read, comments included: a piece of a file read in pieces may
    /// have cut one, and only the whole file can say how it reads then.
    private(set) var failures = 0
    /// Bytes copied by macro expansion and `#` joins so far, in the whole file.
    private(set) var expandedBytes = 0
    /// The most `expandedBytes` may reach (`BibTeXExpansionLimits.totalBytes`).
    let expansionAllowance: Int
    /// Blocks refused for expanding past a limit of `BibTeXExpansionLimits`.
    private(set) var expansionRefusals = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        expansionAllowance = BibTeXExpansionLimits.totalBytes(forFileOf: bytes.count)
    }

    /// A piece of a file read in pieces: its first line's number, the `@string` macros the
    /// pieces before it defined, the bytes their expansions copied, and the whole file's size
    /// (the expansion allowance is the file's, not the piece's).
    init(piece: [UInt8], firstLine: Int, macros: [String: [UInt8]], expandedBefore: Int, fileSize: Int) {
        bytes = piece
        lineCursor = (0, firstLine)
        self.macros = macros
        expandedBytes = expandedBefore
        expansionAllowance = BibTeXExpansionLimits.totalBytes(forFileOf: fileSize)
    }

    /// The text of a value, macros expanded, still in LaTeX.
    func text(of value: BibTeXValue) -> ArraySlice<UInt8> {
        switch value {
        case .span(let range): bytes[range]
        case .expanded(let expanded): expanded[...]
        }
    }

    static func entryName(type: String, key: String) -> String {
        key.isEmpty ? "@\(type) entry without a key" : "entry '\(key)'"
    }

    /// The next entry, or `nil` at the end of the text. After a malformed entry, scanning
    /// resumes at the next line that starts with `@`, as biber does.
    mutating func next() -> BibTeXItem? {
        while let at = firstIndex(of: UInt8(ascii: "@"), from: index) {
            index = at + 1
            skipWhitespace()
            let typeStart = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            let type = lowercasedString(typeStart..<index)
            skipWhitespace()
            guard !type.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "(") else {
                continue   // an "@" in comment text, such as an e-mail address
            }
            let close = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: ")")
            index += 1
            foundBlock = true
            entryType = type
            entryKey = ""
            do throws(Failure) {
                switch type {
                case "comment", "preamble":
                    try skipBlock(opening: bytes[index - 1], close: close)
                case "string":
                    for (name, value) in try fields(close: close) { macros[name] = Array(text(of: value)) }
                default:
                    let key = try readKey(close: close)
                    var byName: [String: BibTeXValue] = [:]
                    for (name, value) in try fields(close: close) where byName[name] == nil { byName[name] = value }
                    return .entry(BibTeXEntry(type: type, key: key, line: line(at: at), fields: byName))
                }
            } catch {
                failures += 1
                if error.isExpansionLimit { expansionRefusals += 1 }
                let line = line(at: at)
                resynchronise(after: at)
                if type == "comment" { continue }
                let name = type == "string" || type == "preamble" ? "@\(type)" : Self.entryName(type: type, key: entryKey)
                return .malformed(line: line, message: "\(name) \(error.problem)")
            }
        }
        return nil
    }

    // MARK: Grammar

    /// Why an entry could not be read, worded to follow the entry's name.
    struct Failure: Error {
        let problem: String
        /// True when the block expands past a limit of `BibTeXExpansionLimits`.
        var isExpansionLimit = false
    }

    private mutating func readKey(close: UInt8) throws(Failure) -> String {
        skipWhitespace()
        let keyStart = index
        while index < bytes.count, !isKeyTerminator(bytes[index], close: close) { index += 1 }
        let key = String(decoding: bytes[keyStart..<index], as: UTF8.self)
        // Set before anything can throw, so that a file cut right after the key
        // ("@article{smith2020") still names the entry in its error.
        entryKey = key
        skipWhitespace()
        guard index < bytes.count else { throw unterminated(missing: close) }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return key
        case close:
            return key   // an entry with no fields; `fields` reads the close
        case UInt8(ascii: "="):
            index = keyStart   // no key: the first field starts right away
            entryKey = ""
            return ""
        case UInt8(ascii: "@"):
            throw unterminatedBeforeNextEntry(close: close)
        default:
            throw Failure(problem: "has \(describe(bytes[index])) after its key on line \(line(at: index)); expected ','")
        }
    }

    /// `name = value` pairs up to the closing delimiter, names lowercased.
    private mutating func fields(close: UInt8) throws(Failure) -> [(String, BibTeXValue)] {
        var fields: [(String, BibTeXValue)] = []
        while true {
            skipWhitespaceAndLineComments()
            guard index < bytes.count else { throw unterminated(missing: close) }
            switch bytes[index] {
            case close:
                index += 1
                return fields
            case UInt8(ascii: ","):
                index += 1
                continue
            case UInt8(ascii: "@"):
                throw unterminatedBeforeNextEntry(close: close)
            default:
                break
            }
            let nameStart = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            guard index > nameStart else {
                throw Failure(problem: "has \(describe(bytes[index])) on line \(line(at: index)) where a field name should be")
            }
            let name = lowercasedString(nameStart..<index)
            skipWhitespace()
            guard index < bytes.count else { throw unterminated(missing: close) }
            guard bytes[index] == UInt8(ascii: "=") else {
                throw Failure(problem: "has a field without '=': '\(name)' on line \(line(at: nameStart))")
            }
            index += 1
            fields.append((name, try value(of: name, close: close)))
            skipWhitespaceAndLineComments()
            guard index < bytes.count else { throw unterminated(missing: close) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case close: continue
            case UInt8(ascii: "@"): throw unterminatedBeforeNextEntry(close: close)
            default: throw Failure(problem: "is missing a ',' after field '\(name)' (found \(describe(bytes[index])) on line \(line(at: index)))")
            }
        }
    }

    /// A value: parts in braces, quotes, numbers or macro names, joined by `#`.
    private mutating func value(of name: String, close: UInt8) throws(Failure) -> BibTeXValue {
        var single: Range<Int>?
        var expanded: [UInt8]?
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw unterminated(missing: close) }
            let part: Range<Int>
            var macro: [UInt8]?
            switch bytes[index] {
            case UInt8(ascii: "{"):
                let end = try endOfGroup(from: index + 1, quoted: false)
                part = (index + 1)..<end
                index = end + 1
            case UInt8(ascii: "\""):
                let end = try endOfGroup(from: index + 1, quoted: true)
                part = (index + 1)..<end
                index = end + 1
            case UInt8(ascii: "@"):
                throw unterminatedBeforeNextEntry(close: close)
            case let byte where isNameByte(byte):
                let start = index
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                part = start..<index
                if !bytes[part].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                    // An undefined macro is empty, with BibTeX's warning left out.
                    macro = macros[lowercasedString(part)] ?? []
                }
            default:
                throw Failure(problem: "has no value for field '\(name)' on line \(line(at: index))")
            }
            if single == nil && expanded == nil && macro == nil {
                single = part
            } else {
                var joined = expanded ?? []
                expanded = nil   // keeps `joined` the array's one owner, so appending copies nothing
                if let single { try appendExpansion(bytes[single], to: &joined, field: name) }
                if let macro { try appendExpansion(macro[...], to: &joined, field: name) } else { try appendExpansion(bytes[part], to: &joined, field: name) }
                expanded = joined
                single = nil
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "#") else { break }
            index += 1
        }
        if let expanded { return .expanded(expanded) }
        return .span(single ?? index..<index)
    }

    /// Adds `part` to a value being joined, within `BibTeXExpansionLimits`: a value or a file
    /// that would expand past them is refused before the bytes are copied.
    private mutating func appendExpansion(_ part: ArraySlice<UInt8>, to joined: inout [UInt8], field name: String) throws(Failure) {
        guard joined.count + part.count <= BibTeXExpansionLimits.valueBytes else {
            throw Failure(
                problem: "has a value for '\(name)' longer than \(BibTeXExpansionLimits.valueBytes.groupedDigits) bytes once its @string macros and '#' parts are joined (the limit for one expanded value); macros built from each other, such as @string{b = a # a}, grow without bound, so this is refused",
                isExpansionLimit: true
            )
        }
        guard expandedBytes + part.count <= expansionAllowance else {
            throw Failure(
                problem: "expands @string macros and '#' joins past \(expansionAllowance.groupedDigits) bytes in all at '\(name)' (the limit for this file: 4 bytes per byte of it plus 1 MiB); a file that repeats large macros this often is refused",
                isExpansionLimit: true
            )
        }
        expandedBytes += part.count
        joined.append(contentsOf: part)
    }

    /// The index of the `}` (or, for a quoted value, the `"` outside braces) that ends a value
    /// starting at `start`. A backslash protects the next byte, so `\}` and `\"` do not count.
    private func endOfGroup(from start: Int, quoted: Bool) throws(Failure) -> Int {
        var depth = 0
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"):
                position += 1
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                if depth == 0 && !quoted { return position }
                depth = max(0, depth - 1)
            case UInt8(ascii: "\"") where quoted && depth == 0:
                return position
            default:
                break
            }
            position += 1
        }
        throw unterminated(missing: quoted ? UInt8(ascii: "\"") : UInt8(ascii: "}"))
    }

    /// Skips a balanced `@comment{…}` or `@preamble(…)` body.
    private mutating func skipBlock(opening: UInt8, close: UInt8) throws(Failure) {
        var depth = 1
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\\") {
                index += 1
            } else if byte == opening {
                depth += 1
            } else if byte == close {
                depth -= 1
                if depth == 0 { return }
            }
        }
        throw unterminated(missing: close)
    }

    private func unterminated(missing close: UInt8) -> Failure {
        Failure(problem: "is not terminated: missing '\(Character(Unicode.Scalar(close)))' before the end of the file")
    }

    private mutating func unterminatedBeforeNextEntry(close: UInt8) -> Failure {
        Failure(problem: "is not terminated: missing '\(Character(Unicode.Scalar(close)))' before the next entry on line \(line(at: index))")
    }

    // MARK: Bytes

    private func firstIndex(of target: UInt8, from start: Int) -> Int? {
        var position = start
        while position < bytes.count {
            if bytes[position] == target { return position }
            position += 1
        }
        return nil
    }

    /// Moves to the next `@` that begins a line (after spaces or tabs) past the bad entry's `@`.
    private mutating func resynchronise(after at: Int) {
        var position = at + 1
        var atLineStart = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                atLineStart = true
            } else if byte == UInt8(ascii: "@") && atLineStart {
                index = position
                return
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") {
                atLineStart = false
            }
            position += 1
        }
        index = bytes.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
    }

    /// Whitespace, and `%` comment lines between fields, which BibTeX rejects but
    /// hand-written files use and biber accepts.
    private mutating func skipWhitespaceAndLineComments() {
        while index < bytes.count {
            if isWhitespace(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "%") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else {
                return
            }
        }
    }

    /// 1-based line of a byte offset, counted from the last offset asked about.
    private mutating func line(at offset: Int) -> Int {
        var line = lineCursor.line
        if offset >= lineCursor.offset {
            for position in lineCursor.offset..<offset where bytes[position] == UInt8(ascii: "\n") { line += 1 }
        } else {
            for position in offset..<lineCursor.offset where bytes[position] == UInt8(ascii: "\n") { line -= 1 }
        }
        lineCursor = (offset, line)
        return line
    }
}
