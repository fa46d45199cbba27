import Hummingbird
import NIOConcurrencyHelpers

/// The routes a router holds, to tell "no such address" (404) from "no such method at this
/// address" (405 with `Allow`): Hummingbird's router answers both with a bare 404.
package final class RouteTable: Sendable {
    package init() {}

    private let routes = NIOLockedValueBox<[(path: RouterPath, method: HTTPRequest.Method)]>([])

    /// Records the router's routes; called once every route is registered.
    package func record(_ descriptions: [Router<WebRequestContext>.RouteDescription]) {
        routes.withLockedValue { $0 = descriptions.map { ($0.path, $0.method) } }
    }

    /// The methods some route answers at `path`, sorted; empty when no route matches it.
    package func methods(at path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let methods = routes.withLockedValue { routes in
            routes.filter { Self.matches($0.path, segments) }.map(\.method)
        }
        return Set(methods.map(\.rawValue)).sorted().compactMap { HTTPRequest.Method($0) }
    }

    package static func matches(_ route: RouterPath, _ segments: [Substring]) -> Bool {
        var index = 0
        for element in route.components {
            if element.description == "**" { return true }
            guard index < segments.count, element ~= segments[index] else { return false }
            index += 1
        }
        return index == segments.count
    }
}
