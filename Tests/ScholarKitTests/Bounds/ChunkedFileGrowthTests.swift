import Foundation
import Testing
@testable import ScholarKit

/// Issue 36, item 2: a streamed reader that needs more of a long record starts again from the
/// record's start, so `ChunkedFile` reads at least what is left each time: the buffer doubles,
/// and a record of n bytes costs O(log n) reads and O(n) rescanning, not n / chunk of each.
@Suite struct ChunkedFileGrowthTests {
    @Test func aRecordLongerThanAPieceIsWholeAfterLogarithmicallyManyReads() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bottega-chunks-\(UUID().uuidString).csv")
        try Data(repeating: UInt8(ascii: "x"), count: 65_536).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var file = try ChunkedFile(url: url, chunkSize: 16)
        // A reader that finds no record end yet and keeps everything, as CSVFactsReader does
        // inside a long quoted field.
        var rescanned = 0
        while !file.isAtEnd {
            rescanned += file.buffer.count
            try file.advance(dropping: 0)
        }
        #expect(file.buffer.count == 65_536)
        // 16, 32, 64, … 65,536: 13 reads of data, then one empty read that ends the file.
        #expect(file.reads == 14)
        // Every rescan reads at most what is there: 16 + 32 + … + 32,768 + 65,536 < 2 × 65,536.
        #expect(rescanned < 2 * 65_536)
    }

    @Test func theStreamedMetricsOfAHugeQuotedFieldMatchTheWholeFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bottega-quoted-\(UUID().uuidString).csv")
        let text = "Title,Cites\n\"" + String(repeating: "a,\n\"\"", count: 5_000) + "\",3\nshort,1\n"
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        StreamedMetricsTests.expectSame(url)
    }
}
