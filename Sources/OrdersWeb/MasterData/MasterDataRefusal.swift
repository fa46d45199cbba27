import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// Why a master-data change was refused, as both the screens and the JSON API answer it: the
/// status, a stable code and a message that names the field and says what to do. Anything
/// else (a database failure) is not the agent's mistake and stays a 500.
struct MasterDataRefusal: Error {
    let status: HTTPResponse.Status
    let code: String
    let message: String

    /// True when the form should be shown again with the message (the agent can fix what was
    /// typed); false for a record that is missing or read-only (an error page says why).
    var isFixableInForm: Bool { status == .badRequest || status == .conflict }

    /// `error` as a refusal of a change to a record of `kind`; nil when it is not one.
    init?(_ error: any Error, editing kind: MasterDataKind) {
        switch error {
        case let error as MasterDataInputError:
            self.init(.badRequest, error.code, error.errorDescription ?? error.code)
        case let error as MasterDataChoiceError:
            self.init(.badRequest, "missing field", error.errorDescription ?? "")
        case let error as AgentStoreError:
            switch error {
            case .missingField(let kind, let field):
                self.init(error.status, error.code, "The \(kind.noun)'s \(field) is required: fill it in and save again.")
            case .unknownRecord(let missing, _) where missing == kind:
                self.init(error.status, error.code, Self.sentence(error))
            case .unknownRecord:
                // A choice naming a record that is gone (deleted by a sync meanwhile): the
                // form's input is at fault, not the address.
                self.init(.badRequest, error.code, Self.sentence(error) + ": choose another.")
            case .damagedRecord:
                return nil
            default:
                self.init(error.status, error.code, Self.sentence(error) + ".")
            }
        default:
            return nil
        }
    }

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    var apiError: APIError { APIError(status, APIError.code(code), message) }

    /// The store's messages start in lower case, to be embedded; a screen shows them alone.
    private static func sentence(_ error: AgentStoreError) -> String {
        let text = error.errorDescription ?? error.code
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
