import BarcodeKit
import Foundation
import Testing
import TestSupport

/// The shared barcode fixtures (`../shared/fixtures/barcodes` next to the package root): the
/// zxing-cpp black-box images with their expected texts (see SOURCES.md there).
enum BarcodeFixtures {
    static let root: URL = SharedFixtures.url("barcodes")

    static var available: Bool { SharedFixtures.enabled("barcodes") }

    /// Called between the images of a long decoding loop. Swift Testing runs tests on the
    /// cooperative thread pool (one thread per core); a synchronous loop of several seconds
    /// holds a thread, and tests resumed on that pool after a deadline (the SMTP client's
    /// timeout test) then wait a minute for one — a failure of the harness, not of the code.
    static func letOtherTestsRun() async {
        await Task.yield()
    }

    static let required = ConditionTrait.enabled(if: available, Comment(rawValue: SharedFixtures.skipMessage("barcodes")))

    /// One image and the text it must decode to; `expected` is nil for the parts of a
    /// structured-append set (qrcode-7), whose text belongs to the set.
    struct Sample: Sendable, CustomTestStringConvertible {
        let folder: String
        let name: String
        let expected: String?
        var testDescription: String { "\(folder)/\(name)" }

        func image() throws -> GrayImage {
            try ImageLoader.load(BarcodeFixtures.bytes("\(folder)/\(name)"))
        }
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
    }

    /// The image file names of a folder, sorted.
    static func imageNames(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
    }

    /// The exact expected text (`<stem>.txt`, never trimmed), or nil when there is none.
    static func expectedText(folder: String, stem: String) -> String? {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("\(folder)/\(stem).txt")) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// `key=value` lines of `<stem>.result.txt` (comments skipped).
    static func expectedMetadata(folder: String, stem: String) -> [String: String] {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("\(folder)/\(stem).result.txt")) else { return [:] }
        var metadata: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { metadata[String(parts[0])] = String(parts[1]) }
        }
        return metadata
    }

    static func samples(in folder: String) -> [Sample] {
        imageNames(in: folder).map { name in
            let stem = String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
            return Sample(folder: folder, name: name, expected: expectedText(folder: folder, stem: stem))
        }
    }
}
