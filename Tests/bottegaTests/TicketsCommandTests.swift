import Foundation
import Testing

/// `bottega tickets catalogue|issue|verify` as a shell user runs them, on a throwaway database.
struct TicketsCommandTests {
    /// An operator and a ride product from the catalogue the command itself prints.
    static func firstRide(_ session: WorkspaceSession) throws -> (operatorCode: String, productCode: String) {
        let catalogue = try session.json(try session.bottega("tickets", "catalogue", "--format", "json"))
        let products = try #require(catalogue["products"] as? [[String: Any]])
        let ride = try #require(products.first { $0["kind"] as? String == "ride" && $0["rides"] == nil })
        return (try #require(ride["operatorCode"] as? String), try #require(ride["code"] as? String))
    }

    @Test func theCatalogueListsProvincesOperatorsAndPrices() throws {
        let session = try WorkspaceSession()
        let catalogue = try session.json(try session.bottega("tickets", "catalogue", "--format", "json"))
        #expect((catalogue["provinces"] as? [Any])?.count == 107)
        #expect((catalogue["operators"] as? [Any])?.isEmpty == false)
        let text = try session.bottega("tickets", "catalogue")
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("107 provinces"))
        #expect(text.standardOutput.contains("€"))
    }

    /// Issue 24: codes were cut to 14 characters, day passes read "1440 min".
    @Test func theCataloguePrintsWholeCodesAndLongValiditiesInHoursOrDays() throws {
        let session = try WorkspaceSession()
        let catalogue = try session.json(try session.bottega("tickets", "catalogue", "--format", "json"))
        let codes = try #require((catalogue["products"] as? [[String: Any]])?.compactMap { $0["code"] as? String })
        let text = try session.bottega("tickets", "catalogue").standardOutput
        for code in codes { #expect(text.contains("  \(code)  "), "\(code) is not printed whole") }
        #expect(!text.contains("1440 min") && !text.contains("4320 min"))
        #expect(text.contains("(1 day)"))
    }

    @Test func ridesPassesWithHoldersAndTimesInTheOperatorsZone() throws {
        let session = try WorkspaceSession()
        let rides = try session.json(try session.bottega("tickets", "issue", "--operator", "AMT-GE", "--product", "AMT-GE-BUS110", "--quantity", "2", "--format", "json"))
        let issued = try #require(rides["rides"] as? [[String: Any]])
        #expect(issued.count == 2 && issued.allSatisfy { $0["state"] as? String == "unused" })
        let id = try #require(issued.first?["ticket"] as? Int)
        let ride = try session.json(try session.bottega("tickets", "activate", "--ticket", String(id), "--format", "json"))
        // Rome's wall clock with its offset, never UTC.
        let from = try #require(ride["validFrom"] as? String)
        #expect(from.hasSuffix("+01:00") || from.hasSuffix("+02:00"), "\(from)")
        let again = try session.bottega("tickets", "activate", "--ticket", String(id))
        #expect(again.status != 0 && again.standardError.contains("already activated"))

        let noHolder = try session.bottega("tickets", "issue", "--operator", "ATM-MI", "--product", "ATM-MI-URBAN-MONTH")
        #expect(noHolder.status != 0 && noHolder.standardError.contains("a pass is personal"))
        let pass = try session.json(try session.bottega(
            "tickets", "issue", "--operator", "ATM-MI", "--product", "ATM-MI-URBAN-MONTH", "--holder", "Anna Rossi", "--card", "MI-123", "--format", "json"))
        #expect(pass["holder"] as? String == "Anna Rossi" && pass["cardNumber"] as? String == "MI-123")
        let verified = try session.json(try session.bottega("tickets", "verify", try #require(pass["payload"] as? String), "--format", "json"))
        #expect(verified["holder"] as? String == "Anna Rossi")
        // Issue 39: the text said neither whose pass it is nor the time in Rome.
        let text = try session.bottega("tickets", "verify", try #require(pass["payload"] as? String))
        #expect(text.standardOutput.contains("holder Anna Rossi (card MI-123)"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("(Europe/Rome)") && !text.standardOutput.contains("Z,") && !text.standardOutput.contains("Z ("))
        #expect(text.standardOutput.contains("+01:00") || text.standardOutput.contains("+02:00"))
    }

    /// Issue 39: each operator's own key, and an inspector scoped to one operator.
    @Test func anInspectorOfAnotherOperatorRejectsTheTicketAndTheKeysAreListed() throws {
        let session = try WorkspaceSession()
        let (op, product) = try Self.firstRide(session)
        let payload = try #require(try session.json(try session.bottega("tickets", "issue", "--operator", op, "--product", product))["payload"] as? String)
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(try session.bottega("tickets", "keys", "--format", "json").standardOutput.utf8)) as? [[String: Any]])
        let own = try #require(keys.first { $0["keyId"] as? String == "\(op):1" }?["publicKey"] as? String)
        let other = try #require(keys.first { ($0["operator"] as? String).map { $0 != op } ?? false })
        let otherCode = try #require(other["operator"] as? String)
        #expect(keys.last?["keyId"] as? String == "server")

        let scoped = try session.bottega("tickets", "verify", payload, "--operator", op)
        #expect(scoped.status == 0 && scoped.standardOutput.contains("key \(op):1"), "\(scoped.standardOutput)")
        let foreign = try CommandLineRun.bottega(arguments: ["tickets", "verify", payload, "--operator", otherCode], environment: session.environment)
        #expect(foreign.status == 1 && foreign.standardOutput.contains("other operator"), "\(foreign.standardOutput)")
        // An inspector's device holding one operator's public key only.
        #expect(try session.bottega("tickets", "verify", payload, "--public-key", own).status == 0)
        let wrongKey = try CommandLineRun.bottega(
            arguments: ["tickets", "verify", payload, "--public-key", try #require(other["publicKey"] as? String)], environment: session.environment)
        #expect(wrongKey.status == 1 && wrongKey.standardOutput.contains("bad signature"))
    }

    @Test func anIssuedTicketVerifiesFromItsPayloadAndItsPNG() throws {
        let session = try WorkspaceSession()
        let (op, product) = try Self.firstRide(session)
        let png = session.folder.path("ticket.png")
        let issued = try session.json(try session.bottega("tickets", "issue", "--operator", op, "--product", product, "--png", png, "--format", "json"))
        let payload = try #require(issued["payload"] as? String)
        #expect(issued["serial"] is String && issued["validFrom"] is String && issued["validUntil"] is String)

        let valid = try session.bottega("tickets", "verify", payload)
        #expect(valid.status == 0, "\(valid.standardOutput)\(valid.standardError)")
        let fromImage = try session.bottega("tickets", "verify", png, "--format", "json")
        #expect(fromImage.status == 0, "\(fromImage.standardError)")
        #expect(try session.json(fromImage)["valid"] as? Bool == true)
    }

    @Test func rejectedTicketsExitNonZeroWithTheReason() throws {
        let session = try WorkspaceSession()
        let (op, product) = try Self.firstRide(session)
        let payload = try #require(try session.json(try session.bottega("tickets", "issue", "--operator", op, "--product", product))["payload"] as? String)
        // A character in the serial and times: the key id (before them) stays readable.
        var altered = Array(payload)
        altered[28] = altered[28] == "A" ? "B" : "A"
        let cases: [([String], String)] = [
            ([String(altered)], "bad signature"),
            ([payload, "--at", "2099-01-01T00:00:00Z"], "expired"),
            ([payload, "--at", "2000-01-01T00:00:00Z"], "not yet valid"),
            (["BT1.garbage"], "malformed"),
        ]
        for (arguments, reason) in cases {
            let run = try CommandLineRun.bottega(arguments: ["tickets", "verify"] + arguments + ["--format", "json"], environment: session.environment)
            #expect(run.status == 1, "\(arguments)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            #expect(document["reason"] as? String == reason)
        }
        // Another database has another key: the ticket is not its operator's.
        let other = try WorkspaceSession()
        let foreign = try other.bottega("tickets", "verify", payload)
        #expect(foreign.status == 1)
        #expect(foreign.standardOutput.contains("bad signature"))
    }

    @Test func badInputIsRefusedWithAMessage() throws {
        let session = try WorkspaceSession()
        let (op, product) = try Self.firstRide(session)
        let unknown = try session.bottega("tickets", "issue", "--operator", "NOPE", "--product", product)
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("NOPE"))
        let badDay = try session.bottega("tickets", "issue", "--operator", op, "--product", product, "--start", "2026-02-30")
        #expect(badDay.status != 0)
        #expect(badDay.standardError.contains("2026-02-30"))
        let badTime = try session.bottega("tickets", "verify", "BT1.x", "--at", "noon")
        #expect(badTime.status != 0 && badTime.status != 1)
        let notAnImage = try session.folder.write("notes.png", "not an image")
        let unreadable = try session.bottega("tickets", "verify", notAnImage)
        #expect(unreadable.status == 2)
    }
}
