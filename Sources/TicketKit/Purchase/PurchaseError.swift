import Foundation

/// Why a purchase was refused, in words a rider can act on. Lines are numbered from 1, as
/// on the screen.
public enum PurchaseError: Error, Sendable, Equatable, LocalizedError {
    case unknownOperator(String)
    case serviceNotOffered(operatorCode: String, service: TicketService)
    case noLines
    case unknownProduct(line: Int, productCode: String)
    case productOfAnotherOperator(line: Int, productCode: String, productOperator: String, requestedOperator: String)
    /// E.g. a pass in a "multiple tickets" purchase, or a carnet bought as single tickets.
    case productNotForService(line: Int, productCode: String, service: TicketService)
    case quantityOutOfRange(line: Int, productCode: String, quantity: Int, allowed: ClosedRange<Int>)
    /// A pass is personal and covers one period: one per line.
    case subscriptionQuantity(line: Int, productCode: String, quantity: Int)
    /// The same product on two lines: refused rather than merged, so the total the rider saw
    /// line by line is the total charged.
    case duplicateProduct(productCode: String, lines: [Int])
    /// Days as yyyy-MM-dd in the operator's zone.
    case startInPast(day: String, today: String)
    case startTooFarAhead(day: String, latest: String)
    /// A pass is personal: it names its holder.
    case holderRequired
    case holderTooLong(maximum: Int)
    /// A control or bidirectional-formatting character (NUL, U+202E RIGHT-TO-LEFT OVERRIDE…),
    /// which could hide or reorder the name an inspector reads off the ticket.
    case holderInvisibleCharacter(position: Int, codePoint: String)
    /// Letters, digits, spaces and hyphens, up to the payload's limit.
    case badCardNumber(String)

    /// The short, stable reason the API and the CLI report.
    public var code: String {
        switch self {
        case .unknownOperator: "unknown operator"
        case .serviceNotOffered: "service not offered"
        case .noLines: "no lines"
        case .unknownProduct: "unknown product"
        case .productOfAnotherOperator: "product of another operator"
        case .productNotForService: "product not for service"
        case .quantityOutOfRange: "quantity out of range"
        case .subscriptionQuantity: "subscription quantity"
        case .duplicateProduct: "duplicate product"
        case .startInPast: "start in the past"
        case .startTooFarAhead: "start too far ahead"
        case .holderRequired: "holder required"
        case .holderTooLong: "holder too long"
        case .holderInvisibleCharacter: "holder invisible character"
        case .badCardNumber: "bad card number"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .unknownOperator(let code):
            "there is no operator \"\(code)\": choose one from the province's list"
        case .serviceNotOffered(let code, let service):
            "\(code) does not sell \"\(service.title)\": choose a service the operator offers"
        case .noLines:
            "the purchase is empty: add at least one ticket"
        case .unknownProduct(let line, let code):
            "line \(line): there is no product \"\(code)\""
        case .productOfAnotherOperator(let line, let code, let productOperator, let requested):
            "line \(line): \(code) is sold by \(productOperator), not by \(requested)"
        case .productNotForService(let line, let code, let service):
            "line \(line): \(code) is not sold as \"\(service.title)\""
        case .quantityOutOfRange(let line, let code, let quantity, let allowed):
            "line \(line) (\(code)): quantity \(quantity) is outside \(allowed.lowerBound)…\(allowed.upperBound)"
        case .subscriptionQuantity(let line, let code, let quantity):
            "line \(line) (\(code)): a subscription is bought one at a time, not \(quantity)"
        case .duplicateProduct(let code, let lines):
            "\(code) is on lines \(lines.map(String.init).joined(separator: " and ")): put it on one line with the total quantity"
        case .startInPast(let day, let today):
            "the start day \(day) is in the past: choose \(today) or later"
        case .startTooFarAhead(let day, let latest):
            "the start day \(day) is too far ahead: choose a day up to \(latest)"
        case .holderRequired:
            "a pass is personal: give the holder's name, as on the ID an inspector may ask for"
        case .holderTooLong(let maximum):
            "the holder's name is longer than \(maximum) bytes: shorten it"
        case .holderInvisibleCharacter(let position, let codePoint):
            "the holder's name has an invisible character (\(codePoint)) at character \(position): type the name as it is on the ID"
        case .badCardNumber(let number):
            "the card number \"\(number.prefix(40))\" may hold only letters, digits, spaces and hyphens, up to \(TicketPayload.maximumCardLength) characters"
        }
    }
}
