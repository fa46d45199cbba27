import Foundation

/// Why a facade call gave no result: the webservice refused or failed (with the request),
/// the answer could not be read as the models asked for, or the arguments cannot make a
/// valid request. Never a silent empty result.
public enum ShopError: Error, Sendable, LocalizedError {
    case webservice(WebserviceError)
    case model(ModelError)
    /// The arguments cannot be sent: what was wrong and what to do.
    case invalidArgument(String)
    /// The shop's answer lacks something the call needs (`what`), in `request`.
    case missing(what: String, request: String)

    public var errorDescription: String? {
        switch self {
        case .webservice(let error): error.errorDescription ?? "\(error)"
        case .model(let error): error.errorDescription
        case .invalidArgument(let reason): "invalid argument: \(reason)"
        case .missing(let what, let request): "the shop's answer to \(request) has no \(what); check the shop's data for it"
        }
    }

    /// The webservice error inside, if any (for `catch` on a status).
    public var webserviceError: WebserviceError? {
        if case .webservice(let error) = self { return error }
        return nil
    }
}
