import Foundation
import StoreTestSupport
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
        let renewed = try session.bottega("orders", "business", "agent", "renew", "ACME", "mario.rossi")
        #expect(renewed.status == 0 && renewed.standardOutput.contains("renewed"))
        let reset = try CommandLineRun.bottega(
            arguments: ["orders", "business", "agent", "password", "ACME", "mario.rossi", "--password-stdin"], environment: session.environment,
            input: "un'altra-password-lunga\n"
        )
        #expect(reset.status == 0, "\(reset.standardError)")
        let nobody = try CommandLineRun.bottega(
            arguments: ["orders", "business", "agent", "password", "ACME", "nessuno", "--password-stdin"], environment: session.environment,
            input: "un'altra-password-lunga\n"
        )
        #expect(nobody.status != 0 && nobody.standardError.contains("no agent nessuno"))
    }
}

/// `bottega orders business import`: a spreadsheet becomes master data and a one-time code.
struct OrdersImportCommandTests {
    static let sheets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("OrderKitTests/Resources/spreadsheets")

    @Test func anXLSXFilePrintsASixLetterCodeAndABadOneIsRefusedWhole() throws {
        let session = try WorkspaceSession()
        #expect(try session.bottega("orders", "business", "company", "add", "ACME", "Acme").status == 0)
        let imported = try session.bottega("orders", "business", "import", "ACME", Self.sheets.appendingPathComponent("customers.xlsx").path, "--type", "customers")
        #expect(imported.status == 0, "\(imported.standardError)")
        let code = imported.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(code.count == 6 && code.allSatisfy { $0.isUppercase && $0 != "I" && $0 != "O" })

        let missingColumn = try session.bottega(
            "orders", "business", "import", "ACME", Self.sheets.appendingPathComponent("products-missing-supplier.xlsx").path, "--type", "products"
        )
        #expect(missingColumn.status != 0)
        #expect(missingColumn.standardError.lowercased().contains("supplier") || missingColumn.standardError.lowercased().contains("fornitore"))
        let notASheet = try session.folder.write("notes.xlsx", "just text, not a workbook")
        let refused = try session.bottega("orders", "business", "import", "ACME", notASheet, "--type", "customers")
        #expect(refused.status != 0)
        let unknownCompany = try session.bottega("orders", "business", "import", "NOPE", Self.sheets.appendingPathComponent("customers.xlsx").path, "--type", "customers")
        #expect(unknownCompany.status != 0)
        #expect(unknownCompany.standardError.contains("NOPE"))
    }

    @Test func aWholeListIsPreviewedThenApplied() throws {
        let session = try WorkspaceSession()
        #expect(try session.bottega("orders", "business", "company", "add", "ACME", "Acme").status == 0)
        let first = try session.folder.write("clienti.csv", "Ragione sociale;Città\nBar Sport;Cesena\nCaffè Società;Forlì\n")
        #expect(try session.bottega("orders", "business", "import", "ACME", first, "--type", "customers").status == 0)
        let second = try session.folder.write("clienti-2.csv", "Ragione sociale;Città\nCaffè Società;Forlì\nAlimentari Nuovi;Bologna\n")
        let dry = try session.bottega("orders", "business", "import", "ACME", second, "--type", "customers", "--whole-list", "--dry-run")
        #expect(dry.status == 0 && dry.standardOutput.contains("1 new, 0 changed, 1 unchanged, 1 removed (nothing changed)"), "\(dry.standardOutput)")
        let applied = try session.bottega("orders", "business", "import", "ACME", second, "--type", "customers", "--whole-list")
        #expect(applied.status == 0 && applied.standardError.contains("1 new, 0 changed, 1 unchanged, 1 removed"), "\(applied.standardError)")
        let again = try session.bottega("orders", "business", "import", "ACME", second, "--type", "customers", "--whole-list", "--dry-run")
        #expect(again.standardOutput.contains("0 new, 0 changed, 2 unchanged, 0 removed"))
    }
}

/// The business commands on the company's shared PostgreSQL (`DATABASE_URL`), and a URL that
/// cannot be used.
struct OrdersBusinessPostgresCommandTests {
    @Test func aDatabaseURLThatCannotBeUsedFailsAtOnceSayingWhy() throws {
        let session = try WorkspaceSession()
        let cases: [(url: String, says: String)] = [
            ("mysql://root@127.0.0.1/bottega", "PostgreSQL"),
            ("postgres://bottega@127.0.0.1:1/bottega", "Connection refused"),
            ("postgres://127.0.0.1/bottega", "no user"),
            ("postgres://bottega@127.0.0.1/", "no database name"),
        ]
        for (url, says) in cases {
            let run = try CommandLineRun.bottega(
                arguments: ["orders", "business", "company", "list"], environment: session.environment.merging(["DATABASE_URL": url]) { $1 }
            )
            #expect(run.status != 0, "\(url) was accepted")
            #expect(run.standardError.contains(says), "\(url): \(run.standardError)")
            #expect(!run.standardError.contains("bottega-test-password"))
        }
    }

    @Test(.enabled(if: StorageBackend.postgresURL != nil, "set BOTTEGA_TEST_POSTGRES_URL to run the CLI on PostgreSQL"))
    func aCompanyIsSetUpInPostgreSQLAndNotInTheFile() async throws {
        let session = try WorkspaceSession()
        try await StorageBackend.withNewPostgresDatabase { url in
            let shared = session.environment.merging(["DATABASE_URL": url]) { $1 }
            let added = try await CommandLineRun.bottegaAsync(arguments: ["orders", "business", "company", "add", "ACME", "Acme Forniture"], environment: shared)
            #expect(added.status == 0, "\(added.standardError)")
            let listed = try await CommandLineRun.bottegaAsync(arguments: ["orders", "business", "company", "list"], environment: shared)
            #expect(listed.standardOutput.contains("ACME\tAcme Forniture"))
            // The SQLite file of the same workspace knows nothing of it.
            let local = try await CommandLineRun.bottegaAsync(arguments: ["orders", "business", "company", "list"], environment: session.environment)
            #expect(local.status == 0 && !local.standardOutput.contains("ACME"))
        }
    }
}
