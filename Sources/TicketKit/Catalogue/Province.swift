import Foundation

/// An Italian province (or metropolitan city, free consortium, autonomous province: ISTAT's
/// "unità territoriale sovracomunale") and its capital, where a phone's position is matched.
public struct Province: Sendable, Hashable, Codable {
    /// The two-letter "sigla automobilistica", e.g. "PD".
    public var code: String
    /// ISTAT's name, e.g. "Padova", "Bolzano/Bozen".
    public var name: String
    public var region: String
    /// The capital's name; for Barletta-Andria-Trani, the first of its three capitals.
    public var capital: String
    public var capitalCoordinate: Coordinate

    public init(code: String, name: String, region: String, capital: String, capitalCoordinate: Coordinate) {
        self.code = code
        self.name = name
        self.region = region
        self.capital = capital
        self.capitalCoordinate = capitalCoordinate
    }
}
