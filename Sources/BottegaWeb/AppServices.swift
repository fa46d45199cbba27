import BarcodeWallet
import BarcodesWeb
import Credentials
import Fetch
import Crypto
import Foundation
import GRDB
import HTTPClientTransport
import HTTPTransport
import Mail
import MailOutbox
import OrderCompany
import OrderKit
import OrdersWeb
import ScholarKit
import ScholarWeb
import ServiceLifecycle
import ShopWeb
import TicketKit
import TicketsWeb
import WebCore

/// What the app is built from: the one database and each app's settings. `serve`, the tests and
/// the benchmarks fill one in and hand it to ``AppServices/with(_:_:)``.
public struct AppConfiguration: Sendable {
    /// The one database every app keeps its tables in (`SQLiteFile.open`, or in memory).
    public var database: any DatabaseWriter
    public var fetch: FetchConfiguration
    /// What carries the sources' requests (`serve` gives one with `fetch`'s proxy).
    public var transport: any HTTPTransport
    public var scholarBaseURL: URL
    public var openAlexBaseURL: URL
    public var openAlexAPIKey: String?
    /// Crossref, Semantic Scholar, PubMed, ORCID and dblp: their addresses, keys and contact.
    public var scholarServices = ServiceSettings()
    /// How long a search that was not saved is kept.
    public var scholarCacheAge: TimeInterval
    /// Where e-mailed reports and orders go out; nil keeps them in the outbox.
    public var mail: SMTPConfiguration?
    /// The tickets admin's and the Orders back office's passwords (nil: switched off).
    public var ticketsAdminPassword: String?
    public var ordersAdminPassword: String?
    public var passwordHasher: PasswordHasher
    /// The company server's side somewhere other than `database` (a shared PostgreSQL).
    public var company: (store: CompanyStore, outbox: MailOutbox)?
    /// Where admin sessions, login counts and previewed uploads live when not in `database`'s
    /// tables (``SQLiteSharedState``): the PostgreSQL that servers behind a balancer share.
    package var shared: SharedStores?
    /// The storefront; nil explains at `/shop` how to configure one.
    public var shop: ShopServices?
    /// Whether the background work runs (the outbox courier, the order resender).
    public var runsBackgroundWork: Bool
    /// How wrong passwords are slowed down (the wallet's, the admin areas').
    public var loginThrottle = LoginThrottlePolicy()
    /// The keys kept out of the database (``KeyFile``): the tickets' signing key, the key that
    /// seals the agent's company passwords. `serve` opens the file beside the database; the
    /// default, for in-memory databases, lives as long as the process.
    public var keys: KeyFile
    /// The shared wallet's admin password (`--wallet-admin-password-file`): who adds and removes
    /// the codes every visitor sees; nil switches that admin off.
    public var walletAdminPassword: String?
    /// Whether a request without a session acts for the first account (`--single-user`, the
    /// default on a loopback address); otherwise Scholar, the agent's Orders and the wallet need
    /// a log-in.
    public var singleUser = true
    /// Whether a homepage or a company server on this machine or a private network may be asked
    /// (`--allow-private-fetch`; the tests and the local demos need it).
    public var allowPrivateFetch = false

    public init(
        database: any DatabaseWriter, fetch: FetchConfiguration = FetchConfiguration(), transport: any HTTPTransport = AsyncHTTPClientTransport.shared,
        scholarBaseURL: URL = GoogleScholarSearch.defaultBaseURL, openAlexBaseURL: URL = OpenAlexClient.defaultBaseURL,
        openAlexAPIKey: String? = nil, scholarCacheAge: TimeInterval = ScholarWorkspace.defaultCacheAge, mail: SMTPConfiguration? = nil,
        ticketsAdminPassword: String? = nil, ordersAdminPassword: String? = nil, passwordHasher: PasswordHasher = PasswordHasher(),
        company: (store: CompanyStore, outbox: MailOutbox)? = nil, shop: ShopServices? = nil, runsBackgroundWork: Bool = true,
        keys: KeyFile = .ephemeral()
    ) {
        self.keys = keys
        self.database = database
        self.fetch = fetch
        self.transport = transport
        self.scholarBaseURL = scholarBaseURL
        self.openAlexBaseURL = openAlexBaseURL
        self.openAlexAPIKey = openAlexAPIKey
        self.scholarCacheAge = scholarCacheAge
        self.mail = mail
        self.ticketsAdminPassword = ticketsAdminPassword
        self.ordersAdminPassword = ordersAdminPassword
        self.passwordHasher = passwordHasher
        self.company = company
        self.shop = shop
        self.runsBackgroundWork = runsBackgroundWork
    }
}

