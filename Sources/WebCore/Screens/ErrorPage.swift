import Hummingbird

/// The error screen (`error.mustache`): what went wrong, in a heading and a sentence, and the
/// way back. Every screen failure renders it, worded by its status.
package struct ErrorPage: Encodable {
    package let title, heading, message, back: String

    package init(heading: String, message: String, back: String) {
        (title, self.heading, self.message, self.back) = (heading, heading, message, back)
    }

    package init(status: HTTPResponse.Status, message: String, back: String) {
        self.init(heading: Self.heading(status), message: message, back: back)
    }

    package static func heading(_ status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "Not found"
        case .forbidden, .unauthorized: "Not allowed"
        case .serviceUnavailable: "Busy"
        default: status.code >= 500 ? "Something went wrong" : "That cannot be done"
        }
    }
}
