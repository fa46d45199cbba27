import Foundation
import ShopKit
import Testing

/// The JSON output (`output_format=JSON`, API-NOTES §8). The only samples are the
/// documentation's two abridged ones (SOURCES.md §4), whose `...` lines stand for omitted
/// fields; they are removed (and the comma they leave dangling) before reading.
@Suite(.enabled(if: DocumentFixtures.present, "\(DocumentFixtures.absent)"))
struct DocumentJSONTests {
    static func unabridged(_ path: String) throws -> String {
        let text = String(decoding: try DocumentFixtures.bytes(path), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.trimmingCharacters(in: .whitespaces) != "..." }
        return lines.joined(separator: "\n").replacingOccurrences(of: #",(\s*[}\]])"#, with: "$1", options: .regularExpression)
    }

    @Test(arguments: [DocumentFixtures.docs8, DocumentFixtures.docs17])
    func i18nFieldsAsAnArrayOfLanguages(docs: String) throws {
        let json = try Self.unabridged("\(docs)/examples/tutorials__advanced-use__multilang-fields__2.json")
        let record = try WebserviceDocument(json: json).record("product")
        #expect(record.id == 19)
        #expect(record.field("id_manufacturer")?.text == "1")
        #expect(record.field("name")?.value == .languages([
            LanguageValue(languageID: 1, text: "Customizable mug"), LanguageValue(languageID: 2, text: "Mug personnalisable"),
        ]))
        let product = try Product(record: record)
        #expect(product.name?.best(preferring: [2]) == "Mug personnalisable")
        #expect(product.manufacturerID == 1)
    }

    @Test(arguments: [DocumentFixtures.docs8, DocumentFixtures.docs17])
    func i18nFieldsAsAPlainStringWhenOneLanguageCameBack(docs: String) throws {
        let json = try Self.unabridged("\(docs)/examples/tutorials__advanced-use__multilang-fields__3.json")
        let product = try Product.one(in: try WebserviceDocument(json: json))
        #expect(product.id == 19)
        #expect(product.name?.texts == [LocalizedText.unspecifiedLanguage: "Customizable mug"])
        #expect(product.name?.best(preferring: [1]) == "Customizable mug")
        #expect(product.description?.best().hasPrefix("<p><span style=\"font-size:10pt;") == true)
    }

    @Test func theJSONShapesOfTheSourceAreRead() throws {
        // Shapes from WebserviceOutputJSON as API-NOTES §8 describes them (no captured sample exists).
        #expect(try WebserviceDocument(json: "[]").contents == [.emptyList(wrapper: nil)])
        #expect(try WebserviceDocument(json: #"{"products":[]}"#).contents == [.emptyList(wrapper: "products")])
        let list = try WebserviceDocument(json: #"{"products":[{"id":1},{"id":2}]}"#)
        #expect(try list.references("product").map(\.id) == [1, 2])
        let full = try WebserviceDocument(json: #"{"categories":[{"id":2,"name":"Home","associations":{"categories":[{"id":"3"}]}}]}"#)
        let category = try #require(try Category.all(in: full).first)
        #expect(category.childIDs == [3] && category.name?.best() == "Home")
        #expect(throws: DocumentError.shopErrors([ShopErrorMessage(code: 87, message: "Id(s) not exists: 99")])) {
            try WebserviceDocument(json: #"{"errors":[{"code":87,"message":"Id(s) not exists: 99"}]}"#)
        }
    }
}
