import Foundation
import Testing
import TicketKit
import TestSupport

/// Great-circle distances, and the province capital nearest to a phone's position, on the
/// real capitals of ../shared/fixtures/tickets/geo/derived/province.csv.
@Suite struct CoordinateTests {
    static let provinces = SharedFixtures.url("tickets/geo/derived/province.csv")

    @Test func knownDistances() {
        // A quarter of a meridian, and one degree of longitude on the equator.
        let pole = Coordinate(latitude: 90, longitude: 0), equator = Coordinate(latitude: 0, longitude: 0)
        #expect(abs(equator.distance(to: pole) - .pi / 2 * 6_371.0088) < 1e-6)
        #expect(abs(equator.distance(to: Coordinate(latitude: 0, longitude: 1)) - 111.195) < 0.01)
        #expect(equator.distance(to: equator) == 0)
    }

    @Test(.enabled(if: SharedFixtures.enabled("tickets"), Comment(rawValue: SharedFixtures.skipMessage("tickets"))))
    func aPhoneInPadovaOrNearTheCoastPicksTheRightCapital() throws {
        let text = try String(contentsOf: Self.provinces, encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let capitals = rows.compactMap { row -> (name: String, at: Coordinate)? in
            guard row.count >= 15, let lat = Double(row[13]), let lon = Double(row[14]) else { return nil }
            return (String(row[12]), Coordinate(latitude: lat, longitude: lon))
        }
        #expect(capitals.count == 107)
        // The Padova thesis's university (Via Gradenigo).
        #expect(Coordinate(latitude: 45.4090, longitude: 11.8945).nearest(of: capitals) { $0.at }?.place.name == "Padova")
        // Sottomarina beach (Chioggia): by hand, Venezia's capital is 0.24° north, ~27 km;
        // Padova's 0.21° north and 0.43° west, ~41 km; Rovigo's 0.13° south and 0.51° west, ~42 km.
        let sottomarina = try #require(Coordinate(latitude: 45.2016, longitude: 12.3050).nearest(of: capitals) { $0.at })
        #expect(sottomarina.place.name == "Venezia")
        #expect(abs(sottomarina.kilometres - 27) < 1.5)
        #expect(Coordinate(latitude: 41.9028, longitude: 12.4964).nearest(of: capitals) { $0.at }?.place.name == "Roma")
        #expect(Coordinate(latitude: 0, longitude: 0).nearest(of: [(name: String, at: Coordinate)]()) { $0.at } == nil)
    }
}
