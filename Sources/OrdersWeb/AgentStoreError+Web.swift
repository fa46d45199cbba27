import Hummingbird
import OrderKit
import WebCore

/// The agent's store refusals: what does not exist is 404, a company record the agent may not
/// change 403, a sent order or a second record with one code 409, a damaged row 500, and every
/// rule of the input broken 400.
extension AgentStoreError: WebFailure {
    package var status: HTTPResponse.Status {
        switch self {
        case .unknownRecord, .unknownOrder, .unknownLine: .notFound
        case .readOnly: .forbidden
        case .orderAlreadySent, .orderLocked, .noCompanyForSupplier, .duplicateProductCode, .duplicateDiscount: .conflict
        case .damagedRecord: .internalServerError
        case .missingField, .minimumQuantityBelowOne, .discountProductOfAnotherSupplier, .invalidDiscount, .productOfAnotherSupplier,
             .negativeQuantity, .linesOfAnotherSupplier, .chooseSupplierFirst, .pricing, .missingAgentName, .unknownSupplierName, .emptyField, .insecureServer: .badRequest
        }
    }

    package var apiCode: String { APIError.code(code) }
}
