import Foundation

/// A short confirmation shown once after a form post (POST/redirect/GET): carried in the
/// redirect's `done` query parameter, percent-encoded so spaces and accents arrive intact.
package enum Notice {
    package static func path(_ path: String, _ text: String) -> String {
        // A path may carry its own query (`…/records?kind=customer`): the notice joins it. Set
        // as a path, its `?` was encoded as %3F and the redirect led to a 404 (issue 40).
        var components = URLComponents(string: path) ?? URLComponents()
        if components.path.isEmpty { components.path = path }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "done", value: text)]
        return components.string ?? path
    }
}
