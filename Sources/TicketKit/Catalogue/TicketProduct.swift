import Amounts
import Foundation

/// What a ticket or pass is: a ride valid for some minutes, or a subscription for a calendar
/// period.
public enum ProductKind: Sendable, Hashable {
    case ride(validityMinutes: Int)
    /// `type` groups the passes on the screen, e.g. "Urban", "Students".
    case subscription(type: String, period: SubscriptionPeriod)
}

/// One thing an operator sells, at one price.
///
/// In JSON the kind is flat: `"kind":"ride","validityMinutes":90` or
/// `"kind":"subscription","subscriptionType":"Urban","period":"month"`, and `"rides"` appears
/// only for a carnet.
public struct TicketProduct: Sendable, Hashable, Codable {
    /// Same syntax as an operator code, e.g. "ATM-MI-ORD90"; unique in the catalogue.
    public var code: String
    public var operatorCode: String
    public var name: String
    public var kind: ProductKind
    /// The price of one unit: one ticket, one pass, or one carnet.
    public var price: Money
    /// The word the operator's SMS syntax expects for this product, e.g. "ATM"; empty when it
    /// cannot be bought by SMS.
    public var smsKeyword: String
    /// How many rides one unit holds: 1 for a ticket, e.g. 11 for AMT Genova's carnet. Each
    /// ride becomes a ticket activated on its own.
    public var rides: Int
    /// True when the price, validity or keyword is invented: the app labels it as sample data.
    public var isSample: Bool
    /// Where the fare comes from: file or page, and date.
    public var source: String
    /// When the fare was last known true, as the source dates it: `2024-05-01`, `2023-04` or
    /// `2024` (``FareAge``). Empty until stored: the store dates a fare saved without one today.
    public var asOf: String

    public init(
        code: String, operatorCode: String, name: String, kind: ProductKind, price: Money, smsKeyword: String,
        rides: Int = 1, isSample: Bool, source: String, asOf: String = ""
    ) {
        self.asOf = asOf
        self.code = code
        self.operatorCode = operatorCode
        self.name = name
        self.kind = kind
        self.price = price
        self.smsKeyword = smsKeyword
        self.rides = rides
        self.isSample = isSample
        self.source = source
    }

    /// The minutes one ride is valid; nil for a subscription.
    public var validityMinutes: Int? {
        if case .ride(let minutes) = kind { minutes } else { nil }
    }

    /// The period of a subscription; nil for a ride.
    public var period: SubscriptionPeriod? {
        if case .subscription(_, let period) = kind { period } else { nil }
    }

    public var subscriptionType: String? {
        if case .subscription(let type, _) = kind { type } else { nil }
    }

    /// Whether the app lists this product under `service`: a single ride under both "single"
    /// and "multiple", a carnet only under "multiple" (its rides are activated one by one, so
    /// selling it as eleven tickets valid at once would waste ten), a pass under "subscription".
    public func isSold(as service: TicketService) -> Bool {
        switch (kind, service) {
        case (.ride, .single): rides == 1
        case (.ride, .multiple): true
        case (.subscription, .subscription): true
        default: false
        }
    }

    private enum CodingKeys: String, CodingKey {
        case code, operatorCode, name, kind, validityMinutes, subscriptionType, period, price, smsKeyword, rides, isSample, source, asOf
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        operatorCode = try container.decode(String.self, forKey: .operatorCode)
        name = try container.decode(String.self, forKey: .name)
        switch try container.decode(String.self, forKey: .kind) {
        case "ride":
            kind = .ride(validityMinutes: try container.decode(Int.self, forKey: .validityMinutes))
        case "subscription":
            kind = .subscription(
                type: try container.decode(String.self, forKey: .subscriptionType),
                period: try container.decode(SubscriptionPeriod.self, forKey: .period))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "kind \"\(other)\" is neither \"ride\" nor \"subscription\"")
        }
        price = try container.decode(Money.self, forKey: .price)
        smsKeyword = try container.decodeIfPresent(String.self, forKey: .smsKeyword) ?? ""
        rides = try container.decodeIfPresent(Int.self, forKey: .rides) ?? 1
        isSample = try container.decode(Bool.self, forKey: .isSample)
        source = try container.decode(String.self, forKey: .source)
        asOf = try container.decodeIfPresent(String.self, forKey: .asOf) ?? ""
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(operatorCode, forKey: .operatorCode)
        try container.encode(name, forKey: .name)
        switch kind {
        case .ride(let minutes):
            try container.encode("ride", forKey: .kind)
            try container.encode(minutes, forKey: .validityMinutes)
        case .subscription(let type, let period):
            try container.encode("subscription", forKey: .kind)
            try container.encode(type, forKey: .subscriptionType)
            try container.encode(period, forKey: .period)
        }
        try container.encode(price, forKey: .price)
        try container.encode(smsKeyword, forKey: .smsKeyword)
        if rides != 1 { try container.encode(rides, forKey: .rides) }
        try container.encode(isSample, forKey: .isSample)
        try container.encode(source, forKey: .source)
        try container.encode(asOf, forKey: .asOf)
    }
}
