// swift-tools-version: 6.1
import PackageDescription

// What every web module's test target links: the assembled app, each web module (for
// `@testable import`), their Kits and the shared helpers.
let webTestDependencies: [Target.Dependency] = [
            "BottegaWeb", "WebCore", "ScholarWeb", "BarcodesWeb", "TicketsWeb", "OrdersWeb", "ShopWeb", "WebTestSupport",
            "Mail", "Raster", "ScholarKit", "BarcodeKit", "BarcodeWallet", "TicketKit", "Credentials", "Amounts",
            "OrderKit", "OrderCompany", "OrderTransport", "MailOutbox", "TestSupport", "HTTPClientTransport", "HTTPTransport", "URLSessionTransport", "Fetch", "Markup",
            "ShopKit", "ShopReplay", "Storage", "PostgresStorage", "StoreTestSupport",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "Mustache", package: "swift-mustache"),
]

let package = Package(
    name: "Bottega",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Markup", targets: ["Markup"]),
        .library(name: "Fetch", targets: ["Fetch"]),
        .library(name: "HTTPTransport", targets: ["HTTPTransport"]),
        .library(name: "HTTPClientTransport", targets: ["HTTPClientTransport"]),
        .library(name: "URLSessionTransport", targets: ["URLSessionTransport"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "Mail", targets: ["Mail"]),
        .library(name: "ScholarKit", targets: ["ScholarKit"]),
        .library(name: "BarcodeKit", targets: ["BarcodeKit"]),
        .library(name: "TicketKit", targets: ["TicketKit"]),
        .library(name: "Amounts", targets: ["Amounts"]),
        .library(name: "OrderKit", targets: ["OrderKit"]),
        .library(name: "OrderCompany", targets: ["OrderCompany"]),
        .library(name: "OrderTransport", targets: ["OrderTransport"]),
        .library(name: "Credentials", targets: ["Credentials"]),
        .library(name: "BarcodeWallet", targets: ["BarcodeWallet"]),
        .library(name: "ShopKit", targets: ["ShopKit"]),
        .library(name: "ShopReplay", targets: ["ShopReplay"]),
        .library(name: "Uploads", targets: ["Uploads"]),
        .library(name: "Storage", targets: ["Storage"]),
        .executable(name: "bottega", targets: ["bottega"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "Markup", dependencies: ["CLibXML2"]),
        // Servers that stand in for another machine on 127.0.0.1 (the replayed shop, the tests'
        // servers): a free port, and threads of their own.
        .target(
            name: "LoopbackServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // One CSV reader for publication lists and the company's spreadsheets.
        .target(name: "CSVText"),
        // One escaper for every writer of XML and HTML (charts, barcodes, reports, replays).
        .target(name: "XMLText"),
        .testTarget(name: "XMLTextTests", dependencies: ["XMLText"]),
        // The one SQLite file: how it is opened, and migrations renamed since a database was made.
        .target(name: "Storage", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", .product(name: "GRDB", package: "GRDB.swift")]),
        // libpng reads a PNG's chunks; the image data of 8-bit files is inflated by ISA-L (libisal,
        // linked by the module map), several times faster than the zlib that libpng is tied to.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "libisal-dev"])]
        ),
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"])]
        ),
        // Pixels, drawing and the ImageCodec and TextRenderer protocols in Swift; PNG and JPEG files
        // through libpng and libjpeg, text through Pango (DocumentDrawingLinux), on Linux only, so an
        // iOS app links Raster without them (and passes ImageIO and Core Text implementations).
        .target(name: "Raster", dependencies: [
            .target(name: "RasterLinuxCodecs", condition: .when(platforms: [.linux])),
            .target(name: "DocumentDrawingLinux", condition: .when(platforms: [.linux])),
        ]),
        .target(name: "RasterLinuxCodecs", dependencies: ["CPNG", "CJPEG"]),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        // Text and PDF drawn with cairo and Pango (real shaping, embedded subsetted fonts), on Linux
        // only: the Kits declare what they need (Raster's TextRenderer) and the order PDF's layout
        // stays in OrderCompany; this target only measures and draws.
        .target(name: "DocumentDrawingLinux", dependencies: ["CCairo", "CPangoCairo"]),
        // One HTTP exchange, whole, behind a protocol: how the Kits reach servers.
        .target(name: "HTTPTransport"),
        // A bounded least-recently-used map the Kits and the web layer keep views in (issue 44).
        .target(name: "Memo"),
        // The protocol over AsyncHTTPClient, for `bottega` and the tests (an iOS app uses URLSessionTransport).
        .target(
            name: "HTTPClientTransport",
            dependencies: [
                "HTTPTransport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The protocol over Foundation's URLSession: what an iOS or macOS app passes to the Kits.
        // Built and tested on Linux too (FoundationNetworking, over libcurl).
        .target(name: "URLSessionTransport", dependencies: ["HTTPTransport"]),
        .testTarget(name: "URLSessionTransportTests", dependencies: ["URLSessionTransport", "HTTPTransport", "TestSupport"]),
        .target(
            name: "Fetch",
            dependencies: [
                "HTTPTransport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ScholarKit",
            dependencies: ["Memo", "Markup", "Fetch", "Raster", "XMLText", "CSVText", "Storage", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Recordings of the services' answers (VCR cassettes, YAML) read as publication lists: its
        // own module, so the YAML parser stays out of ScholarKit.
        .target(name: "ScholarCassettes", dependencies: ["ScholarKit", .product(name: "Yams", package: "Yams")]),
        // The cassette tests also replay the services' recorded answers to the network sources.
        .testTarget(name: "ScholarCassettesTests", dependencies: ["ScholarCassettes", "ScholarKit", "Fetch", "TestSupport"]),
        .target(name: "BarcodeKit", dependencies: ["Raster", "XMLText"]),
        .testTarget(name: "BarcodeKitTests", dependencies: ["BarcodeKit", "Raster", "TestSupport"]),
        // Exact money, shared by the Kits that price things (tickets, orders).
        .target(name: "Amounts"),
        .testTarget(name: "AmountsTests", dependencies: ["Amounts"]),
        .target(
            name: "OrderKit",
            dependencies: ["Amounts", "Credentials", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The company's server: accounts, master data from sheets, the sync answers, orders
        // received and their PDF. Not in the agent's Kit (an iOS app never links it).
        .target(
            name: "OrderCompany",
            dependencies: [
                "OrderKit", "Amounts", "Credentials", "CSVText", "Markup", "Mail", "MailOutbox", "Storage", .product(name: "GRDB", package: "GRDB.swift"),
                .target(name: "DocumentDrawingLinux", condition: .when(platforms: [.linux])),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // The agent's CompanyTransport over the shared HTTP transport (an iOS app would use URLSession).
        .target(name: "OrderTransport", dependencies: ["OrderKit", "HTTPTransport", "HTTPClientTransport"]),
        .testTarget(
            name: "OrderKitTests",
            dependencies: ["OrderKit", "OrderCompany", "OrderTransport", "Amounts", "Credentials", "Raster", "Storage", "StoreTestSupport", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Resources"]
        ),
        .target(
            name: "TicketKit",
            dependencies: ["BarcodeKit", "Amounts", "Credentials", "Storage", .product(name: "Crypto", package: "swift-crypto"), .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Seed/NOTES.md"],
            resources: [.copy("Resources")]
        ),
        .testTarget(name: "TicketKitTests", dependencies: ["TicketKit", "Amounts", "Credentials", "Storage", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto")]),
        // Passwords and sessions, shared by every app that has accounts (the wallet, Orders).
        .target(
            name: "Credentials",
            dependencies: [.product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto")]
        ),
        .testTarget(name: "CredentialsTests", dependencies: ["Credentials", .product(name: "Crypto", package: "swift-crypto")]),
        // The barcode wallet: users, their saved codes, what a scanned text leads to.
        .target(
            name: "BarcodeWallet",
            dependencies: ["BarcodeKit", "Credentials", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "BarcodeWalletTests", dependencies: ["BarcodeWallet", "BarcodeKit", "Credentials", "Storage", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(
            name: "Mail",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // libxcrypt's crypt_r (Debian's libcrypt-dev, which libc6-dev depends on): bcrypt
        // verification of PrestaShop 1.7+ customer passwords in ShopKit's Login, Linux only.
        .systemLibrary(
            name: "CCrypt",
            pkgConfig: "libxcrypt",
            providers: [.apt(["libcrypt-dev"])]
        ),
        // The PrestaShop webservice SDK: requests, documents, models, caches, lazy lists.
        .target(
            name: "ShopKit",
            dependencies: [
                "Memo",
                "Markup",
                "HTTPTransport",
                .target(name: "CCrypt", condition: .when(platforms: [.linux])),
                // SHA-1 of bodies, checked against the webservice's Content-Sha1 header.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A PrestaShop webservice on 127.0.0.1 from recorded traffic, with a small emulator for
        // writes and injectable faults: for ShopKit's tests and `bottega serve --shop-replay`.
        .target(
            name: "ShopReplay",
            dependencies: [
                "LoopbackServer",
                "Markup",
                "ShopKit",
                "XMLText",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "ShopKitTests", dependencies: ["ShopKit", "Markup", "ShopReplay", "TestSupport", "HTTPClientTransport", "URLSessionTransport"]),
        // The company server's store and outbox, and the web's shared state (sessions, login
        // counts, previewed uploads), in PostgreSQL (DATABASE_URL), for several servers.
        .target(
            name: "PostgresStorage",
            dependencies: [
                "OrderKit", "OrderCompany", "MailOutbox", "Mail", "WebCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Mail that waits in the database until an SMTP server took it.
        .target(name: "MailOutbox", dependencies: ["Mail", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "MailOutboxTests", dependencies: ["MailOutbox", "Mail", "StoreTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        // The company server's databases for tests: SQLite, and PostgreSQL when one is given.
        .target(
            name: "StoreTestSupport",
            dependencies: [
                "OrderKit", "OrderCompany", "MailOutbox", "PostgresStorage", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/StoreTestSupport"
        ),
        .testTarget(
            name: "MailTests",
            dependencies: [
                "Mail",
                "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Reading the file fields of multipart/form-data bodies; its own module so Fuzz/ can link
        // it without the web app.
        .target(name: "Uploads", dependencies: [.product(name: "MultipartKit", package: "multipart-kit")]),
        .testTarget(name: "UploadsTests", dependencies: ["Uploads"]),
        // What every app's screens share: the request context, screens and templates, the error
        // answers, the guards, input decoding, sessions and throttles, slow work. No app's Kit.
        .target(
            name: "WebCore",
            dependencies: [
                "Credentials",
                "HTTPTransport",
                "Uploads",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Resources")]
        ),
        // One module per app's screens and JSON API, on its Kit and WebCore; none imports another
        // app's (scripts/check-layers).
        .target(
            name: "ScholarWeb",
            dependencies: ["Memo", "WebCore", "ScholarKit", "ScholarCassettes", "Fetch", "Mail", "Markup", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Mustache", package: "swift-mustache"), .product(name: "NIOCore", package: "swift-nio")],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "BarcodesWeb",
            dependencies: ["WebCore", "BarcodeKit", "BarcodeWallet", "Credentials", .product(name: "Crypto", package: "swift-crypto"), .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio")],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "TicketsWeb",
            dependencies: ["WebCore", "TicketKit", "BarcodeKit", "Amounts", "Credentials", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Mustache", package: "swift-mustache"), .product(name: "NIOCore", package: "swift-nio")],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "OrdersWeb",
            dependencies: [
                "WebCore", "OrderKit", "OrderCompany", "OrderTransport", "Amounts", "Credentials", "HTTPTransport", "Mail", "MailOutbox", "Storage",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "ShopWeb",
            dependencies: [
                "WebCore", "ShopKit", "Credentials", "HTTPTransport", "HTTPClientTransport", "Storage",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources")]
        ),
        // The assembly: every app's services over the one database, and their routes on one router.
        .target(
            name: "BottegaWeb",
            dependencies: [
                "WebCore", "ScholarWeb", "BarcodesWeb", "TicketsWeb", "OrdersWeb", "ShopWeb",
                "ScholarKit", "BarcodeWallet", "TicketKit", "OrderKit", "OrderCompany", "MailOutbox", "Mail", "Credentials",
                "Fetch", "HTTPTransport", "HTTPClientTransport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources")]
        ),
        // The web's share of the tests' helpers: the whole app on a router or a live port, cookies,
        // bodies. Its own target, so the Kits' tests do not link the web app.
        .target(
            name: "WebTestSupport",
            dependencies: [
                "BottegaWeb", "WebCore", "ShopWeb", "OrdersWeb", "BarcodeWallet", "TicketKit", "OrderKit", "OrderCompany", "MailOutbox",
                "ScholarKit", "Credentials", "Fetch", "Mail", "ShopKit", "ShopReplay", "TestSupport", "HTTPClientTransport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            path: "Tests/WebTestSupport"
        ),
        .testTarget(
            name: "WebCoreTests",
            dependencies: webTestDependencies
        ),
        .testTarget(
            name: "ScholarWebTests",
            dependencies: webTestDependencies
        ),
        .testTarget(
            name: "BarcodesWebTests",
            dependencies: webTestDependencies
        ),
        .testTarget(
            name: "TicketsWebTests",
            dependencies: webTestDependencies
        ),
        .testTarget(
            name: "OrdersWebTests",
            dependencies: webTestDependencies
        ),
        .testTarget(
            name: "ShopWebTests",
            dependencies: webTestDependencies
        ),
        // The assembly's own: databases earlier versions made open and upgrade.
        .testTarget(
            name: "BottegaWebTests",
            dependencies: webTestDependencies,
            // Databases earlier versions made, opened by path like the fixtures.
            exclude: ["Storage/Databases"]
        ),
        .executableTarget(
            name: "bottega",
            dependencies: [
                "BottegaWeb",
                "WebCore",
                "ShopWeb",
                "Markup",
                "PostgresStorage",
                "ShopKit",
                "ShopReplay",
                "BarcodeKit",
                "BarcodeWallet",
                "TicketKit",
                "OrderKit", "OrderCompany", "OrderTransport",
                "MailOutbox",
                "Raster",
                "Mail",
                "ScholarKit",
                "ScholarCassettes",
                "Fetch",
                "HTTPClientTransport",
                "Storage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "ScholarKitTests",
            dependencies: [
                "ScholarKit",
                "CSVText",
                "Fetch",
                "Raster",
                "Storage",
                .product(name: "PropertyBased", package: "swift-property-based"),
                "TestSupport",
            ],
            // The titles read off the older homepages, found by path like the fixtures.
            exclude: ["Matching/HomepageTitles", "Matching/HomepageBrPages"]
        ),
        .testTarget(
            name: "bottegaTests",
            dependencies: ["bottega", "ScholarKit", "TicketKit", "OrderKit", "OrderCompany", "ShopReplay", "TestSupport", "Storage", "StoreTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "MarkupTests", dependencies: ["Markup"]),
        // ZIPFoundation's CRC-32 closes the chunks of the PNGs the tests build byte by byte.
        .testTarget(
            name: "RasterTests",
            dependencies: [
                "Raster", "TestSupport", .target(name: "RasterLinuxCodecs", condition: .when(platforms: [.linux])),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // What every test target shares: real servers on 127.0.0.1 (HTTP, and SMTP through
        // aiosmtpd's `smtp_sink.py`), seeded random numbers, the shared fixtures and their skip rule.
        .target(
            name: "TestSupport",
            dependencies: [
                "Fetch", "HTTPClientTransport", "LoopbackServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/TestSupport",
            exclude: ["smtp_sink.py"]
        ),
        .testTarget(
            name: "FetchTests",
            dependencies: [
                "Fetch",
                "TestSupport",
            ]
        ),
        .executableTarget(
            name: "ScholarBenchmarks",
            dependencies: [
                "ScholarKit",
                "TestSupport",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ScholarBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WebBenchmarks",
            dependencies: [
                "BottegaWeb",
                "WebCore",
                "ScholarKit",
                "BarcodeWallet",
                "TicketKit",
                "OrderKit", "OrderCompany", "OrderTransport",
                "MailOutbox",
                "Fetch",
                "TestSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/WebBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "BarcodeBenchmarks",
            dependencies: [
                "BarcodeKit",
                "TestSupport",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/BarcodeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TicketBenchmarks",
            dependencies: [
                "TicketKit",
                "Amounts",
                "Credentials",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TicketBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "OrderBenchmarks",
            dependencies: [
                "OrderKit", "OrderCompany", "OrderTransport", "Credentials",
                "Amounts",
                "Storage",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/OrderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ShopBenchmarks",
            dependencies: [
                "ShopKit",
                "ShopReplay",
                "Raster",
                "HTTPClientTransport",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ShopBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
