import Foundation
import ShopKit
import TestSupport

/// The recorded PrestaShop traffic and documentation samples in ../shared/fixtures/prestashop
/// (SOURCES.md says where each file comes from). Tests skip, saying so, when it is absent.
enum DocumentFixtures {
    static let root = SharedFixtures.url("prestashop")
    static let present = SharedFixtures.enabled("prestashop")
    static let absent = SharedFixtures.skipMessage("prestashop")

    static let recorded = "ps-1.6.1_oca-connector-prestashop"
    static let iq2i = "ps-1.7.7_iq2i-prestashop-webservice"
    static let thesisEra = "ps-1.5_iaintshine-presta_shop"
    static let docs8 = "docs-8.x_PrestaShop-docs"
    static let docs17 = "docs-1.7.x_PrestaShop-docs"

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }

    static func document(_ path: String) throws -> WebserviceDocument {
        try WebserviceDocument(xml: try bytes(path))
    }

    /// A recorded 1.6.1 response by file name (`get_products_1.xml`, `countries/get_countries_8.xml`).
    static func response(_ name: String) throws -> WebserviceDocument {
        try document("\(recorded)/responses/\(name)")
    }

    /// Every file under a fixture folder with that extension, sorted, as paths relative to the root.
    static func files(under folder: String, extension ext: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == ext }
            .map { folder + "/" + $0.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1) }
            .sorted()
    }
}
