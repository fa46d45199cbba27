import Foundation
import Mustache

/// The HTML templates of every screen (Resources/templates), loaded once at start.
public struct Templates: Sendable {
    let library: MustacheLibrary

    /// Loads every `.mustache` file under the module's `Resources/templates`; subfolders name
    /// templates as `scholar/results`.
    public static func load() async throws -> Templates {
        guard let root = WebResources.folder?.appendingPathComponent("templates") else {
            throw TemplateError.missingResources
        }
        var library = MustacheLibrary()
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "mustache" {
            // The name is the path below `templates/`, without the extension.
            let components = file.deletingPathExtension().pathComponents
            guard let base = components.lastIndex(of: "templates") else { continue }
            try library.register(String(contentsOf: file, encoding: .utf8), named: components[(base + 1)...].joined(separator: "/"))
        }
        guard library.getTemplate(named: "home") != nil else { throw TemplateError.missingResources }
        return Templates(library: library)
    }

    /// Renders `name` with `context`; a missing template is a programming error reported as text.
    func render(_ name: String, _ context: Any) -> String {
        library.render(context, withTemplate: name) ?? "template \(name) is missing"
    }
}

enum TemplateError: Error, CustomStringConvertible {
    case missingResources
    var description: String { "BottegaWeb's templates are missing from its resource bundle" }
}

/// The module's `Resources` folder (templates and static files) in its resource bundle.
enum WebResources {
    static let folder: URL? = Bundle.module.url(forResource: "Resources", withExtension: nil)
}
