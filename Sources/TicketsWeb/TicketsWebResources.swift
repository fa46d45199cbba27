import Foundation
import WebCore

extension WebModuleResources {
    /// TicketsWeb's templates and static files.
    package static let ticketsWeb = WebModuleResources(name: "TicketsWeb", folder: Bundle.module.url(forResource: "Resources", withExtension: nil))
}
