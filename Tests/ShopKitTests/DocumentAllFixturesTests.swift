import Foundation
import ShopKit
import Testing

/// Every fixture document is read, and every record ShopKit has a model for becomes that model.
@Suite(.enabled(if: DocumentFixtures.present, "\(DocumentFixtures.absent)"))
struct DocumentAllFixturesTests {
    static let searchError = "You have to set both the 'language' and 'query' parameters to get a result"

    /// Files that are not documents of records, and what reading them gives instead.
    static let expectedErrors: [String: DocumentError] = [
        "\(DocumentFixtures.iq2i)/response/delete_category.xml": .empty,
        "\(DocumentFixtures.iq2i)/response/delete_invalid_category.xml": .shopErrors([ShopErrorMessage(code: 87, message: "Id(s) not exists: 99")]),
        "\(DocumentFixtures.iq2i)/response/update_invalid_category.xml": .shopErrors([ShopErrorMessage(code: 92, message: "Invalid ID")]),
        // The docs' "blank schema" of `search` is the error a search without its parameters gets.
        "\(DocumentFixtures.docs8)/blank-schemas/search.xml": .shopErrors([ShopErrorMessage(code: 100, message: searchError)]),
        "\(DocumentFixtures.docs17)/blank-schemas/search.xml": .shopErrors([ShopErrorMessage(code: 100, message: searchError)]),
    ]

    static func xmlFiles() -> [String] {
        [DocumentFixtures.recorded, DocumentFixtures.iq2i, DocumentFixtures.thesisEra,
         "\(DocumentFixtures.docs8)/blank-schemas", "\(DocumentFixtures.docs17)/blank-schemas",
         "\(DocumentFixtures.docs8)/examples", "\(DocumentFixtures.docs17)/examples"]
            .flatMap { DocumentFixtures.files(under: $0, extension: "xml") }
    }

    @Test func everyRecordedResponseIsAmongTheFilesRead() {
        let files = Self.xmlFiles()
        // 373 recorded 1.6.1 responses and 2 requests (SOURCES.md §1), 3 + 7 IQ2i files (one held out), 8 from 1.5.
        #expect(files.filter { $0.hasPrefix("\(DocumentFixtures.recorded)/responses/") }.count == 373)
        #expect(files.filter { $0.hasPrefix("\(DocumentFixtures.recorded)/requests/") }.count == 2)
        #expect(files.filter { $0.hasPrefix(DocumentFixtures.iq2i) }.count == 10)
        #expect(files.filter { $0.hasPrefix(DocumentFixtures.thesisEra) }.count == 8)
    }

    @Test func everyFixtureDocumentReadsAndItsRecordsDecode() throws {
        var decodedByElement: [String: Int] = [:]
        for path in Self.xmlFiles() {
            let document: WebserviceDocument
            do {
                document = try DocumentFixtures.document(path)
            } catch let error as DocumentError {
                #expect(Self.expectedErrors[path] == error, "\(path): \(error.localizedDescription)")
                continue
            }
            #expect(Self.expectedErrors[path] == nil, "\(path) read, but it should not")
            #expect(!document.contents.isEmpty, "\(path) holds nothing")
            // Tutorial bodies with `{{placeholders}}` are templates, not values.
            if String(decoding: try DocumentFixtures.bytes(path), as: UTF8.self).contains("{{") { continue }
            for content in document.contents {
                let records: [WebserviceRecord]
                switch content {
                case .record(let record): records = [record]
                case .records(_, let list): records = list
                default: records = []
                }
                for record in records {
                    guard let type = ShopModels.type(forElement: record.element) else { continue }
                    do {
                        _ = try type.init(record: record)
                        decodedByElement[record.element, default: 0] += 1
                    } catch {
                        Issue.record("\(path): \(error.localizedDescription)")
                    }
                }
            }
        }
        // The recorded sets: 244 countries, 29 taxes, 14 order states, 18 option values…
        #expect(decodedByElement["country"]! >= 244 + 2)
        #expect(decodedByElement["tax"]! >= 29 + 2)
        #expect(decodedByElement["order_state"]! >= 14 + 2)
        #expect(decodedByElement["product_option_value"]! >= 18)
        #expect(decodedByElement["stock_available"]! >= 52)
        for element in ["product", "category", "customer", "address", "carrier", "combination", "order", "cart", "content", "specific_price", "state"] {
            #expect(decodedByElement[element, default: 0] > 0, "no <\(element)> decoded")
        }
    }

    @Test func allRecordedCountriesHaveNamesAndISOCodes() throws {
        let files = DocumentFixtures.files(under: "\(DocumentFixtures.recorded)/responses/countries", extension: "xml")
        #expect(files.count == 244)
        var byISO: [String: String] = [:]
        for path in files {
            let country = try Country.one(in: try DocumentFixtures.document(path))
            byISO[try #require(country.isoCode)] = country.name?.best()
        }
        #expect(byISO.count == 244)
        #expect(byISO["FR"] == "France")
        #expect(byISO["GB"] == "United Kingdom")
        #expect(byISO["US"] == "United States")
        let list = try DocumentFixtures.response("get_countries.xml").references("country")
        #expect(list.count == 244)
    }
}
