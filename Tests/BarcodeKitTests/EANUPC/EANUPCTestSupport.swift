import Foundation
import Testing

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

/// A small deterministic generator, so a failing random case reproduces on every run.
struct EANUPCRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func randomEANDigits(_ count: Int, using generator: inout EANUPCRandom) -> String {
    String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
}
