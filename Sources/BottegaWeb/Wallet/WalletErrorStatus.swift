import BarcodeWallet
import Hummingbird

/// The HTTP status of each wallet error, shared by the screens and the API.
enum WalletErrorStatus {
    static func status(of error: WalletError) -> HTTPResponse.Status {
        switch error.code {
        case "not found": .notFound
        case "not yours", "default user": .forbidden
        case "wrong password", "not signed in": .unauthorized
        case "duplicate", "nickname taken": .conflict
        case "storage": .internalServerError
        default: .badRequest
        }
    }
}