/// Every app's services over the one database: what ``buildApplication(_:services:logger:)``
/// routes to. Adding an app is one store and one line in ``with(_:_:)``.
public struct AppServices: Sendable {
    public let scholar: ScholarServices
    public let wallet: WalletStore
    public let tickets: TicketServices
    public let orders: OrderServices
    public let shop: ShopServices?
    public let loginThrottle: LoginThrottlePolicy
    /// Where sessions, login counts and previewed uploads are kept (see ``AppConfiguration/shared``).
    package let shared: SharedStores
    /// See ``AppConfiguration/singleUser``.
    public let singleUser: Bool
    /// The shared wallet's admin: its password and its screens' sessions.
    let walletAdmin: AdminGate
    /// Work that runs beside the server for as long as it does.
    public let background: [any Service]
    /// Whether this start loaded the seed tickets catalogue (a new database).
    public let loadedTicketSeed: Bool
    /// What signs browsers' device cookies (``DeviceCookie/make(key:)``), from the key file, so
    /// a restart still knows the cookies it issued.
    let deviceCookieKey: SymmetricKey

    /// Migrates every app's tables in `configuration.database` and runs `body` with the services.
    public static func with<Result: Sendable>(
        _ configuration: AppConfiguration, _ body: (AppServices) async throws -> Result
    ) async throws -> Result {
        let database = configuration.database
        let workspace = try ScholarWorkspace(database: database, cacheAge: configuration.scholarCacheAge)
        try workspace.deleteExpired()
        let wallet = try WalletStore(database: database, hasher: configuration.passwordHasher)
        let ticketStore = try TicketStore(database: database, keys: configuration.keys)
        let loadedTicketSeed = try ticketStore.seedIfEmpty()
        try ShopSessionStore.migrate(database)
        let company = try configuration.company
            ?? (CompanyStore(database: database, hasher: configuration.passwordHasher), MailOutbox(database: database))
        let shared = try configuration.shared ?? SharedStores(SQLiteSharedState(database: database))
        var orders = OrderServices(
            company: company.store, outbox: company.outbox, agent: try AgentStore(database: database, keys: configuration.keys), keys: configuration.keys, firstAccount: WalletUser.defaultID, adminPassword: configuration.ordersAdminPassword,
            transport: CheckedCompanyTransport.maker(allowPrivate: configuration.allowPrivateFetch), loginThrottle: configuration.loginThrottle)
        orders.keepSharedState(in: shared, loginThrottle: configuration.loginThrottle)
        // The shop's customers' log-ins are counted in the shared store too, under the shop's policy.
        var shop = configuration.shop
        if let policy = shop?.loginThrottle.policy { shop?.loginThrottle = LoginThrottle(policy: policy, store: shared.loginThrottles) }
        var tickets = TicketServices(store: ticketStore, adminPassword: configuration.ticketsAdminPassword, loginThrottle: configuration.loginThrottle)
        tickets.keepSharedState(in: shared, loginThrottle: configuration.loginThrottle)
        var runner = ScholarSearchRunner(
            fetcher: Fetcher(configuration: configuration.fetch, transport: configuration.transport),
            scholarBaseURL: configuration.scholarBaseURL, openAlexBaseURL: configuration.openAlexBaseURL, openAlexAPIKey: configuration.openAlexAPIKey)
        runner.services = configuration.scholarServices
        let courier: [any Service] = configuration.mail.map { [OutboxCourier(outbox: company.outbox, configuration: $0)] } ?? []
        return try await body(AppServices(
            scholar: ScholarServices(workspace: workspace, runner: runner, mail: configuration.mail, allowPrivateFetch: configuration.allowPrivateFetch),
            wallet: wallet,
            tickets: tickets,
            orders: orders,
            shop: shop,
            loginThrottle: configuration.loginThrottle,
            shared: shared,
            singleUser: configuration.singleUser,
            walletAdmin: AdminGate(
                password: configuration.walletAdminPassword.flatMap { $0.isEmpty ? nil : $0 },
                sessions: shared.sessions(ofArea: "bottega_wallet_admin", policy: configuration.loginThrottle),
                cookieName: "bottega_wallet_admin", path: "/barcodes/admin"),
            background: configuration.runsBackgroundWork ? courier + [OrderResender(services: orders)] : [],
            loadedTicketSeed: loadedTicketSeed,
            deviceCookieKey: configuration.keys.key("device-cookie")
        ))
    }
}
