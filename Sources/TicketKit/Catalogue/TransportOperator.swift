import Foundation

/// A public-transport operator: where it runs, what it sells, and how it takes an SMS.
public struct TransportOperator: Sendable, Hashable, Codable {
    /// Upper-case letters, digits and hyphens, 2 to 32 characters, e.g. "ATM-MI": it is
    /// signed into every ticket, so it must stay short (`TicketPayload.maximumCodeLength`).
    public var code: String
    public var name: String
    /// The provinces (sigle) it serves, e.g. ["PD"]; an operator shows up in each.
    public var provinceCodes: [String]
    public var services: Set<TicketService>
    /// The number the payment SMS goes to, digits with an optional leading "+"; nil when the
    /// operator sells no tickets by SMS (the app then hides the SMS button).
    public var smsNumber: String?
    /// The SMS text, with the placeholders `{keyword}`, `{quantity}`, `{start}` (dd/MM/yyyy)
    /// and `{period}`; see `PaymentSMS`. Most real operators take the bare keyword: "{keyword}".
    public var messageTemplate: String
    /// The IANA zone in which days, weeks and months start for its subscriptions.
    public var timeZone: String
    public var website: String?
    /// The label before the ticket code in the operator's reply SMS, where a source gives it
    /// ("PNR" for ATM Milano, NOTES.md §2): a pasted reply must carry a code after it.
    public var replyCodeLabel: String?
    /// True when something in this record is invented (an SMS number or syntax that no source
    /// gives): the app labels it as sample data.
    public var isSample: Bool
    /// Where the data come from: file or page, and date.
    public var source: String
    /// When the SMS number and syntax (or, without them, the name and site) were last known true,
    /// as the source dates them (``FareAge``); empty until stored, when the store dates it today.
    public var asOf: String

    public init(
        code: String, name: String, provinceCodes: [String], services: Set<TicketService>, smsNumber: String?,
        messageTemplate: String, timeZone: String = "Europe/Rome", website: String? = nil, isSample: Bool, source: String, asOf: String = "",
        replyCodeLabel: String? = nil
    ) {
        self.asOf = asOf
        self.replyCodeLabel = replyCodeLabel
        self.code = code
        self.name = name
        self.provinceCodes = provinceCodes
        self.services = services
        self.smsNumber = smsNumber
        self.messageTemplate = messageTemplate
        self.timeZone = timeZone
        self.website = website
        self.isSample = isSample
        self.source = source
    }

    public func offers(_ service: TicketService) -> Bool { services.contains(service) }

    /// The zone of `timeZone`; Europe/Rome if the identifier is unknown (validation refuses
    /// unknown identifiers, so this only guards a hand-edited database).
    public var zone: TimeZone {
        TimeZone(identifier: timeZone) ?? TimeZone(identifier: "Europe/Rome") ?? .gmt
    }

    private enum CodingKeys: String, CodingKey {
        case code, name, provinceCodes, services, smsNumber, messageTemplate, timeZone, website, isSample, source, asOf, replyCodeLabel
    }

    /// `asOf` may be absent (a catalogue or an admin's edit from before it existed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        name = try container.decode(String.self, forKey: .name)
        provinceCodes = try container.decode([String].self, forKey: .provinceCodes)
        services = try container.decode(Set<TicketService>.self, forKey: .services)
        smsNumber = try container.decodeIfPresent(String.self, forKey: .smsNumber)
        messageTemplate = try container.decode(String.self, forKey: .messageTemplate)
        timeZone = try container.decode(String.self, forKey: .timeZone)
        website = try container.decodeIfPresent(String.self, forKey: .website)
        isSample = try container.decode(Bool.self, forKey: .isSample)
        source = try container.decode(String.self, forKey: .source)
        asOf = try container.decodeIfPresent(String.self, forKey: .asOf) ?? ""
        replyCodeLabel = try container.decodeIfPresent(String.self, forKey: .replyCodeLabel)
    }

    /// Services are written in a fixed order (single, multiple, subscription) so the JSON of
    /// the same catalogue is always the same text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(name, forKey: .name)
        try container.encode(provinceCodes, forKey: .provinceCodes)
        try container.encode(TicketService.allCases.filter(services.contains), forKey: .services)
        try container.encodeIfPresent(smsNumber, forKey: .smsNumber)
        try container.encode(messageTemplate, forKey: .messageTemplate)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(website, forKey: .website)
        try container.encode(isSample, forKey: .isSample)
        try container.encode(source, forKey: .source)
        try container.encode(asOf, forKey: .asOf)
        try container.encodeIfPresent(replyCodeLabel, forKey: .replyCodeLabel)
    }
}
