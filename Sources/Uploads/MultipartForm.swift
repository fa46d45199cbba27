import MultipartKit
import NIOCore

/// Why a `multipart/form-data` body could not be read. Each case is the client's mistake, so a
/// server answers it with 400, never a crash.
public enum MultipartFormError: Error, Equatable, Sendable {
    /// The Content-Type names no `boundary` parameter.
    case noBoundary
    /// The boundary is empty, too long or holds characters RFC 2046 does not allow.
    case invalidBoundary(String)
    /// The body is not a multipart body with that boundary, or it was cut short.
    case malformed(String)

    public var reason: String {
        switch self {
        case .noBoundary: "the Content-Type has no multipart boundary"
        case .invalidBoundary(let why): "the multipart boundary is not valid: \(why)"
        case .malformed(let why): why
        }
    }
}

/// Reads the file fields of a `multipart/form-data` body (RFC 7578) with MultipartKit's parser,
/// after checking what that parser takes on trust: it traps on an empty boundary.
public enum MultipartForm {
    /// RFC 2046 §5.1.1: a boundary is 1 to 70 of these characters and does not end with a space.
    static let boundaryCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".utf8)

    /// The `boundary` parameter of a `multipart/form-data; boundary=…` Content-Type, quoted or not.
    public static func boundary(in contentType: String) throws(MultipartFormError) -> String {
        for parameter in contentType.split(separator: ";").dropFirst() {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let name = parameter[..<equals].trimmingSpaces()
            guard name.lowercased() == "boundary" else { continue }
            var value = parameter[parameter.index(after: equals)...].trimmingSpaces()
            if value.hasPrefix("\"") {
                guard value.count >= 2, value.hasSuffix("\"") else { throw .invalidBoundary("its opening quote is never closed") }
                value = value.dropFirst().dropLast()
            }
            try validate(boundary: value)
            return String(value)
        }
        throw .noBoundary
    }

    static func validate(boundary: Substring) throws(MultipartFormError) {
        guard !boundary.isEmpty else { throw .invalidBoundary("it is empty") }
        guard boundary.utf8.count <= 70 else { throw .invalidBoundary("it is \(boundary.utf8.count) characters long; at most 70 are allowed") }
        guard boundary.utf8.allSatisfy(boundaryCharacters.contains) else {
            throw .invalidBoundary("it holds a character outside letters, digits and '()+_,-./:=? ")
        }
        guard boundary.last != " " else { throw .invalidBoundary("it ends with a space") }
    }

    /// The body of the first part named `field`, or nil when the form has no such part.
    /// A body that does not end with the closing delimiter (`--boundary--`) was cut short and is
    /// refused rather than read in part.
    public static func file(named field: String, in body: ByteBuffer, boundary: String) throws(MultipartFormError) -> ByteBuffer? {
        try part(named: field, in: body, boundary: boundary)?.body
    }

    /// As `file(named:in:boundary:)`, with the file name the browser sent (the `filename`
    /// parameter of the part's Content-Disposition, without any folder), when it sent one.
    public static func part(named field: String, in body: ByteBuffer, boundary: String) throws(MultipartFormError) -> (body: ByteBuffer, filename: String?)? {
        try validate(boundary: boundary[...])
        let closing = Array("--\(boundary)--".utf8)
        guard body.withUnsafeReadableBytes({ offset(of: closing, in: $0, from: 0) }) != nil else {
            throw .malformed("the body does not end with its closing boundary: the upload was cut short or is not multipart")
        }
        if let offset = nonASCIIPartHeaderName(in: body, boundary: boundary) {
            throw .malformed("a part's header name holds a byte outside ASCII (at byte \(offset) of the body)")
        }
        let parts: [MultipartPart]
        do {
            parts = try parse(body, boundary: boundary)
        } catch {
            throw .malformed("the multipart body could not be parsed (\(error))")
        }
        guard let part = parts.firstPart(named: field) else { return nil }
        return (part.body, part.headers.first(name: "Content-Disposition").flatMap(filename(in:)))
    }

