import Foundation
import GRDB
import Testing
import TestSupport
import TicketKit
import WebTestSupport
@testable import TicketsWeb
@testable import WebCore

/// The inspector's check on the device (`static/tickets/verify-ticket.js`, issue 42) against
/// TicketKit's `TicketStore.verify`, under Node, on seeded random payloads: genuine rides and
/// passes signed with an operator's key or the server's, altered, cut, signed with the wrong key,
/// naming a key of another operator or generation, before, during and after their validity, for
/// an inspector of any operator or of one. The expected verdicts are TicketKit's.
@Suite(.enabled(if: NodeRunner.path != nil || ProcessInfo.processInfo.environment["CI"] != nil, "node is not installed: .ci/run installs it"))
struct TicketVerifyVectorTests {
    struct Vector: Encodable {
        let payload: String
        let now: Double
        let inspector: String
        let valid: Bool
        let code: String?
        let message: String?
        let ticket: Expected?
    }

    struct Expected: Encodable {
        let operatorCode, productCode, serial, keyId: String
        let validFrom, validUntil: Int
        let holder, cardNumber: String?
    }

    @Test func theDeviceGivesTicketKitsVerdict() async throws {
        let node = try #require(NodeRunner.path, "node is not installed")
        let module = try #require(WebModuleResources.ticketsWeb.folder?.appendingPathComponent("static/tickets/verify-ticket.js"))
        let store = try TicketStore(database: DatabaseQueue(), keys: .ephemeral(), now: { Date(timeIntervalSince1970: 1_790_000_000) })
        try store.seedIfEmpty()
        let operators = try store.catalogue().operators.map(\.code).sorted()
        let (first, second) = (try #require(operators.first), try #require(operators.last))
        #expect(first != second, "the catalogue has two operators at least")
        var random = SeededGenerator(seed: 42)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var vectors: [Vector] = []
        for serial in 1...600 {
            let start = 1_790_000_000 + Int.random(in: -100_000...100_000, using: &random)
            let length = [60, 4_500, 86_400, 2_592_000].randomElement(using: &random)!
            let pass = Bool.random(using: &random)
            let holder = pass ? ["Giulia Bianchi", "Zoë Ørsted", "Nguyễn Văn An", String(repeating: "x", count: 64)].randomElement(using: &random) : nil
            let card = pass && Bool.random(using: &random) ? "CARD-\(serial)" : nil
            let ticket = { (keyID: String?) in
                Ticket(
                    operatorCode: first, productCode: "P-\(serial % 7)", validity: DateInterval(start: Date(timeIntervalSince1970: Double(start)), duration: Double(length)),
                    serial: UInt64.random(in: 1...UInt64.max, using: &random), holder: holder, cardNumber: card, keyID: keyID)
            }
            let own = try store.signingKey(operatorCode: first)
            var payload: String
            switch Int.random(in: 0..<6, using: &random) {
            case 0: payload = try TicketPayload.issue(ticket(nil), signingKey: try store.signingKey())
            case 1: payload = try TicketPayload.issue(ticket(own.id), signingKey: try store.signingKey(operatorCode: second).key)
            case 2: payload = try TicketPayload.issue(ticket("\(first):2"), signingKey: own.key)
            case 3: payload = try TicketPayload.issue(ticket(try store.signingKey(operatorCode: second).id), signingKey: try store.signingKey(operatorCode: second).key)
            default: payload = try TicketPayload.issue(ticket(own.id), signingKey: own.key)
            }
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                var characters = Array(payload)
                let at = Int.random(in: 4..<characters.count, using: &random)
                characters[at] = alphabet.filter { $0 != characters[at] }.randomElement(using: &random)!
                payload = String(characters)
            case 1: payload = String(payload.prefix(Int.random(in: 0..<payload.count, using: &random)))
            case 2: payload = "BT2." + payload.dropFirst(4)
            case 3: payload = payload + "!"
            case 4: payload = "  \(payload)\n"
            default: break
            }
            let now = Double(start) + Double(Int.random(in: -2...2, using: &random)) * Double(length) / 2 + Double(Int.random(in: 0...999, using: &random)) / 1000
            let inspector = ["", "", first, second].randomElement(using: &random)!
            let verdict: Vector
            do throws(TicketRejection) {
                let ticket = try store.verify(payload, at: Date(timeIntervalSince1970: now), operator: inspector.isEmpty ? nil : inspector)
                verdict = Vector(
                    payload: payload, now: now, inspector: inspector, valid: true, code: nil, message: nil,
                    ticket: Expected(
                        operatorCode: ticket.operatorCode, productCode: ticket.productCode, serial: String(ticket.serial),
                        keyId: ticket.keyID ?? TicketSigningKeys.serverKeyID, validFrom: Int(ticket.validity.start.timeIntervalSince1970),
                        validUntil: Int(ticket.validity.end.timeIntervalSince1970), holder: ticket.holder, cardNumber: ticket.cardNumber))
            } catch {
                verdict = Vector(payload: payload, now: now, inspector: inspector, valid: false, code: error.code, message: error.errorDescription, ticket: nil)
            }
            vectors.append(verdict)
        }
        let outcomes = Dictionary(grouping: vectors) { $0.code ?? "valid" }.mapValues(\.count)
        for outcome in ["valid", "bad signature", "unknown key", "malformed", "expired", "not yet valid", "other operator"] {
            #expect((outcomes[outcome] ?? 0) >= 10, "the vectors hold few “\(outcome)”: \(outcomes)")
        }
        let keys = try store.publicKeys()
        struct Input: Encodable {
            let keys: [TicketPublicKey]
            let vectors: [Vector]
        }
        let answer = try NodeRunner.check(Input(keys: keys, vectors: vectors), node: node, script: """
            import { readFileSync } from "node:fs";
            import { verifyTicket } from \(NodeRunner.literal(module));
            const { keys, vectors } = JSON.parse(readFileSync(process.argv[2], "utf8"));
            const mismatches = [];
            for (const vector of vectors) {
              const found = await verifyTicket(vector.payload, keys, vector.now, vector.inspector);
              const expected = vector.valid ? { valid: true, ticket: vector.ticket } : { valid: false, code: vector.code, message: vector.message };
              const got = found.valid ? { valid: true, ticket: Object.fromEntries(Object.keys(vector.ticket).map((k) => [k, found.ticket[k]])) } : found;
              if (JSON.stringify(got) !== JSON.stringify(expected)) mismatches.push({ payload: vector.payload, expected, got });
            }
            console.log(JSON.stringify({ checked: vectors.length, mismatches: mismatches.slice(0, 5) }));
            """)
        #expect(answer["checked"] as? Int == vectors.count)
        let mismatches = answer["mismatches"] as? [Any] ?? ["unreadable"]
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
