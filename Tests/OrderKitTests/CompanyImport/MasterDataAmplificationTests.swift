import Foundation
import Testing
import TestSupport
@testable import OrderCompany
@testable import OrderKit

/// Issue 36, item 5, for the company's sheet upload: generated customer sheets (long cells,
/// quoted cells full of escapes and line breaks, many rows) cost memory within k × their size:
/// every kept cell is within its column's limit, and every problem quotes at most 40 characters,
/// so what a refusal reports does not grow with the bad cell. Seeded, so a failure repeats.
struct MasterDataAmplificationTests {
    static func sheet(_ generator: inout SeededGenerator) -> String {
        let kind = Int(generator.next() % 4), size = Int(generator.next() % 200_000) + 1
        var text = "Codice;Ragione sociale;Città;Note\n"
        switch kind {
        case 0:   // one very long name
            text += "C1;\(String(repeating: "Bar ", count: size / 4));Forlì;\n"
        case 1:   // a quoted note of escapes and line breaks
            text += "C1;Bar;Forlì;\"" + String(repeating: "\"\"a;\n", count: size / 5) + "\"\n"
        case 2:   // many rows, some names over the limit
            for row in 0..<(size / 400) { text += "C\(row);\(String(repeating: "n", count: row % 3 == 0 ? 301 : 20));Cesena;\n" }
        default:  // a long city in every row
            for row in 0..<(size / 1_000) { text += "C\(row);Bar \(row);\(String(repeating: "c", count: 900));\n" }
        }
        return text
    }

    @Test func generatedSheetsKeepOrReportBoundedText() throws {
        var generator = SeededGenerator(seed: 36)
        for _ in 0..<30 {
            let text = Self.sheet(&generator)
            let table = try SpreadsheetReader.read(Array(text.utf8))
            do {
                let records = try MasterDataImport.records(from: table, kind: .customer)
                for record in records {
                    guard case .customer(let customer) = record.record else { continue }
                    #expect(customer.companyName.unicodeScalars.count <= 300 && customer.city.unicodeScalars.count <= 300)
                    #expect(customer.notes.unicodeScalars.count <= 2_000)
                }
            } catch .invalidCells(let problems) {
                #expect(problems.allSatisfy { $0.value.unicodeScalars.count <= 300 })
                let reported = problems.reduce(0) { $0 + $1.description.utf8.count }
                #expect(reported <= 2 * text.utf8.count + 1_000, "reported \(reported) bytes for a sheet of \(text.utf8.count)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
