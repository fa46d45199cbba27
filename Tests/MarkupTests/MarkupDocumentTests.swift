import Testing
@testable import Markup

@Suite struct MarkupDocumentTests {
    @Test func realWorldHTMLWithUnquotedAttributesAndUnclosedTagsParses() throws {
        let document = try MarkupDocument.html("<div class=gs_r><h3 class=\"gs_rt\"><a href=/x?a=1&b=2>Maps &amp; models</a></h3><p>unclosed <b>bold</div><div class='gs_r other'>second")
        let results = try document.select("//div[\(XPathPredicate.hasClass("gs_r"))]")
        #expect(results.count == 2)
        let link = try #require(try results[0].first(".//h3/a"))
        #expect(link.text == "Maps & models")
        #expect(link.attribute("href") == "/x?a=1&b=2")
        #expect(link.attribute("title") == nil)
        #expect(link.parent?.name == "h3")
        #expect(results[1].hasClass("other") && !results[1].hasClass("gs"))
        #expect(results[0].children.map(\.name) == ["h3", "p"])
    }

    @Test func normalizedTextCollapsesWhitespaceAndNoBreakSpaces() throws {
        let document = try MarkupDocument.html("<p>  A&nbsp;Author,\n\t B   Author  </p>")
        #expect(try document.first("//p")?.normalizedText == "A Author, B Author")
    }

    @Test func xmlIsParsedWithoutExpandingExternalEntities() throws {
        let document = try MarkupDocument.xml("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY secret SYSTEM \"file:///etc/hostname\">]><x><y id=\"1\">a&secret;b</y></x>")
        let node = try #require(try document.first("/x/y"))
        #expect(node.attribute("id") == "1")
        #expect(node.text == "ab")
    }

    @Test func nodesKeepTheirDocumentAlive() throws {
        func firstLink() throws -> MarkupNode? {
            try MarkupDocument.html("<a href=kept>text</a>").first("//a")
        }
        let node = try #require(try firstLink())
        #expect(node.attribute("href") == "kept")
    }

    @Test func emptyInputAndBadXPathAreErrors() throws {
        #expect(throws: MarkupError.empty) { try MarkupDocument.html(" \n ") }
        let document = try MarkupDocument.html("<p>x</p>")
        #expect(throws: MarkupError.invalidXPath("//p[")) { try document.select("//p[") }
    }

    @Test func latin1PagesAreDecodedFromTheirBytes() throws {
        let bytes: [UInt8] = Array("<html><head><meta charset=iso-8859-1></head><body><p>Caf".utf8) + [0xE9] + Array("</p></body></html>".utf8)
        #expect(try MarkupDocument.html(bytes).first("//p")?.text == "Café")
    }
}
