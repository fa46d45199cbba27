import Foundation
import WebCore

extension WebModuleResources {
    /// BarcodesWeb's templates and static files.
    package static let barcodesWeb = WebModuleResources(name: "BarcodesWeb", folder: Bundle.module.url(forResource: "Resources", withExtension: nil))
}
