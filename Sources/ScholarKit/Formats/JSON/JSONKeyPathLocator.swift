/// Finds the line on which each element of the array at a key path starts (`["group"]` in an
/// ORCID works answer, `["message", "items"]` in a Crossref list), so that a record that cannot
/// be used is reported by its line, as `JSONRecordLocator` does for Bottega's own lists.
enum JSONKeyPathLocator {
    private struct Frame {
        let isObject: Bool
        /// The key whose value is being read (objects only).
        var key: String?
        var expectingKey: Bool
    }

    /// Start lines (1-based) of the elements of the first array at `path` from the top-level
    /// object (every step an object's key); empty when there is none.
    static func elementLines(in bytes: [UInt8], path: [String]) -> [Int] {
        var lines: [Int] = []
        var stack: [Frame] = []
        var line = 1
        var index = 0
        var targetDepth: Int?
        var expectingElement = false
        func elementStarts() {
            guard expectingElement, stack.count == targetDepth else { return }
            lines.append(line)
            expectingElement = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: "\""):
                let start = index + 1
                var escaped = false
                index += 1
                while index < bytes.count {
                    let character = bytes[index]
                    if character == UInt8(ascii: "\n") { line += 1 }
                    if escaped { escaped = false } else if character == UInt8(ascii: "\\") { escaped = true } else if character == UInt8(ascii: "\"") { break }
                    index += 1
                }
                if let last = stack.last, last.isObject, last.expectingKey {
                    stack[stack.count - 1].key = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
                    stack[stack.count - 1].expectingKey = false
                } else {
                    elementStarts()
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                elementStarts()
                let isTarget = byte == UInt8(ascii: "[") && targetDepth == nil && stack.allSatisfy(\.isObject) && stack.map(\.key) == path.map(Optional.some)
                stack.append(Frame(isObject: byte == UInt8(ascii: "{"), key: nil, expectingKey: byte == UInt8(ascii: "{")))
                if isTarget {
                    targetDepth = stack.count
                    expectingElement = true
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if stack.count == targetDepth { return lines }
                if !stack.isEmpty { stack.removeLast() }
            case UInt8(ascii: ","):
                if let last = stack.last {
                    if last.isObject { stack[stack.count - 1].expectingKey = true } else if stack.count == targetDepth { expectingElement = true }
                }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ":"):
                break
            default:
                elementStarts()
            }
            index += 1
        }
        return lines
    }
}
