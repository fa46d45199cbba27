import Testing
@testable import ScholarKit

/// Issue 36, item 2: LaTeX decoding reads each byte of a value a bounded number of times.
/// Accent arguments used to be decoded again at every level, so `\'{\'{…}}` n deep cost O(n²)
/// and n nested decoders (a stack overflow on a long title).
@Suite struct LaTeXNestingBoundTests {
    static func nested(_ depth: Int) -> [UInt8] {
        Array((String(repeating: "\\'{", count: depth) + "e" + String(repeating: "}", count: depth)).utf8)
    }

    /// Nesting within `maxAccentNesting` is decoded in full: two acute accents on e (NFC
    /// composes the first with the e).
    @Test func shallowNestingKeepsEveryAccent() {
        #expect(LaTeXText.decode(Self.nested(2)[...]) == "\u{E9}\u{301}")
        #expect(LaTeXText.decode(Self.nested(4)[...]) == "\u{E9}\u{301}\u{301}\u{301}")
    }

    /// 100,000 levels: the first four carry their accents, the rest are read as plain text, and
    /// every byte is read at most once per level kept plus once more: work ≤ 5 × the input.
    @Test func deepNestingCostsAtMostFiveReadsPerByte() {
        let input = Self.nested(100_000)
        let (text, work) = LaTeXText.decodeCountingWork(input[...])
        #expect(text == "\u{E9}\u{301}\u{301}\u{301}")
        #expect(work <= 5 * input.count)
    }

    /// Real values pay nothing extra: every byte is read once, or twice inside an accent's braces.
    @Test func ordinaryAccentsReadTheirArgumentOnce() {
        let input = Array("Erd{\\H{o}}s and G{\\\"o}del, Ca\\~{n}ada".utf8)
        let (text, work) = LaTeXText.decodeCountingWork(input[...])
        #expect(text == "Erdős and Gödel, Cañada")
        #expect(work == input.count + 1 + 1)   // the "o" of \H{o} and the "n" of \~{n}, read again
    }
}
