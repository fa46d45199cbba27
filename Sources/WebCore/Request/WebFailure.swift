import Foundation
import Hummingbird

/// A Kit's error as the web app answers it, on a screen or in the API: each error type says its
/// HTTP status and API code in one exhaustive switch (its conformance), so a new case cannot
/// slip through as a 500 or a wrong 400, and screens and API agree.
package protocol WebFailure: LocalizedError {
    var status: HTTPResponse.Status { get }
    /// The API's `error.code`, snake_case.
    var apiCode: String { get }
    /// The API's `error.fields`: every input that was wrong, when they were checked together.
    var apiFields: [String]? { get }
}

extension WebFailure {
    package var apiFields: [String]? { nil }
}

extension APIError {
    package init(_ failure: some WebFailure) {
        self.init(failure.status, failure.apiCode, failure.localizedDescription, fields: failure.apiFields)
    }
}
