import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import XMLText

/// The one escaper every writer of XML and HTML uses.
struct XMLTextTests {
    @Test func test_theFiveSpecialCharactersBecomeEntities() {
        #expect(XMLText.escaped(#"Tom & "Jerry" <b>'s</b>"#) == "Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s&lt;/b&gt;")
    }

    @Test func test_forbiddenControlCharactersBecomeSpacesAndLineBreaksStay() {
        #expect(XMLText.escaped("a\u{0}b\u{1B}c\u{FFFE}d") == "a b c d")
        #expect(XMLText.escaped("one\ttwo\nthree\r") == "one\ttwo\nthree\r")
    }

    /// What it writes is well-formed XML that reads back as the original text, in an element
    /// and in an attribute (Foundation's XMLParser on Apple platforms and Linux alike).
    @Test func test_anAttributeAndAnElementReadBackAsTheText() throws {
        let original = #"Bässler & Castañeda-Gómez: "β" <'quoted'>"#
        let document = "<root a=\"\(XMLText.escaped(original))\">\(XMLText.escaped(original))</root>"
        let reader = Reader()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = reader
        #expect(parser.parse())
        #expect(reader.attribute == original)
        #expect(reader.text == original)
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var attribute: String?
        var text = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            attribute = attributes["a"]
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }
}
