import Foundation
import Hummingbird
import Logging

/// Assembles Bottega's web application: the home screen, every app's screens and its JSON API.
public func buildApplication(
    _ configuration: WebConfiguration,
    scholar: ScholarServices,
    logger: Logger = Logger(label: "bottega")
) async throws -> some ApplicationProtocol {
    let router = try await buildRouter(configuration, scholar: scholar)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Bottega"),
        logger: logger
    )
}

/// The router alone, for tests (`app.test(.router)`) and for `buildApplication`.
public func buildRouter(_ configuration: WebConfiguration, scholar: ScholarServices) async throws -> Router<WebRequestContext> {
    let templates = try await Templates.load()
    let router = Router(context: WebRequestContext.self)
    if let staticFolder = WebResources.folder?.appendingPathComponent("static").path {
        router.add(middleware: FileMiddleware(staticFolder, urlBasePath: "/static", searchForIndexHtml: false))
    }
    HomeRoutes(templates: templates, configuration: configuration).register(on: router)
    ScholarScreenRoutes(templates: templates, services: scholar).register(on: router.group("scholar"))
    ScholarAPIRoutes(services: scholar).register(on: router.group("api/scholar"))
    return router
}
