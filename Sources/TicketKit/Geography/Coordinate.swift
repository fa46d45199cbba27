import Foundation

/// A point on the Earth in degrees (WGS 84, as browsers' geolocation reports it).
public struct Coordinate: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean Earth radius (IUGG), in kilometres.
    static let earthRadius = 6_371.0088

    /// Great-circle distance in kilometres by the haversine formula, which stays accurate for
    /// the short distances between neighbouring province capitals (the spherical law of
    /// cosines loses digits there).
    public func distance(to other: Coordinate) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (other.longitude - longitude) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadius * asin(min(1, a.squareRoot()))
    }

    /// The place nearest to this point, with its distance; nil when `places` is empty.
    public func nearest<Place>(of places: [Place], at position: (Place) -> Coordinate) -> (place: Place, kilometres: Double)? {
        places.map { ($0, distance(to: position($0))) }.min { $0.1 < $1.1 }
    }
}
