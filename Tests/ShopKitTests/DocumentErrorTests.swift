import ShopKit
import Testing

/// Bad bodies become `DocumentError`s that say what was found, never a crash or an empty result.
@Suite struct DocumentErrorTests {
    @Test func anEmptyBodyIsEmpty() {
        #expect(throws: DocumentError.empty) { try WebserviceDocument(xml: "") }
        #expect(throws: DocumentError.empty) { try WebserviceDocument(xml: " \n\t") }
        #expect(throws: DocumentError.empty) { try WebserviceDocument(json: "") }
    }

    @Test func aTruncatedBodyIsMalformedAndQuotesItsEnd() {
        let cut = "<?xml version=\"1.0\"?><prestashop><product><id><![CDATA[1]]></id><name><language id=\"1\">Fad"
        let error = #expect(throws: DocumentError.self) { try WebserviceDocument(xml: cut) }
        guard case .malformedXML(let ending)? = error else {
            Issue.record("not reported as malformed: \(String(describing: error))")
            return
        }
        #expect(ending.hasSuffix("<language id=\"1\">Fad"))
        #expect(throws: DocumentError.self) { try WebserviceDocument(xml: "<prestashop><product><id>1</idd></product></prestashop>") }
    }

    @Test func anHTMLPageIsNamedAsSuch() throws {
        let page = "<!DOCTYPE html>\n<html><head><title>503 Service Unavailable</title></head><body><p>Maintenance<br></body></html>"
        #expect(throws: DocumentError.htmlInsteadOfXML(title: "503 Service Unavailable")) { try WebserviceDocument(xml: page) }
        let xhtml = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>Login</title></head><body/></html>"
        #expect(throws: DocumentError.htmlInsteadOfXML(title: "Login")) { try WebserviceDocument(xml: xhtml) }
        #expect(throws: DocumentError.htmlInsteadOfXML(title: nil)) { try WebserviceDocument(json: page) }
    }

    @Test func anotherRootIsRefused() {
        #expect(throws: DocumentError.unexpectedRoot(found: "rss")) { try WebserviceDocument(xml: "<rss><channel/></rss>") }
    }

    @Test func theShopsErrorDocumentCarriesItsCodes() throws {
        let body = """
            <?xml version="1.0" encoding="UTF-8"?>
            <prestashop xmlns:xlink="http://www.w3.org/1999/xlink">
            <errors><error><code><![CDATA[87]]></code><message><![CDATA[Id(s) not exists: 99]]></message></error></errors>
            </prestashop>
            """
        #expect(throws: DocumentError.shopErrors([ShopErrorMessage(code: 87, message: "Id(s) not exists: 99")])) {
            try WebserviceDocument(xml: body)
        }
        let error = DocumentError.shopErrors([ShopErrorMessage(code: 87, message: "Id(s) not exists: 99")])
        #expect(error.localizedDescription.contains("[87] Id(s) not exists: 99"))
    }

    @Test(.enabled(if: DocumentFixtures.present, "\(DocumentFixtures.absent)"))
    func theRecordedErrorAndEmptyAnswersAreTyped() throws {
        let base = "\(DocumentFixtures.iq2i)/response/"
        #expect(throws: DocumentError.shopErrors([ShopErrorMessage(code: 87, message: "Id(s) not exists: 99")])) {
            try DocumentFixtures.document(base + "delete_invalid_category.xml")
        }
        #expect(throws: DocumentError.shopErrors([ShopErrorMessage(code: 92, message: "Invalid ID")])) {
            try DocumentFixtures.document(base + "update_invalid_category.xml")
        }
        // DELETE answers 200 with no body.
        #expect(throws: DocumentError.empty) { try DocumentFixtures.document(base + "delete_category.xml") }
    }

    @Test func malformedJSONAndUnexpectedShapesAreNamed() {
        #expect(throws: DocumentError.self) { try WebserviceDocument(json: "{\"product\":") }
        #expect(throws: DocumentError.malformedJSON(detail: "the top level is neither an object nor an array")) {
            try WebserviceDocument(json: "42")
        }
        #expect(throws: DocumentError.malformedJSON(detail: "“name” of a <product> has a language without a numeric id")) {
            try WebserviceDocument(json: #"{"product":{"id":1,"name":[{"id":"x","value":"Mug"}]}}"#)
        }
    }

    @Test func askingForTheWrongRecordSaysWhatIsThere() throws {
        let document = try WebserviceDocument(xml: "<prestashop><customer><id>1</id><email>a@b.c</email></customer></prestashop>")
        #expect(throws: DocumentError.unexpectedContent(expected: "<product> records", found: "one <customer> record")) {
            try document.records("product")
        }
        #expect(throws: ModelError.document(.unexpectedContent(expected: "<product> records", found: "one <customer> record"))) {
            try Product.one(in: document)
        }
    }

    @Test func aValueOfTheWrongKindNamesRecordFieldAndValue() throws {
        let document = try WebserviceDocument(xml: "<prestashop><product><id>7</id><price>16,51</price></product></prestashop>")
        #expect(throws: ModelError.invalidValue(element: "product", id: 7, field: "price", value: "16,51", expected: "a decimal number with at most 6 places")) {
            try Product.one(in: document)
        }
        let flag = try WebserviceDocument(xml: "<prestashop><customer><id>2</id><active>yes</active></customer></prestashop>")
        #expect(throws: ModelError.invalidValue(element: "customer", id: 2, field: "active", value: "yes", expected: "0 or 1")) {
            try Customer.one(in: flag)
        }
        let date = try WebserviceDocument(xml: "<prestashop><order><id>3</id><date_add>2016-13-01 10:00:00</date_add></order></prestashop>")
        #expect(throws: ModelError.self) { try Order.one(in: date) }
    }
}
