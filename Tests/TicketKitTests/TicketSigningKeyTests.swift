import Credentials
import Crypto
import Foundation
import GRDB
import Testing
import TicketKit

/// Issue 39: one server key signed every operator's tickets, so a Padova ticket read "valid" to
/// an ATM inspector. Each operator now has its own key, named in the payload; an inspector's check
/// is scoped to one operator; tickets signed before still verify with the server's key.
@Suite struct TicketSigningKeyTests {
    /// Thursday 14 March 2024, 15:30 in Padova.
    let clock = TestClock(Rome.day(2024, 3, 14, hour: 15, minute: 30))
    let keys = KeyFile.ephemeral()
    let store: TicketStore

    init() throws {
        store = try TicketStore.withTestCatalogue(keys: keys, clock: clock)
    }

    private func publicKey(_ keyID: String) throws -> Curve25519.Signing.PublicKey {
        let listed = try #require(try store.publicKeys().first { $0.keyId == keyID })
        return try Curve25519.Signing.PublicKey(rawRepresentation: try #require(Data(base64Encoded: listed.publicKey)))
    }

    @Test func eachOperatorsTicketsNameAndUseItsOwnKey() throws {
        let bus = try #require(try store.issueDirect(operatorCode: "BUS-PD", productCode: "BUS-PD-90", start: nil).payload)
        let boat = try #require(try store.issueDirect(operatorCode: "BOAT-VE", productCode: "BOAT-VE-75", start: nil).payload)
        #expect(try store.publicKeys().map(\.keyId) == ["BUS-PD:1", "BOAT-VE:1", "server"])
        #expect(try TicketPayload.unverifiedTicket(bus).keyID == "BUS-PD:1")
        // An inspector's device holding only its operator's public key.
        #expect(try TicketPayload.verify(bus, publicKey: publicKey("BUS-PD:1"), at: clock.now).operatorCode == "BUS-PD")
        #expect(throws: TicketRejection.badSignature) { try TicketPayload.verify(bus, publicKey: publicKey("BOAT-VE:1"), at: clock.now) }
        #expect(throws: TicketRejection.badSignature) { try TicketPayload.verify(boat, publicKey: publicKey("BUS-PD:1"), at: clock.now) }
        #expect(throws: TicketRejection.badSignature) { try TicketPayload.verify(bus, publicKey: publicKey("server"), at: clock.now) }
        // The server's check, scoped to one operator's inspector.
        #expect(try store.verify(bus, at: clock.now, operator: "BUS-PD").serial > 0)
        #expect(throws: TicketRejection.otherOperator(ticket: "BUS-PD", inspector: "BOAT-VE")) { try store.verify(bus, at: clock.now, operator: "BOAT-VE") }
        #expect(try store.verify(boat, at: clock.now).operatorCode == "BOAT-VE")
    }

    @Test func theSameKeyFileSignsWithTheSameKeysAfterARestart() throws {
        let payload = try #require(try store.issueDirect(operatorCode: "BUS-PD", productCode: "BUS-PD-90", start: nil).payload)
        let restarted = try TicketStore(database: store.database, keys: keys, now: clock.reading)
        #expect(try restarted.verify(payload, at: clock.now, operator: "BUS-PD").productCode == "BUS-PD-90")
        #expect(try restarted.publicKeys() == store.publicKeys())
    }

    @Test func aKeyVouchesForItsOwnOperatorsTicketsOnly() throws {
        // Someone holding Boats of Venice's private key writes a Padova bus ticket with it.
        let (boatID, boatKey) = try store.signingKey(operatorCode: "BOAT-VE")
        let forged = try TicketPayload.issue(Ticket(
            operatorCode: "BUS-PD", productCode: "BUS-PD-90", validity: DateInterval(start: clock.now, duration: 5400), serial: 7,
            keyID: boatID), signingKey: boatKey)
        #expect(throws: TicketRejection.unknownKey("BOAT-VE:1")) { try store.verify(forged, at: clock.now) }
        // And a key id the server never issued.
        let made = try TicketPayload.issue(Ticket(
            operatorCode: "BUS-PD", productCode: "BUS-PD-90", validity: DateInterval(start: clock.now, duration: 5400), serial: 7,
            keyID: "BUS-PD:9"), signingKey: boatKey)
        #expect(throws: TicketRejection.unknownKey("BUS-PD:9")) { try store.verify(made, at: clock.now) }
    }

    /// A format 1 payload as the version before issue 39 wrote it, its bytes laid out here by hand
    /// from the format's description (not with `TicketPayload`), signed with the server's key.
    @Test func aTicketFromBeforeOperatorKeysStillVerifies() throws {
        let start = UInt32(clock.now.timeIntervalSince1970), end = start + 90 * 60
        var content: [UInt8] = [1]
        content += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(0x0123_4567_89AB_CDEF) >> ($0 * 8)) }
        content += (0..<4).reversed().map { UInt8(truncatingIfNeeded: start >> ($0 * 8)) }
        content += (0..<4).reversed().map { UInt8(truncatingIfNeeded: end >> ($0 * 8)) }
        for code in ["BUS-PD", "BUS-PD-90"] { content += [UInt8(code.utf8.count)] + Array(code.utf8) }
        let signature = try store.signingKey().signature(for: content)
        let base64url = (Data(content) + signature).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        let old = "BT1." + base64url
        let ticket = try store.verify(old, at: clock.now.addingTimeInterval(60), operator: "BUS-PD")
        #expect(ticket.serial == 0x0123_4567_89AB_CDEF && ticket.keyID == nil && ticket.productCode == "BUS-PD-90")
        #expect(throws: TicketRejection.otherOperator(ticket: "BUS-PD", inspector: "BOAT-VE")) { try store.verify(old, at: clock.now, operator: "BOAT-VE") }
        #expect(TicketVerificationReport(.success(ticket)).keyId == "server")
    }

    @Test func keyIDsAreTheOperatorAndTheGeneration() {
        #expect(TicketSigningKeys.keyID(operatorCode: "ATM-MI") == "ATM-MI:1")
        #expect(TicketSigningKeys.operatorCode(ofKeyID: "ATM-MI:1") == "ATM-MI")
        #expect(TicketSigningKeys.operatorCode(ofKeyID: "ATM-MI:2") == nil)
        #expect(TicketSigningKeys.operatorCode(ofKeyID: ":1") == nil)
        #expect(TicketSigningKeys.operatorCode(ofKeyID: "server") == nil)
    }
}
