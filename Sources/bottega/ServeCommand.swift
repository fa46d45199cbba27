import ArgumentParser
import BarcodeWallet
import BottegaWeb
import Fetch
import Foundation
import Mail
import MailOutbox
import OrderCompany
import OrderKit
import ScholarKit
import TicketKit

/// `bottega serve`: the web app on 127.0.0.1, with the SQLite file as its only state.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve Bottega's mobile-first web app and its JSON API (default http://127.0.0.1:8080).",
        discussion: "--offline answers searches from the HTTP cache only; --scholar-url and --openalex-url point the sources at a local copy of saved pages, for demos without the internet."
    )

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port (default: $BOTTEGA_PORT, else 8080; 0 picks a free one).") var port: Int?
    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var companyDatabase: CompanyDatabaseOptions
    @Flag(help: "Answer searches from the HTTP cache only; never open a connection.") var offline = false
    @Option(help: "A Google Scholar to ask instead of scholar.google.com (a local copy of saved pages).") var scholarURL: String?
    @Option(help: "An OpenAlex API to ask instead of api.openalex.org.") var openalexURL: String?
    @Option(help: "Send e-mailed reports through this server: smtp://[user:password@]host[:port]?from=address (also smtp+starttls://, smtps://; default $SMTP_URL).")
    var smtpURL: String?
    @Option(help: "The password of the tickets catalogue admin (default $BOTTEGA_TICKETS_ADMIN_PASSWORD; without one the admin is switched off).")
    var ticketsAdminPassword: String?
    @Option(help: "The password of the Orders back office (default $BOTTEGA_ORDERS_ADMIN_PASSWORD; without one it is switched off).")
    var ordersAdminPassword: String?
    @OptionGroup var shop: ShopServeOptions

    func validate() throws {
        if let port, !(0...65_535).contains(port) { throw ValidationError("--port \(port) is not a port number (0–65535).") }
    }

    func run() async throws {
        var mail: SMTPConfiguration?
        if let text = smtpURL ?? ProcessInfo.processInfo.environment["SMTP_URL"], !text.isEmpty {
            do { mail = try SMTPConfiguration(url: text) } catch { throw ValidationError(error.localizedDescription) }
        }
        let smtp = mail
        let store = try workspace.open()
        // One connection pool for every Kit's tables in the one database file.
        let wallet: WalletStore
        let tickets: TicketStore
        let agent: AgentStore
        do {
            wallet = try WalletStore(database: store.database)
            tickets = try TicketStore(database: store.database)
            agent = try AgentStore(database: store.database)
            if try tickets.seedIfEmpty() { StandardError.write("Loaded the seed tickets catalogue into \(workspace.path).") }
        } catch {
            throw CommandFailure("cannot prepare the wallet, tickets and orders tables in \(workspace.path): \(error.localizedDescription)")
        }
        // The company server's side: in the same file, or in a PostgreSQL shared with other servers.
        try await companyDatabase.withCompany(sqlite: { try SQLiteCompanyDatabase(database: store.database) }, sqliteName: workspace.path) { company, outbox in
            let orders = OrderServices(
                company: company, outbox: outbox, agent: agent,
                adminPassword: ordersAdminPassword ?? ProcessInfo.processInfo.environment["BOTTEGA_ORDERS_ADMIN_PASSWORD"]
            )
            try await serve(store: store, wallet: wallet, tickets: tickets, orders: orders, mail: smtp)
        }
    }

    private func serve(store: ScholarWorkspace, wallet: WalletStore, tickets: TicketStore, orders: OrderServices, mail: SMTPConfiguration?) async throws {
        let adminPassword = ticketsAdminPassword ?? ProcessInfo.processInfo.environment["BOTTEGA_TICKETS_ADMIN_PASSWORD"]
        let listenPort = port ?? ProcessInfo.processInfo.environment["BOTTEGA_PORT"].flatMap(Int.init) ?? 8080
        let scholarBase = try SourceAddress.url(scholarURL, environment: "BOTTEGA_SCHOLAR_URL", default: GoogleScholarSearch.defaultBaseURL)
        let openAlexBase = try SourceAddress.url(openalexURL, environment: "BOTTEGA_OPENALEX_URL", default: OpenAlexClient.defaultBaseURL)
        let (host, databasePath, companyLocation) = (host, workspace.path, companyDatabase.location)
        try await Fetcher.withFetcher(FetchEnvironment.configuration(offline: offline)) { fetcher in
            let services = ScholarServices(
                workspace: store, runner: ScholarSearchRunner(
                    fetcher: fetcher, scholarBaseURL: scholarBase, openAlexBaseURL: openAlexBase, openAlexAPIKey: FetchEnvironment.openAlexAPIKey), mail: mail
            )
            try await shop.withShop(database: store.database, databasePath: databasePath) { shopServices in
                // Before the configuration counts its connection limit from the descriptor limit.
                WebConfiguration.raiseFileDescriptorLimit()
                let app = try await buildApplication(
                    WebConfiguration(host: host, port: listenPort, databasePath: databasePath), scholar: services,
                    wallet: wallet, tickets: TicketServices(store: tickets, adminPassword: adminPassword), orders: orders, shop: shopServices,
                    services: (mail.map { [OutboxCourier(outbox: orders.outbox, configuration: $0)] } ?? []) + [OrderResender(services: orders)]
                )
                let companyPlace = companyLocation.map { "; company server in \($0)" } ?? ""
                StandardError.write("Bottega on http://\(host):\(listenPort)/ (database \(databasePath)\(companyPlace))")
                try await app.runService()
            }
        }
    }
}
