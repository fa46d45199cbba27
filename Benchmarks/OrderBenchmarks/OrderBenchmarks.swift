import Credentials
@preconcurrency import Benchmark
import Foundation
import OrderCompany
import OrderKit
import Storage

/// The costs issue 8 asks to be measured at the thesis's scale: an agent's sync of 100,000
/// records (the `||` response parsed, then applied in one transaction to an empty on-disk
/// store), the company serving the same 100,000 records as the JSON feed, the order PDF the
/// company e-mails, and a 100,000-row price list uploaded as CSV. Every input is built in
/// `setup`, outside the measured part; results are checked so a figure is never that of a
/// failure.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident], warmupIterations: 1, maxDuration: .seconds(60), maxIterations: 10
    )
    let company = "BOTTEGA-BO"
    let data = ItalianMasterData.hundredThousand
    let records = data.recordCount

    // MARK: 1. The agent's sync (the thesis's protocol)

    Benchmark("Agent sync of 100,000 records: parse and apply (SQLite file, WAL)", configuration: .init(maxIterations: 5)) { benchmark, text in
        try withEmptyAgentStore { store in
            benchmark.startMeasurement()
            let commands = try SyncResponse.parse(text, company: company).get()
            let summary = try store.apply(commands)
            benchmark.stopMeasurement()
            try expect(summary.upserted == records, "applied \(summary.upserted) of \(records) records")
        }
    } setup: {
        try thesisResponse(data, company: company)
    }

    Benchmark("Agent sync of 100,000 records: parse only (SyncResponse.parse)") { benchmark, text in
        for _ in benchmark.scaledIterations {
            let commands = try SyncResponse.parse(text, company: company).get()
            try expect(commands.count == records, "parsed \(commands.count) of \(records) lines")
            blackHole(commands)
        }
    } setup: {
        try thesisResponse(data, company: company)
    }

    Benchmark("Agent sync of 100,000 records: apply only (AgentStore.apply, SQLite file, WAL)", configuration: .init(maxIterations: 5)) { benchmark, commands in
        try withEmptyAgentStore { store in
            benchmark.startMeasurement()
            let summary = try store.apply(commands)
            benchmark.stopMeasurement()
            try expect(summary.upserted == records, "applied \(summary.upserted) of \(records) records")
        }
    } setup: {
        try SyncResponse.parse(thesisResponse(data, company: company), company: company).get()
    }

    // MARK: 2. The company's JSON feed

    // Every request authenticates before its page is read, as the web app's handler does; the
    // store remembers a checked password, so after the warm-up the walks below pay no scrypt:
    // an agent's first sync costs one walk plus one first authentication (measured apart).
    // Each page is encoded as the handler sends it.
    let agent = (username: "mario.rossi", password: "Caffè-Forlì-2025")
    let feedDirectory = scratchDirectory()
    Benchmark(
        "JSON feed: all 100 pages of 1,000 over a company of 100,000 records (remembered auth + read + encode)",
        configuration: .init(maxIterations: 5)
    ) { benchmark, server in
        var cursor: String?
        var pages = 0
        var changes = 0
        var bytes = 0
        let encoder = JSONEncoder()
        benchmark.startMeasurement()
        while true {
            let page = try await server.feed(company: company, username: agent.username, password: agent.password, cursor: cursor, limit: 1_000)
            bytes += try encoder.encode(page).count
            pages += 1
            changes += page.changes.count
            cursor = page.cursor
            if !page.hasMore { break }
        }
        benchmark.stopMeasurement()
        try expect(pages == 100 && changes == records, "walked \(pages) pages, \(changes) changes (\(bytes) bytes)")
    } setup: {
        try await feedServer(data, company: company, agent: agent, directory: feedDirectory)
    } teardown: {
        try? FileManager.default.removeItem(at: feedDirectory)
    }

    let pageDirectory = scratchDirectory()
    Benchmark(
        "JSON feed: one page of 1,000 from the middle of 100,000 records (remembered auth + read + encode)",
        configuration: .init(maxDuration: .seconds(30), maxIterations: 50)
    ) { benchmark, server in
        let encoder = JSONEncoder()
        for _ in benchmark.scaledIterations {
            let page = try await server.feed(company: company, username: agent.username, password: agent.password, cursor: "50000", limit: 1_000)
            try expect(page.changes.count == 1_000, "the page had \(page.changes.count) changes")
            blackHole(try encoder.encode(page))
        }
    } setup: {
        try await feedServer(data, company: company, agent: agent, directory: pageDirectory)
    } teardown: {
        try? FileManager.default.removeItem(at: pageDirectory)
    }

    // The one scrypt check of an agent's sync: a new store has remembered nothing.
    let authDirectory = scratchDirectory()
    Benchmark("JSON feed: an agent's first authentication (scrypt verify, not yet remembered)", configuration: .init(maxDuration: .seconds(30), maxIterations: 50)) { benchmark, server in
        let store = CompanyStore(database: server.store.database)
        benchmark.startMeasurement()
        let access = try await store.authenticate(company: company, username: agent.username, password: agent.password)
        benchmark.stopMeasurement()
        try expect(access == .allowed, "the agent was refused: \(access)")
    } setup: {
        try await feedServer(ItalianMasterData(supplierCount: 0, customerCount: 0, productCount: 0, discountCount: 0), company: company, agent: agent, directory: authDirectory)
    } teardown: {
        try? FileManager.default.removeItem(at: authDirectory)
    }

    // MARK: 3. The order PDF

    Benchmark("Order PDF of 200 lines (OrderDocument layout + pdf)", configuration: .init(metrics: [.wallClock], maxDuration: .seconds(20), maxIterations: 200)) { benchmark, content in
        for _ in benchmark.scaledIterations {
            let document = OrderDocument(content: content)
            blackHole(document.pdf())
        }
    } setup: {
        let content = try orderContent(data, lineCount: 200)
        let pages = OrderDocument(content: content).pageCount
        try expect(pages > 1, "200 lines fitted on \(pages) page")
        return content
    }

    // MARK: 4. The company's price-list upload

    let priceList = ItalianMasterData(supplierCount: 1_000, customerCount: 0, productCount: 100_000, discountCount: 0)
    Benchmark("CSV upload of 100,000 products (SpreadsheetReader.read + MasterDataImport.records)") { benchmark, csv in
        for _ in benchmark.scaledIterations {
            let table = try SpreadsheetReader.read(csv)
            let imported = try MasterDataImport.records(from: table, kind: .product)
            try expect(imported.count == 100_000, "imported \(imported.count) of 100,000 rows")
            blackHole(imported)
        }
    } setup: {
        priceList.productsCSV()
    }
}

