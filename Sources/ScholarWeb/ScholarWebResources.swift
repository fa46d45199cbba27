import Foundation
import WebCore

extension WebModuleResources {
    /// ScholarWeb's templates and static files.
    package static let scholarWeb = WebModuleResources(name: "ScholarWeb", folder: Bundle.module.url(forResource: "Resources", withExtension: nil))
}
