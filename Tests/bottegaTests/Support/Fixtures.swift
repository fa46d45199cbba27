import Foundation
import Testing
import TestSupport

/// The shared real-world fixtures (``SharedFixtures``), with the CLI tests' shortcuts.
enum Fixtures {
    static let root: URL = SharedFixtures.root

    static var available: Bool { SharedFixtures.enabled() }

    /// Skips a test, with a message saying why, when the fixtures folder is absent (not under CI).
    static let required = ConditionTrait.enabled(if: available, Comment(rawValue: SharedFixtures.skipMessage()))

    static func export(_ name: String) -> String { root.appendingPathComponent("scholar/exports/\(name)").path }

    static func barcode(_ name: String) -> String { root.appendingPathComponent("barcodes/\(name)").path }

    /// Every real export, with the number of publications SOURCES.md says it holds.
    static let exports: [(file: String, papers: Int)] = [
        ("pop-gscholar-waldo-tobler-PoPCites.csv", 829),
        ("pop-gscholar-mvvm-2024-01-20.csv", 38),
        ("zotero-waldo-tobler.csv", 330),
        ("scopus-waldo-tobler.ris", 81),
        ("wos-propithecus-coquereli-savedrecs.bib", 92),
        ("pop-gscholar-json-microsourcing.json", 7),
    ]
}
