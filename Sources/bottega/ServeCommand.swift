import ArgumentParser
import BottegaWeb
import WebCore
import Foundation
import GRDB
import Mail
import ScholarKit
import Storage

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
    @Flag(help: "Let a homepage to check or an agent's company server be on this machine or a private network (local demos; otherwise refused).")
    var allowPrivateFetch = false
    @Option(help: "A Google Scholar to ask instead of scholar.google.com (a local copy of saved pages).") var scholarURL: String?
    @Option(help: "An OpenAlex API to ask instead of api.openalex.org.") var openalexURL: String?
    @Option(name: .customLong("service-url"), help: "NAME=URL: ask crossref, semantic-scholar, pubmed, orcid or dblp at URL instead of its public address (repeatable).")
    var serviceURLs: [String] = []
    @Option(help: "Send e-mailed reports through this server: smtp://[user:password@]host[:port]?from=address (also smtp+starttls://, smtps://; default $SMTP_URL).")
    var smtpURL: String?
    @Option(help: "A file holding the tickets catalogue admin's password (else $BOTTEGA_TICKETS_ADMIN_PASSWORD; without one the admin is switched off). Never a flag: ps would show it.")
    var ticketsAdminPasswordFile: String?
    @Option(help: "A file holding the shared wallet's admin password, who adds the codes every visitor sees (else $BOTTEGA_WALLET_ADMIN_PASSWORD; without one only `bottega barcode share` adds them).")
    var walletAdminPasswordFile: String?
    @Option(help: "A file holding the Orders back office's password (else $BOTTEGA_ORDERS_ADMIN_PASSWORD; without one it is switched off).")
    var ordersAdminPasswordFile: String?
    @Option(help: "Wrong passwords allowed per account and per address before each further one waits (1 s, doubling; default 5). Raise it only for a fuzzing run, whose wrong credentials are not an attack.")
    var loginAttemptsBeforeWait: Int?
    @Option(help: "The address browsers use, when a proxy in front (TLS) makes it differ from --host and --port: https://bottega.example.com. Its origin counts as this server's own, its host is allowed, and everyone logs in (it implies --no-single-user).")
    var publicURL: String?
    @Flag(inversion: .prefixedNo, help: "Act for the first account when a request carries no session, so a local demo needs no log-in (the default on a loopback address without --public-url; refused on any other, and with --public-url, where everyone logs in).")
    var singleUser: Bool?
    @Option(name: .customLong("allowed-host"), help: ArgumentHelp("A further name the server answers to in the Host header (repeatable), besides 127.0.0.1, localhost, [::1], --host and --public-url's host; any other is refused 421.", valueName: "name"))
    var allowedHosts: [String] = []
    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp("A proxy in front whose X-Forwarded-For and X-Forwarded-Proto count (repeatable): an address (127.0.0.1) or a range (10.0.0.0/8). From any other peer they are ignored.", valueName: "address"))
    var trustedProxies: [String] = []
    @OptionGroup var shop: ShopServeOptions

    func validate() throws {
        if let port, !(0...65_535).contains(port) { throw ValidationError("--port \(port) is not a port number (0–65535).") }
        if let loginAttemptsBeforeWait, loginAttemptsBeforeWait < 1 {
            throw ValidationError("--login-attempts-before-wait \(loginAttemptsBeforeWait) must be 1 or more.")
        }
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
                throw ValidationError("--public-url \(publicURL) is not an http(s) address with a host, as browsers reach the server: https://bottega.example.com.")
            }
        }
        if singleUser == true, let publicURL {
            throw ValidationError("--single-user cannot go with --public-url \(publicURL): behind a proxy every visitor reaches the server from this machine, so each would act as the first account. Leave --single-user out; everyone then logs in.")
        }
        for name in allowedHosts where !WebConfiguration.isHostName(name) {
            throw ValidationError("--allowed-host \(name) is not a host name or an IP address (give the name alone, without a scheme or port: bottega.local).")
        }
        for proxy in trustedProxies where !WebConfiguration.isAddressOrRange(proxy) {
            throw ValidationError("--trusted-proxy \(proxy) is not an IP address or a CIDR range (127.0.0.1, 10.0.0.0/8, 2001:db8::/32); a proxy is trusted by its address, not its name.")
        }
        if singleUser == true, !Self.isLoopback(host) {
            throw ValidationError("--single-user is for a loopback address (127.0.0.1, ::1, localhost): on \(host), anyone who reaches the server would act as the first account. Leave it out; everyone then logs in.")
        }
    }

    /// 127.0.0.0/8, ::1 and localhost: only this machine can connect.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    func run() async throws {
        var mail: SMTPConfiguration?
        if let text = smtpURL ?? ProcessInfo.processInfo.environment["SMTP_URL"], !text.isEmpty {
            do { mail = try SMTPConfiguration(url: text) } catch { throw ValidationError(error.localizedDescription) }
        }
        let environment = ProcessInfo.processInfo.environment
        // Before anything is opened: a wrong password file is a usage mistake.
        let ticketsAdminPassword = try AdminPasswordFile.read(ticketsAdminPasswordFile, option: "--tickets-admin-password-file")
        let ordersAdminPassword = try AdminPasswordFile.read(ordersAdminPasswordFile, option: "--orders-admin-password-file")
        let walletAdminPassword = try AdminPasswordFile.read(walletAdminPasswordFile, option: "--wallet-admin-password-file")
        let databasePath = workspace.path
        let database: DatabasePool
        do { database = try SQLiteFile.open(path: databasePath) } catch {
            throw CommandFailure("cannot open the database \(databasePath): \(error.localizedDescription)")
        }
        var prepared = AppConfiguration(
            database: database, fetch: FetchEnvironment.configuration(offline: offline),
            scholarBaseURL: try SourceAddress.url(scholarURL, environment: "BOTTEGA_SCHOLAR_URL", default: GoogleScholarSearch.defaultBaseURL),
            openAlexBaseURL: try SourceAddress.url(openalexURL, environment: "BOTTEGA_OPENALEX_URL", default: OpenAlexClient.defaultBaseURL),
            openAlexAPIKey: FetchEnvironment.openAlexAPIKey, scholarCacheAge: workspace.cacheAge, mail: mail,
            ticketsAdminPassword: ticketsAdminPassword ?? environment["BOTTEGA_TICKETS_ADMIN_PASSWORD"],
            ordersAdminPassword: ordersAdminPassword ?? environment["BOTTEGA_ORDERS_ADMIN_PASSWORD"],
            keys: try workspace.openKeys()
        )
        // Before the configuration counts its connection limit from the descriptor limit.
        WebConfiguration.raiseFileDescriptorLimit()
        prepared.scholarServices = try FetchEnvironment.serviceSettings(overriding: serviceURLs)
        prepared.allowPrivateFetch = allowPrivateFetch
        // Behind a proxy (--public-url) everyone connects from loopback: that is no single user.
        prepared.singleUser = singleUser ?? (Self.isLoopback(host) && publicURL == nil)
        prepared.walletAdminPassword = walletAdminPassword ?? environment["BOTTEGA_WALLET_ADMIN_PASSWORD"]
        if let loginAttemptsBeforeWait { prepared.loginThrottle.freeAttempts = loginAttemptsBeforeWait }
        let configuration = prepared
        var listening = WebConfiguration(host: host, port: port ?? environment["BOTTEGA_PORT"].flatMap(Int.init) ?? 8080, databasePath: databasePath)
        listening.publicURL = publicURL.flatMap(URL.init(string:))
        listening.allowedHosts = allowedHosts
        listening.trustedProxies = trustedProxies
        let web = listening
        if !Self.isLoopback(host) {
            if web.publicURL?.scheme?.lowercased() != "https" {
                StandardError.write("Note: serving on \(host) without an https --public-url. Put TLS in front (a proxy) and give its address, or passwords and sessions cross the network in clear.")
            }
            if ["0.0.0.0", "::", "[::]"].contains(host), web.publicURL == nil {
                StandardError.write("Note: on \(host) the server answers to this machine's own addresses and loopback; a name (bottega.local) needs --allowed-host NAME, or it is refused 421.")
            }
            if configuration.ticketsAdminPassword == nil && configuration.ordersAdminPassword == nil {
                StandardError.write("Note: no admin password file: the tickets admin and the Orders back office are switched off.")
            }
        }
        let companyLocation = companyDatabase.location
        // The company server's side: in the same file, or in a PostgreSQL shared with other servers.
        try await companyDatabase.withPostgresCompany { postgres in
            try await shop.withShop(database: database, databasePath: databasePath) { shopServices in
                var configuration = configuration
                configuration.company = postgres.map { ($0.store, $0.outbox) }
                configuration.shared = postgres?.shared
                configuration.shop = shopServices
                try await FetchEnvironment.withTransport(for: configuration.fetch) { transport in
                    configuration.transport = transport
                    try await serve(configuration, web: web, companyLocation: companyLocation)
                }
            }
        }
    }

    private func serve(_ configuration: AppConfiguration, web: WebConfiguration, companyLocation: String?) async throws {
        let prepared: (AppServices) async throws -> Void = { services in
            if services.loadedTicketSeed { StandardError.write("Loaded the seed tickets catalogue into \(web.databasePath).") }
            let app = try await buildApplication(web, services: services)
            let companyPlace = companyLocation.map { "; company server in \($0)" } ?? ""
            let publicPlace = web.publicURL.map { ", public address \($0.absoluteString)" } ?? ""
            let mode = services.singleUser ? "single user" : web.publicURL != nil ? "everyone logs in: --public-url implies --no-single-user" : "everyone logs in"
            let proxies = web.trustedProxies.isEmpty ? "" : "; X-Forwarded-For/-Proto trusted from \(web.trustedProxies.joined(separator: ", "))"
            StandardError.write("Bottega on http://\(web.host):\(web.port)/\(publicPlace) (database \(web.databasePath)\(companyPlace); \(mode)\(proxies))")
            try await app.runService()
        }
        do {
            try await AppServices.with(configuration, prepared)
        } catch let error as DatabaseError {
            throw CommandFailure("cannot prepare the tables in \(web.databasePath): \(error.localizedDescription)")
        }
    }
}
