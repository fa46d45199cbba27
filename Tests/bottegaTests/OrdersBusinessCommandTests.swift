import Foundation
import Testing

/// Setting a company up from a shell: `bottega orders business company|agent …`.
struct OrdersBusinessCommandTests {
    @Test func aCompanyAndAnAgentAreAddedAndMistakesRefused() throws {
        let session = try WorkspaceSession()
        let added = try session.bottega("orders", "business", "company", "add", "ACME", "Acme Forniture S.p.A.")
        #expect(added.status == 0, "\(added.standardError)")
        let again = try session.bottega("orders", "business", "company", "add", "ACME", "Acme")
        #expect(again.status != 0)
        #expect(again.standardError.contains("ACME already exists"))
        let listed = try session.bottega("orders", "business", "company", "list")
        #expect(listed.standardOutput.contains("ACME\tAcme Forniture S.p.A."))

        let agent = try CommandLineRun.bottega(
            arguments: ["orders", "business", "agent", "add", "ACME", "mario.rossi", "--password-stdin"], environment: session.environment,
            input: "una-password-lunga\n"
        )
        #expect(agent.status == 0, "\(agent.standardError)")
        let noStdin = try session.bottega("orders", "business", "agent", "add", "ACME", "luigi")
        #expect(noStdin.status != 0)
        #expect(noStdin.standardError.contains("--password-stdin"))
        let weak = try CommandLineRun.bottega(
            arguments: ["orders", "business", "agent", "add", "ACME", "luigi", "--password-stdin"], environment: session.environment, input: "corta\n"
        )
        #expect(weak.status != 0)
        let unknownCompany = try CommandLineRun.bottega(
            arguments: ["orders", "business", "agent", "add", "NOPE", "luigi", "--password-stdin"], environment: session.environment,
            input: "una-password-lunga\n"
        )
        #expect(unknownCompany.status != 0)
        #expect(unknownCompany.standardError.contains("NOPE"))
        let ended = try session.bottega("orders", "business", "agent", "end", "ACME", "mario.rossi")
        #expect(ended.status == 0)
    }
}
