import Foundation
@testable import Mail
import Testing

struct MailMessageTests {
    let message = MailMessage(
        to: ["b@example.org"], subject: "Bericht über Zoë", body: "Hi",
        attachments: [.init(filename: "report.html", mimeType: "text/html", content: Array(repeating: 0xFF, count: 1000))],
        date: Date(timeIntervalSince1970: 0))

    @Test func test_renderedMessageHasCRLFLinesNoLongerThan78() throws {
        let text = String(decoding: try message.rendered(from: "a@example.org"), as: UTF8.self)
        #expect(text.hasSuffix("\r\n"))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("\r") })
        // RFC 5322 §2.1.1: SHOULD be no more than 78 characters.
        #expect(lines.allSatisfy { $0.utf8.count <= 78 }, "\(lines.filter { $0.utf8.count > 78 })")
        #expect(lines.contains("Date: Thu, 01 Jan 1970 00:00:00 +0000"))
        #expect(lines.contains("Subject: =?UTF-8?B?QmVyaWNodCDDvGJlciBab8Or?="))
    }

    @Test func test_boundaryIsRandomPerMessage() throws {
        let first = String(decoding: try message.rendered(from: "a@example.org"), as: UTF8.self)
        let second = String(decoding: try message.rendered(from: "a@example.org"), as: UTF8.self)
        func boundary(_ text: String) -> Substring? {
            text.split(separator: "\r\n").first { $0.hasPrefix("Content-Type: multipart/mixed") }
        }
        #expect(boundary(first) != nil)
        #expect(boundary(first) != boundary(second))
    }

    @Test func test_headerInjectionThroughTheSubjectIsRefused() {
        var bad = message
        bad.subject = "Hi\r\nBcc: everyone@example.org"
        #expect(throws: MailError.invalidMessage("the subject “Hi\r\nBcc: everyone@example.org” contains a line break")) {
            try bad.rendered(from: "a@example.org")
        }
    }

    @Test func test_malformedCopyRecipientIsRefused() {
        let bad = MailMessage(to: ["b@example.org"], cc: ["not an address"], subject: "x", body: "y")
        #expect(throws: MailError.self) { try bad.rendered(from: "a@example.org") }
    }

    @Test func test_malformedRecipientIsRefused() {
        var bad = message
        bad.to = ["b@example.org>\r\nRCPT TO:<c@example.org"]
        #expect(throws: MailError.self) { try bad.rendered(from: "a@example.org") }
        bad.to = []
        #expect(throws: MailError.invalidMessage("it has no recipient")) { try bad.rendered(from: "a@example.org") }
    }

    @Test func test_encodedWordsAreAtMost75CharactersAndHoldWholeCharacters() {
        let subject = String(repeating: "📈é", count: 40)
        let words = MIMEEncoding.headerText(subject).components(separatedBy: "\r\n ")
        #expect(words.count > 1)
        #expect(words.allSatisfy { $0.count <= 75 })
        // Each word decodes on its own, so none splits a character.
        let decoded = words.map { word in
            String(data: Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) ?? Data(), encoding: .utf8)
        }
        #expect(decoded.allSatisfy { $0 != nil })
        #expect(decoded.compactMap { $0 }.joined() == subject)
    }

    @Test func test_shortASCIISubjectIsLeftAlone() {
        #expect(MIMEEncoding.headerText("Scholar report") == "Scholar report")
    }

    @Test func test_quotedPrintableKeepsLinesShortAndTrailingSpaceVisible() {
        let encoded = MIMEEncoding.quotedPrintable(String(repeating: "a=b ", count: 40) + "\nend \nçà")
        let lines = encoded.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.count <= 76 })
        #expect(lines.contains("end=20"))
        #expect(lines.last == "=C3=A7=C3=A0")
        #expect(lines.first?.hasPrefix("a=3Db a=3Db") == true)
    }

    @Test func test_nonASCIIFileNameUsesRFC2231() {
        #expect(MIMEEncoding.parameter("filename", "report.html") == "filename=\"report.html\"")
        #expect(MIMEEncoding.parameter("filename", "Zoë report.html") == "filename*=UTF-8''Zo%C3%AB%20report.html")
    }

    @Test func test_dotStuffingDoublesOnlyLeadingDots() {
        let stuffed = SMTPClient.dotStuffed(Array(".a\r\nb.c\r\n.\r\n..d\r\n".utf8))
        #expect(String(decoding: stuffed, as: UTF8.self) == "..a\r\nb.c\r\n..\r\n...d\r\n")
    }
}