// MARK: Inputs

/// The thesis's `sync` answer for the whole company: one `ins` line per record.
func thesisResponse(_ data: ItalianMasterData, company: String) throws -> String {
    try SyncLineEncoder.encode(data.commands(company: company))
}

/// A company store on disk (as `bottega serve` opens it) holding `data`, with one agent.
func feedServer(
    _ data: ItalianMasterData, company: String, agent: (username: String, password: String), directory: URL
) async throws -> CompanySyncServer {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let store = try CompanyStore(database: try SQLiteFile.open(path: directory.appendingPathComponent("company.sqlite").path))
    _ = try await store.addCompany(code: company, name: "Bottega Emiliana S.r.l.")
    try await store.addAgent(company: company, username: agent.username, password: agent.password)
    try await store.upsert(data.records().map { ($0.remoteID, $0.record) }, company: company)
    return CompanySyncServer(store: store)
}

/// An order of `lineCount` lines of the company's products, priced as the server prices it.
func orderContent(_ data: ItalianMasterData, lineCount: Int) throws -> OrderDocumentContent {
    let lines = (0..<lineCount).map { index in
        let product = data.product(index * 337 % data.productCount)
        let levels: [Decimal] = index % 3 == 0 ? [] : data.discount(index).levels
        return OrderLine(
            productID: nil, productCode: product.code, description: product.description,
            quantity: product.minimumQuantity * (1 + index % 4), unitPrice: product.price, discountLevels: levels
        )
    }
    let documentLines = try lines.map { line in
        OrderDocumentContent.Line(
            code: line.productCode, description: line.description, quantity: line.quantity, unitPrice: line.unitPrice,
            discount: OrderDocumentContent.discountText(line.discountLevels), total: try line.total()
        )
    }
    let totals = try OrderTotals(lines: lines)
    let agent = Agent(
        name: "Niccolò Ferri", phone: "0543 712 440", mobile: "+39 347 118 2290", email: "niccolo.ferri@bottega-emiliana.it",
        address: "Corso Garibaldi 112", city: "Forlì"
    )
    return OrderDocumentContent(
        companyName: "Bottega Emiliana S.r.l.", orderNumber: "2025/117", date: Date(timeIntervalSince1970: 1_764_000_000),
        agent: .init(agent: agent), customer: .init(customer: data.customer(17)), supplier: .init(supplier: data.supplier(4)),
        lines: documentLines, grossTotal: totals.gross, discountTotal: totals.discount, netTotal: totals.net,
        terms: .init(
            delivery: "Franco destino, Città di Castello", payment: "Bonifico bancario a 60 giorni data fattura fine mese",
            bank: "BPER Banca, filiale di Forlì", packing: "Cartoni su bancale EPAL", deliveryTerms: "Entro 10 giorni lavorativi",
            notes: "Consegnare dal martedì al venerdì, non oltre le 11:00; citofono “Magazzino”."
        )
    )
}

// MARK: Helpers

/// A new directory under the system's temporary one, not yet created.
func scratchDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("bottega-order-bench-\(UUID().uuidString)", isDirectory: true)
}

/// Runs `body` with an empty agent store in a new SQLite file (WAL, as `SQLiteFile.open(path:)`
/// makes it on the device), then removes the file.
func withEmptyAgentStore(_ body: (AgentStore) throws -> Void) throws {
    let directory = scratchDirectory()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(AgentStore(database: try SQLiteFile.open(path: directory.appendingPathComponent("agent.sqlite").path), keys: .ephemeral()))
}

/// A benchmark whose work went wrong reports it instead of a figure.
struct BenchmarkCheckFailed: Error, CustomStringConvertible {
    let description: String
}

func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    guard condition else { throw BenchmarkCheckFailed(description: message()) }
}
