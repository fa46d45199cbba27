import Foundation

/// Everything the ticket app sells: provinces, their operators, and the operators' products.
///
/// A value: the store builds one from the database for each request, and the seed is one
/// decoded from JSON. Lookups are linear scans; the Italian catalogue has about a hundred
/// provinces and a few dozen products, far below where an index would pay.
public struct TicketCatalogue: Sendable, Hashable, Codable {
    public var provinces: [Province]
    public var operators: [TransportOperator]
    public var products: [TicketProduct]

    public init(provinces: [Province] = [], operators: [TransportOperator] = [], products: [TicketProduct] = []) {
        self.provinces = provinces
        self.operators = operators
        self.products = products
    }

    public func province(code: String) -> Province? {
        provinces.first { $0.code == code }
    }

    /// The operators serving the province, in catalogue order; empty for an unknown code.
    public func operators(inProvince code: String) -> [TransportOperator] {
        operators.filter { $0.provinceCodes.contains(code) }
    }

    public func `operator`(code: String) -> TransportOperator? {
        operators.first { $0.code == code }
    }

    public func product(code: String) -> TicketProduct? {
        products.first { $0.code == code }
    }

    /// The operator's products, in catalogue order.
    public func products(operatorCode: String) -> [TicketProduct] {
        products.filter { $0.operatorCode == operatorCode }
    }

    /// The operator's products listed under a service (see `TicketProduct.isSold(as:)`).
    public func products(operatorCode: String, service: TicketService) -> [TicketProduct] {
        products.filter { $0.operatorCode == operatorCode && $0.isSold(as: service) }
    }

    /// The province whose capital is nearest to `position` by great-circle distance (the
    /// phone's location in the thesis's flow), with the distance; nil for an empty catalogue.
    public func nearestProvince(to position: Coordinate) -> (province: Province, kilometres: Double)? {
        position.nearest(of: provinces) { $0.capitalCoordinate }.map { ($0.place, $0.kilometres) }
    }
}
