import Foundation
import Testing
import TestSupport

/// The shared barcode fixtures (`../shared/fixtures/barcodes` next to the package root) and
/// helpers for writing modules as the 0/1 strings of the GS1 tables.
enum EANUPCFixtures {
    static let root: URL = BarcodeFixtures.root

    static var available: Bool { BarcodeFixtures.available }

    static let required = BarcodeFixtures.required

    /// The expected decoded texts of one folder (`<stem>.txt`, not `<stem>.result.txt`), exactly as stored.
    static func expectedTexts(in folder: String) throws -> [String] {
        let directory = root.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".txt") && !$0.hasSuffix(".result.txt") }
            .sorted()
        return try names.map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
    }
}

/// Modules as a "0"/"1" string, the notation of the GS1 number-set tables.
func eanModuleString(_ modules: [Bool]) -> String {
    String(modules.map { $0 ? "1" : "0" })
}


func randomEANDigits(_ count: Int, using generator: inout SeededGenerator) -> String {
    String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
}
