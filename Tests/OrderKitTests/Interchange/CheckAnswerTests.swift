import OrderCompany
import OrderKit
import Testing

/// The four answers of the thesis's `check`, read and written, and anything else refused.
@Suite struct CheckAnswerTests {
    @Test func readsTheFourAnswers() throws {
        #expect(try CheckAnswer(parsing: "updateok") == .updatesAvailable)
        #expect(try CheckAnswer(parsing: "update=0") == .noUpdates)
        #expect(try CheckAnswer(parsing: "pwdfail") == .wrongPassword)
        #expect(try CheckAnswer(parsing: "deleted") == .subscriptionDeleted)
    }

    @Test func toleratesALineBreakSpacesAndAByteOrderMark() throws {
        #expect(try CheckAnswer(parsing: "updateok\r\n") == .updatesAvailable)
        #expect(try CheckAnswer(parsing: "\u{FEFF} pwdfail \n") == .wrongPassword)
    }

    @Test func writesWhatItReads() throws {
        for answer in CheckAnswer.allCases {
            #expect(try CheckAnswer(parsing: answer.text) == answer)
        }
        #expect(CheckAnswer.noUpdates.text == "update=0")
    }

    @Test func refusesUnknownTextWithATypedError() {
        for text in ["UPDATEOK", "update=1", "ok", "", "<html>502 Bad Gateway</html>", "pwd fail"] {
            #expect(throws: CheckAnswerError.unknownAnswer(text)) { try CheckAnswer(parsing: text) }
        }
        #expect(CheckAnswerError.unknownAnswer("ok").code == "sync.check.unknownAnswer")
    }

    @Test func reportsAServerErrorLine() {
        #expect(throws: CheckAnswerError.serverError("utente sconosciuto")) { try CheckAnswer(parsing: "*** utente sconosciuto\n") }
    }
}
