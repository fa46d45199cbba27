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
        case .invalidProfile, .invalidPassword, .invalidCode, .invalidDescription: .badRequest
        }
    }

    package var apiCode: String { APIError.code(code) }
}
