/// Finds the line on which each element of a JSON file's publication array starts, so that a
/// record the decoder rejects can be reported by line like a bad CSV row or BibTeX entry.
enum JSONRecordLocator {
    /// Start lines (1-based) of the elements of the first array nested `arrayDepth` levels deep
    /// (1 for a top-level array, 2 for `{"publications": [...]}`).
    static func elementLines(in bytes: [UInt8], arrayDepth: Int) -> [Int] {
        var lines: [Int] = []
        var line = 1, depth = 0, inString = false, escaped = false, expectingElement = false
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if expectingElement { lines.append(line); expectingElement = false }
                depth += 1
                if byte == UInt8(ascii: "["), depth == arrayDepth { expectingElement = true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == arrayDepth, byte == UInt8(ascii: "]") { return lines }
                depth -= 1
                expectingElement = false
            case UInt8(ascii: ","):
                if depth == arrayDepth { expectingElement = true }
            default:
                if byte == UInt8(ascii: "\"") { inString = true }
                if expectingElement { lines.append(line); expectingElement = false }
            }
        }
        return lines
    }
}
