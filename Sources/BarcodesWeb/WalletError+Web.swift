import BarcodeWallet
import Hummingbird
import WebCore

/// The wallet's refusals, shared by the screens and the API.
extension WalletError: WebFailure {
    package var status: HTTPResponse.Status {
        switch self {
        case .notFound: .notFound
        case .notYours, .defaultUser: .forbidden
        case .wrongPassword: .unauthorized
        case .duplicate, .nicknameTaken: .conflict
        case .storage: .internalServerError
        case .invalidProfile, .invalidProfileFields, .invalidPassword, .invalidCode, .invalidDescription: .badRequest
        }
    }

    package var apiCode: String { APIError.code(code) }

    /// The registration form's inputs that were wrong (`firstName`, `email`…).
    package var apiFields: [String]? {
        switch self {
        case .invalidProfileFields(let problems): problems.map { NewProfile.inputNames[$0.field] ?? $0.field }
        case .invalidProfile(let field, _): [NewProfile.inputNames[field] ?? field]
        case .invalidPassword: ["password"]
        default: nil
        }
    }
}
