import Hummingbird
import TicketKit
import WebCore

/// A purchase, catalogue or sales rule broken is the caller's mistake (404 for what does not
/// exist, else 400); a damaged database is 500.
extension PurchaseError: WebFailure {
    package var status: HTTPResponse.Status {
        switch self {
        case .unknownOperator, .unknownProduct: .notFound
        case .serviceNotOffered, .noLines, .productOfAnotherOperator, .productNotForService, .quantityOutOfRange, .subscriptionQuantity,
             .duplicateProduct, .startInPast, .startTooFarAhead, .holderRequired, .holderTooLong, .holderInvisibleCharacter, .badCardNumber: .badRequest
        }
    }

    package var apiCode: String { APIError.code(code) }
}

extension CatalogueError: WebFailure {
    package var status: HTTPResponse.Status {
        switch self {
        case .unknownProvince, .unknownOperator, .unknownProduct: .notFound
        case .invalidCode, .emptyName, .duplicateCode, .priceNotPositive, .serviceWithoutProduct, .noProvince, .invalidTimeZone,
             .invalidSMSNumber, .invalidTemplate, .invalidCoordinate, .invalidValidity, .invalidRides, .invalidKeyword, .invalidFareDate: .badRequest
        // The seed shipped with TicketKit is unreadable: a broken build, not the caller's mistake.
        case .seedUnreadable: .internalServerError
        }
    }

    package var apiCode: String { APIError.code(code) }
}

extension TicketStoreError: WebFailure {
    package var status: HTTPResponse.Status {
        switch self {
        case .unknownTicket: .notFound
        case .alreadyActivated, .notPaid: .conflict
        case .emptyOwner: .badRequest
        case .damagedSigningKey, .otherKeyFile, .damagedRecord: .internalServerError
        }
    }

    package var apiCode: String { APIError.code(code) }
}

/// A forged confirmation is unauthorised; what does not exist is 404; a purchase in the wrong
/// state for it (paid, cancelled, replayed) is a conflict; an operator Bottega sells nothing of
/// is 409 with where to buy instead.
extension PaymentError: WebFailure {
    package var status: HTTPResponse.Status {
        switch self {
        case .unknownPurchase: .notFound
        case .badSignature, .staleTimestamp: .unauthorized
        case .replayed, .alreadyPaid, .replyRecorded, .smsSent, .cancelled, .notBottegaRun, .noReplyExpected, .soldElsewhere, .productSoldElsewhere: .conflict
        case .amountMismatch: .unprocessableContent
        case .emptyReply, .replyWithoutCode: .badRequest
        }
    }

    package var apiCode: String { APIError.code(code) }
}

/// Runs a TicketKit call; its refusal becomes the API error its type maps it to.
func ticketAPICall<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as any WebFailure {
        throw APIError(error)
    }
}