    /// `filename="x.csv"` (or unquoted) of a Content-Disposition value, its last path
    /// component only: old browsers send the whole path (`C:\Users\…\x.csv`).
    static func filename(in disposition: String) -> String? {
        for parameter in disposition.split(separator: ";").dropFirst() {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            guard parameter[..<equals].trimmingSpaces().lowercased() == "filename" else { continue }
            var value = parameter[parameter.index(after: equals)...].trimmingSpaces()
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            let name = value.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
            return name.isEmpty ? nil : String(name.prefix(200))
        }
        return nil
    }

    /// Where a part's header name holds a byte of 128 or more, or nil.
    ///
    /// MultipartKit's parser (4.7.1) looks each byte of a header name up in a table of the 128
    /// ASCII characters and traps on any other byte: "Index out of range" in
    /// `UInt8.isAllowedHeaderFieldNameCharacter`, found by Fuzz/'s MultipartFuzzer. Wherever that
    /// parser starts a part's headers, the body holds `--boundary` and CRLF just before, so this
    /// looks after every such place, walks the header lines (a name up to `:`, a value up to CR,
    /// then LF) and finds any name byte above 127 before the parser would. It may look where the
    /// parser never does (after those bytes inside a file), never the other way round; a place it
    /// finds that the parser would have stopped before is a malformed form either way. Linear: each
    /// search resumes on the last line the previous walk read, since a line start the walk read
    /// is read the same way from any `--boundary` CRLF that ends just before it.
    static func nonASCIIPartHeaderName(in body: ByteBuffer, boundary: String) -> Int? {
        let opening = Array("--\(boundary)\r\n".utf8)
        let colon = UInt8(ascii: ":"), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        return body.withUnsafeReadableBytes { bytes -> Int? in
            var searchFrom = 0
            while let found = offset(of: opening, in: bytes, from: searchFrom) {
                var index = found + opening.count
                var lineStart = index
                walk: while index < bytes.count {
                    // A name: up to the first ':' after at least one byte. CR ends the headers
                    // (after an empty name) or the parse (a syntax error after any other): either
                    // way the parser reads no further name from here.
                    lineStart = index
                    while index < bytes.count {
                        let byte = bytes[index]
                        if byte >= 0x80 { return index }
                        if byte == cr { break walk }
                        index += 1
                        if byte == colon, index - 1 > lineStart { break }
                    }
                    // A value: anything up to CR, which LF must follow.
                    guard let end = bytes[index...].firstIndex(of: cr), end + 1 < bytes.count, bytes[end + 1] == lf else { break walk }
                    index = end + 2
                }
                searchFrom = max(found + opening.count, lineStart)
            }
            return nil
        }
    }

    /// The offset of the first `pattern` in `bytes` at or after `start`, by Knuth–Morris–Pratt:
    /// linear whatever the bytes. (The standard library's generic `firstRange(of:)` reads a random
    /// 16 MB body in about 1.6 s in release, a hundred times slower.)
    static func offset(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard !pattern.isEmpty, start >= 0, start < bytes.count else { return nil }
        // fallback[i]: the length of the longest proper prefix of pattern[...i] that ends it too.
        var fallback = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for i in pattern.indices.dropFirst() {
            while length > 0, pattern[i] != pattern[length] { length = fallback[length - 1] }
            if pattern[i] == pattern[length] { length += 1 }
            fallback[i] = length
        }
        var matched = 0
        for index in start..<bytes.count {
            let byte = bytes[index]
            while matched > 0, byte != pattern[matched] { matched = fallback[matched - 1] }
            if byte == pattern[matched] { matched += 1 }
            if matched == pattern.count { return index + 1 - pattern.count }
        }
        return nil
    }

    private static func parse(_ buffer: ByteBuffer, boundary: String) throws -> [MultipartPart] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [MultipartPart] = []
        var headers = HTTPHeaders()
        var body = ByteBuffer()
        parser.onHeader = { name, value in headers.add(name: name, value: value) }
        parser.onBody = { chunk in body.writeBuffer(&chunk) }
        parser.onPartComplete = {
            parts.append(MultipartPart(headers: headers, body: body))
            headers = HTTPHeaders()
            body = ByteBuffer()
        }
        try parser.execute(buffer)
        return parts
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> SubSequence {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}
