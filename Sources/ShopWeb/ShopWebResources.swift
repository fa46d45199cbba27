import Foundation
import WebCore

extension WebModuleResources {
    /// ShopWeb's templates and static files.
    package static let shopWeb = WebModuleResources(name: "ShopWeb", folder: Bundle.module.url(forResource: "Resources", withExtension: nil))
}
