import Crypto
import Foundation
import Testing
import TicketKit

/// Issue and verify, as the server and an inspector's device would: the round trip, and every
/// way a ticket is refused, each with its reason.
@Suite struct TicketPayloadTests {
    let key = Curve25519.Signing.PrivateKey()
    let monthOfMarch = DateInterval(start: Date(timeIntervalSince1970: 1_709_247_600), end: Date(timeIntervalSince1970: 1_711_922_400))
    var ticket: Ticket { Ticket(operatorCode: "ATAC", productCode: "CIRS-MESE", validity: monthOfMarch, serial: 4_200_017) }
    var during: Date { monthOfMarch.start.addingTimeInterval(86_400) }

    @Test func anIssuedTicketVerifiesWithTheSameContent() throws {
        let payload = try TicketPayload.issue(ticket, signingKey: key)
        #expect(payload.hasPrefix("BT1."))
        #expect(try TicketPayload.verify(payload, publicKey: key.publicKey, at: during) == ticket)
        // Small enough for a low QR version: 4 + base64 of (1 + 8 + 4 + 4 + 5 + 10 + 64) bytes.
        #expect(payload.count == 4 + (96 * 4 + 2) / 3)
    }

    @Test func validityIsFromTheFirstInstantUpToButExcludingTheEnd() throws {
        let payload = try TicketPayload.issue(ticket, signingKey: key)
        #expect(throws: Never.self) { try TicketPayload.verify(payload, publicKey: key.publicKey, at: monthOfMarch.start) }
        #expect(throws: TicketRejection.notYetValid(until: monthOfMarch.start)) {
            try TicketPayload.verify(payload, publicKey: key.publicKey, at: monthOfMarch.start.addingTimeInterval(-1))
        }
        #expect(throws: TicketRejection.expired(at: monthOfMarch.end)) {
            try TicketPayload.verify(payload, publicKey: key.publicKey, at: monthOfMarch.end)
        }
    }

    @Test func anyAlteredCharacterOrAnotherKeyIsABadSignature() throws {
        let payload = try TicketPayload.issue(ticket, signingKey: key)
        #expect(throws: TicketRejection.badSignature) {
            try TicketPayload.verify(payload, publicKey: Curve25519.Signing.PrivateKey().publicKey, at: during)
        }
        var characters = Array(payload)
        var refused = 0
        for index in stride(from: 4, to: characters.count - 1, by: 7) {
            let original = characters[index]
            characters[index] = original == "A" ? "B" : "A"
            do {
                _ = try TicketPayload.verify(String(characters), publicKey: key.publicKey, at: during)
            } catch {
                refused += 1
                #expect(error == .badSignature || error.code == "malformed")
            }
            characters[index] = original
        }
        #expect(refused == (characters.count - 5) / 7 + 1)
    }

    @Test func aForgedTicketWithAValidLayoutIsABadSignature() throws {
        // The forger signs a longer validity with their own key.
        var longer = ticket
        longer.validity = DateInterval(start: monthOfMarch.start, duration: 365 * 86_400)
        let forged = try TicketPayload.issue(longer, signingKey: Curve25519.Signing.PrivateKey())
        #expect(throws: TicketRejection.badSignature) { try TicketPayload.verify(forged, publicKey: key.publicKey, at: during) }
    }

    @Test func malformedPayloadsSayWhatIsWrong() {
        for text in ["", "hello", "BT1.", "BT1.!!!!", "BT1.AAAA", "BT2." + String(repeating: "A", count: 130)] {
            #expect {
                try TicketPayload.verify(text, publicKey: key.publicKey, at: during)
            } throws: { error in
                (error as? TicketRejection)?.code == "malformed"
            }
        }
        var tooLong = ticket
        tooLong.productCode = String(repeating: "X", count: 33)
        #expect(throws: TicketRejection.self) { try TicketPayload.issue(tooLong, signingKey: key) }
        var empty = ticket
        empty.validity = DateInterval(start: monthOfMarch.start, duration: 0)
        #expect(throws: TicketRejection.self) { try TicketPayload.issue(empty, signingKey: key) }
    }
}
