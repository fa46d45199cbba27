/// A date and time as the webservice writes it: `2016-12-07 15:13:52`, in the shop's local
/// time with no zone (API-NOTES §5). Kept as its fields, not converted to an instant, because
/// the zone is the shop's configuration, not part of the value.
public struct ShopDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

    /// Parses exactly `YYYY-MM-DD HH:MM:SS` with values in range; `nil` otherwise, including the
    /// zero date `0000-00-00 00:00:00`, which the webservice uses for "none".
    public init?(_ text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, let date = ShopDate(String(parts[0])) else { return nil }
        let time = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 3, time.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]),
              hour < 24, minute < 60, second < 61
        else { return nil }
        (year, month, day) = (date.year, date.month, date.day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    public var date: ShopDate { ShopDate(year: year, month: month, day: day) }

    public var description: String {
        date.description + " " + [hour, minute, second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    }

    public static func < (lhs: ShopDateTime, rhs: ShopDateTime) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second) < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = ShopDateTime(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not YYYY-MM-DD HH:MM:SS"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A calendar date as the webservice writes it (`1970-01-15`: a birthday, `available_date`).
public struct ShopDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    public init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// Parses exactly `YYYY-MM-DD`; `nil` otherwise, including the zero date `0000-00-00` ("none").
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              year > 0, (1...12).contains(month), (1...ShopDate.days(inMonth: month, of: year)).contains(day)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// 28 to 31: 1990-02-30 is no date.
    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> ShopDate {
        var (year, month, day) = (self.year, self.month, self.day + days)
        while day < 1 {
            month -= 1
            if month < 1 { (month, year) = (12, year - 1) }
            day += ShopDate.days(inMonth: month, of: year)
        }
        while day > ShopDate.days(inMonth: month, of: year) {
            day -= ShopDate.days(inMonth: month, of: year)
            month += 1
            if month > 12 { (month, year) = (1, year + 1) }
        }
        return ShopDate(year: year, month: month, day: day)
    }

    public var description: String {
        let pad = { (value: Int, width: Int) in String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: ShopDate, rhs: ShopDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = ShopDate(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not YYYY-MM-DD"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
