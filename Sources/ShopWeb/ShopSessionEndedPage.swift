import Hummingbird
import WebCore

/// On the storefront's screens, a dead shop session (``ShopSessionEnded``) is answered with the
/// log-in form saying that the session ended (401, the cookie dropped), coming back to the page
/// asked for when it was a GET; the API answers the same failure as JSON. One place, so no
/// screen can turn the dead token into an empty anonymous cart on its own.
struct ShopSessionEndedPage: RouterMiddleware {
    typealias Context = WebRequestContext
    let screens: Screens

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let ended as ShopSessionEnded {
            var back = "/shop"
            if request.method == .get {
                back = request.uri.path
                if let query = request.uri.query, !query.isEmpty { back += "?" + query }
            }
            let page = ShopLoginPage(next: ShopScreenRoutes.safeNext(back), email: nil, error: ended.message)
            var response = try screens.page("shop/login", page, status: ended.status).response(from: request, context: context)
            response.setCookie(ShopVisitor.clearingCookie)
            return response
        }
    }
}
