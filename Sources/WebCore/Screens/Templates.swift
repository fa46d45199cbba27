import Foundation
import Hummingbird
import Mustache

/// The HTML templates of every screen, loaded once at start from each module's
/// `Resources/templates` (WebCore's layout and error page, each app's own screens), into one
/// library, so an app's screen includes the shared `head` and `foot`.
package struct Templates: Sendable {
    package init(library: MustacheLibrary) {
        self.library = library
    }

    let library: MustacheLibrary

    /// Loads every `.mustache` file under each module's `Resources/templates`; subfolders name
    /// templates as `scholar/results`. WebCore's own come first.
    package static func load(_ modules: [WebModuleResources]) async throws -> Templates {
        var library = MustacheLibrary()
        for module in [WebModuleResources.core] + modules {
            guard let root = module.folder?.appendingPathComponent("templates") else {
                throw TemplateError.missingResources(module: module.name)
            }
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where file.pathExtension == "mustache" {
                // The name is the path below `templates/`, without the extension.
                let components = file.deletingPathExtension().pathComponents
                guard let base = components.lastIndex(of: "templates") else { continue }
                try library.register(String(contentsOf: file, encoding: .utf8), named: components[(base + 1)...].joined(separator: "/"))
            }
        }
        guard library.getTemplate(named: "head") != nil else { throw TemplateError.missingResources(module: "WebCore") }
        return Templates(library: library)
    }

    /// Renders `name` with `context`; a missing template is a programming error reported as text.
    package func render(_ name: String, _ context: Any) -> String {
        library.render(ReflectedView.wrap(context), withTemplate: name) ?? "template \(name) is missing"
    }
}

enum TemplateError: Error, CustomStringConvertible {
    case missingResources(module: String)
    var description: String { "\(module)'s templates are missing from its resource bundle" }

    private var module: String {
        switch self { case .missingResources(let module): module }
    }
}

/// A web module's `Resources` folder (its templates and static files) in its resource bundle.
/// Each module names its own: `Bundle.module` is per module.
package struct WebModuleResources: Sendable {
    package let name: String
    package let folder: URL?

    package init(name: String, folder: URL?) {
        self.name = name
        self.folder = folder
    }

    /// The stylesheet and the layout every screen shares.
    package static let core = WebModuleResources(name: "WebCore", folder: Bundle.module.url(forResource: "Resources", withExtension: nil))

    /// Serves the module's `Resources/static` under `/static`, when it has one. The middlewares
    /// of several modules stack: each answers only the files it holds and passes the rest on.
    package func staticFiles() -> FileMiddleware<WebRequestContext, LocalFileSystem>? {
        guard let folder = folder?.appendingPathComponent("static"), FileManager.default.fileExists(atPath: folder.path) else { return nil }
        return FileMiddleware(folder.path, urlBasePath: "/static", searchForIndexHtml: false)
    }
}
