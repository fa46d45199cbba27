import Foundation
import WebCore

extension WebModuleResources {
    /// OrdersWeb's templates and static files.
    package static let ordersWeb = WebModuleResources(name: "OrdersWeb", folder: Bundle.module.url(forResource: "Resources", withExtension: nil))
}
