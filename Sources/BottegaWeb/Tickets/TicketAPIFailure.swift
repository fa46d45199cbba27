import Hummingbird
import TicketKit

/// The Kit's refusals as API errors: a purchase, catalogue or sales rule broken is the caller's
/// mistake (4xx, with the Kit's code and message); a damaged database and anything else is 500.
enum TicketAPIFailure {
    static func mapped<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PurchaseError {
            throw APIError(error.code.hasPrefix("unknown") ? .notFound : .badRequest, APIError.code(error.code), error.localizedDescription)
        } catch let error as CatalogueError {
            throw APIError(error.code.hasPrefix("unknown") ? .notFound : .badRequest, APIError.code(error.code), error.localizedDescription)
        } catch let error as TicketStoreError {
            let status: HTTPResponse.Status = switch error {
            case .unknownTicket: .notFound
            case .alreadyActivated: .conflict
            case .emptyOwner: .badRequest
            case .damagedSigningKey, .damagedRecord: .internalServerError
            }
            throw APIError(status, APIError.code(error.code), error.localizedDescription)
        }
    }
}
