import Amounts
import Credentials
import Foundation
import GRDB
import Synchronization
import TicketKit

/// Times in Rome, a clock tests can move, and a small catalogue written out by hand.
enum Rome {
    static let zone = TimeZone(identifier: "Europe/Rome")!

    static func day(_ year: Int, _ month: Int, _ day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }
}

/// A clock the store reads and the test moves.
final class TestClock: Sendable {
    private let instant: Mutex<Date>

    init(_ start: Date) { instant = Mutex(start) }

    var now: Date { instant.withLock { $0 } }

    func advance(by seconds: TimeInterval) { instant.withLock { $0 += seconds } }

    func set(_ date: Date) { instant.withLock { $0 = date } }

    var reading: @Sendable () -> Date { { self.now } }
}

/// Two provinces and two operators: one selling everything with an SMS syntax that carries
/// the period and start, one selling rides without SMS.
enum TestCatalogue {
    static let padova = Province(
        code: "PD", name: "Padova", region: "Veneto", capital: "Padova",
        capitalCoordinate: Coordinate(latitude: 45.40692987, longitude: 11.87608719))
    static let venezia = Province(
        code: "VE", name: "Venezia", region: "Veneto", capital: "Venezia",
        capitalCoordinate: Coordinate(latitude: 45.43719, longitude: 12.33459))

    static let bus = TransportOperator(
        code: "BUS-PD", name: "Bus Padova", provinceCodes: ["PD"], services: [.single, .multiple, .subscription],
        smsNumber: "4800001", messageTemplate: "{keyword} {period} {start}", isSample: true, source: "test", asOf: "2024")
    static let boat = TransportOperator(
        code: "BOAT-VE", name: "Boats of Venice", provinceCodes: ["VE", "PD"], services: [.single, .multiple],
        smsNumber: nil, messageTemplate: "{keyword}", isSample: true, source: "test", asOf: "2024")

    static let ride = TicketProduct(
        code: "BUS-PD-90", operatorCode: "BUS-PD", name: "Urban 90", kind: .ride(validityMinutes: 90),
        price: Money("1.70")!, smsKeyword: "TU1", isSample: true, source: "test", asOf: "2024")
    static let carnet = TicketProduct(
        code: "BUS-PD-CARNET3", operatorCode: "BUS-PD", name: "Carnet of 3", kind: .ride(validityMinutes: 90),
        price: Money("4.50")!, smsKeyword: "CAR3", rides: 3, isSample: true, source: "test", asOf: "2024")
    static let month = TicketProduct(
        code: "BUS-PD-MONTH", operatorCode: "BUS-PD", name: "Urban month", kind: .subscription(type: "Urban", period: .month),
        price: Money("38.00")!, smsKeyword: "ABBU", isSample: true, source: "test", asOf: "2024")
    static let year = TicketProduct(
        code: "BUS-PD-YEAR", operatorCode: "BUS-PD", name: "Urban year", kind: .subscription(type: "Urban", period: .year),
        price: Money("320.00")!, smsKeyword: "ABBU", isSample: true, source: "test", asOf: "2024")
    static let boatRide = TicketProduct(
        code: "BOAT-VE-75", operatorCode: "BOAT-VE", name: "Boat 75", kind: .ride(validityMinutes: 75),
        price: Money("9.50")!, smsKeyword: "", isSample: true, source: "test", asOf: "2024")

    static let catalogue = TicketCatalogue(
        provinces: [padova, venezia], operators: [bus, boat], products: [ride, carnet, month, year, boatRide])
}

extension TicketStore {
    /// A store on a new in-memory database holding `TestCatalogue`'s Padova bus and Venice boats.
    static func withTestCatalogue(keys: KeyFile = .ephemeral(), clock: TestClock) throws -> TicketStore {
        let store = try TicketStore(database: DatabaseQueue(), keys: keys, now: clock.reading)
        try store.save(TestCatalogue.padova)
        try store.save(TestCatalogue.venezia)
        // An operator offers a service only once a product is sold under it: saved without, then with.
        for op in [TestCatalogue.bus, TestCatalogue.boat] {
            var empty = op
            empty.services = []
            try store.save(empty)
        }
        for product in TestCatalogue.catalogue.products { try store.save(product) }
        for op in [TestCatalogue.bus, TestCatalogue.boat] { try store.save(op) }
        return store
    }
}
