@preconcurrency import Benchmark
import Credentials
import Crypto
import Foundation
import GRDB
import TicketKit

/// The costs a sale and an inspection pay: signing and verifying a ticket, drawing its QR Code,
/// quoting and recording a purchase, and the wallet's password hash (its cost is the point: it
/// is what an attacker with the database pays per guess).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(5), maxIterations: 500)
    let key = Curve25519.Signing.PrivateKey()
    let ticket = Ticket(operatorCode: "ATM-MI", productCode: "ATM-MI-ORD90", validity: DateInterval(start: Date(timeIntervalSince1970: 1_795_000_000), duration: 5_400), serial: 0x1234_5678_9ABC_DEF0)

    Benchmark("Sign a ticket (Ed25519 payload)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try TicketPayload.issue(ticket, signingKey: key)) }
    }
    Benchmark("Verify a ticket offline") { benchmark in
        let payload = try TicketPayload.issue(ticket, signingKey: key)
        let instant = ticket.validity.start.addingTimeInterval(60)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try TicketPayload.verify(payload, publicKey: key.publicKey, at: instant)) }
    }
    Benchmark("Quote 3 lines from the seed catalogue") { benchmark in
        let catalogue = try TicketCatalogue.seed()
        let rides = catalogue.products(operatorCode: "ATM-MI", service: .multiple).prefix(3)
        let request = PurchaseRequest(operatorCode: "ATM-MI", service: .multiple, lines: rides.map { PurchaseLine(productCode: $0.code, quantity: 2) }, start: nil)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try catalogue.quote(request, at: Date())) }
    }
    Benchmark("Purchase a subscription: record, sign, store (SQLite in memory)") { benchmark in
        let store = try TicketStore(database: DatabaseQueue(), keys: .ephemeral())
        _ = try store.seedIfEmpty()
        let pass = try store.catalogue().products(operatorCode: "ATM-MI", service: .subscription)[0]
        let request = PurchaseRequest(operatorCode: "ATM-MI", service: .subscription, lines: [PurchaseLine(productCode: pass.code, quantity: 1)], start: nil)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations { blackHole(try store.purchase(request, owner: "bench-\(index)")) }
    }
    Benchmark("Ticket QR Code (level M)") { benchmark in
        let store = try TicketStore(database: DatabaseQueue(), keys: .ephemeral())
        let payload = try TicketPayload.issue(ticket, signingKey: key)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try store.qrCode(for: payload)) }
    }
    Benchmark("Password hash, scrypt N=2^15 r=8 p=1", configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 40)) { benchmark in
        let hasher = PasswordHasher(cost: .standard)
        for _ in benchmark.scaledIterations { blackHole(try hasher.hash("correct horse battery staple")) }
    }
}
