import Foundation

/// A short confirmation shown once after a form post (POST/redirect/GET): carried in the
/// redirect's `done` query parameter, percent-encoded so spaces and accents arrive intact.
package enum Notice {
    package static func path(_ path: String, _ text: String) -> String {
        var components = URLComponents()
        components.path = path
        components.queryItems = [URLQueryItem(name: "done", value: text)]
        return components.string ?? path
    }
}
