import Foundation

/// The three kinds of record in the catalogue, named in error messages.
public enum CatalogueEntity: String, Sendable, Hashable, Codable {
    case province, `operator`, product
}

/// Why a catalogue, or an edit to it, was refused, in words an operator can act on.
public enum CatalogueError: Error, Sendable, Equatable, LocalizedError {
    case unknownProvince(String)
    case unknownOperator(String)
    case unknownProduct(String)
    /// `rule` says what the code may contain.
    case invalidCode(String, entity: CatalogueEntity, rule: String)
    case emptyName(entity: CatalogueEntity, code: String)
    case duplicateCode(String, entity: CatalogueEntity)
    case priceNotPositive(product: String)
    /// The operator offers the service, but none of its products is sold under it.
    case serviceWithoutProduct(operatorCode: String, service: TicketService)
    case noProvince(operatorCode: String)
    case invalidTimeZone(String, operatorCode: String)
    case invalidSMSNumber(String, operatorCode: String)
    case invalidTemplate(operatorCode: String, reason: String)
    case invalidCoordinate(province: String)
    case invalidValidity(minutes: Int, product: String)
    case invalidRides(Int, product: String)
    /// An SMS keyword with braces, a line break, or longer than `CatalogueRules.maximumKeywordLength`.
    case invalidKeyword(String, product: String)
    /// A fare's `asOf` that is not a year, a year-month or a date.
    case invalidFareDate(String, product: String)
    /// The seed catalogue shipped with TicketKit could not be read (a broken build).
    case seedUnreadable(reason: String)

    /// The short, stable reason the API and the CLI report.
    public var code: String {
        switch self {
        case .unknownProvince: "unknown province"
        case .unknownOperator: "unknown operator"
        case .unknownProduct: "unknown product"
        case .invalidCode: "invalid code"
        case .emptyName: "empty name"
        case .duplicateCode: "duplicate code"
        case .priceNotPositive: "price not positive"
        case .serviceWithoutProduct: "service without product"
        case .noProvince: "no province"
        case .invalidTimeZone: "invalid time zone"
        case .invalidSMSNumber: "invalid sms number"
        case .invalidTemplate: "invalid template"
        case .invalidCoordinate: "invalid coordinate"
        case .invalidValidity: "invalid validity"
        case .invalidRides: "invalid rides"
        case .invalidKeyword: "invalid keyword"
        case .invalidFareDate: "invalid fare date"
        case .seedUnreadable: "seed unreadable"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .unknownProvince(let code):
            "there is no province \"\(code)\": use a two-letter sigla from the catalogue, e.g. PD"
        case .unknownOperator(let code):
            "there is no operator \"\(code)\": the catalogue lists the operators' codes"
        case .unknownProduct(let code):
            "there is no product \"\(code)\": the catalogue lists each operator's products"
        case .invalidCode(let code, let entity, let rule):
            "\"\(code)\" is not a valid \(entity.rawValue) code: \(rule)"
        case .emptyName(let entity, let code):
            "\(entity.rawValue) \(code) needs a name"
        case .duplicateCode(let code, let entity):
            "two \(entity.rawValue)s have the code \(code): codes must be unique"
        case .priceNotPositive(let product):
            "product \(product) needs a price above €0.00"
        case .serviceWithoutProduct(let operatorCode, let service):
            "\(operatorCode) offers \"\(service.title)\" but sells no product under it: add one first, or stop offering the service"
        case .noProvince(let operatorCode):
            "\(operatorCode) must serve at least one province"
        case .invalidTimeZone(let zone, let operatorCode):
            "\(operatorCode)'s time zone \"\(zone)\" is not an IANA zone such as Europe/Rome"
        case .invalidSMSNumber(let number, let operatorCode):
            "\(operatorCode)'s SMS number \"\(number)\" must be 3 to 15 digits, optionally after a +, without spaces"
        case .invalidTemplate(let operatorCode, let reason):
            "\(operatorCode)'s SMS template is not usable: \(reason)"
        case .invalidCoordinate(let province):
            "province \(province)'s capital needs a latitude within ±90° and a longitude within ±180°"
        case .invalidValidity(let minutes, let product):
            "product \(product) is valid for \(minutes) minutes: a ride lasts 1 to \(CatalogueRules.maximumRideMinutes) minutes"
        case .invalidRides(let rides, let product):
            "product \(product) holds \(rides) rides: a ticket holds 1, a carnet 2 to \(CatalogueRules.maximumRides); a pass holds 1"
        case .invalidFareDate(let text, let product):
            "\(product): asOf \"\(text.prefix(40))\" is not a date the source gives; write a year (2024), a month (2024-05) or a date (2024-05-01)"
        case .invalidKeyword(let keyword, let product):
            "product \(product)'s SMS keyword \"\(keyword)\" must be at most \(CatalogueRules.maximumKeywordLength) characters on one line, without { or }"
        case .seedUnreadable(let reason):
            "the seed catalogue shipped with TicketKit cannot be read (\(reason)): the build is damaged"
        }
    }
}
