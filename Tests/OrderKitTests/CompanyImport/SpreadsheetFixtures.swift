import Foundation

/// The spreadsheet fixtures of Resources/spreadsheets (how each was made: SOURCES.md there).
enum SpreadsheetFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/spreadsheets")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
