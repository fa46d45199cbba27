import Foundation
import Markup
import ShopKit
import ShopReplay
import Testing

/// Writes through the replay server's emulator behave as API-NOTES §3 documents, and as the
/// recorded write exchanges show.
@Suite(.enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct ReplayEmulatorTests {
    private func text(_ body: [UInt8], _ xpath: String) throws -> String? {
        try MarkupDocument.xml(body).first(xpath)?.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func error(of request: WebserviceRequest, on client: WebserviceClient) async -> WebserviceError? {
        do throws(WebserviceError) {
            _ = try await client.send(request)
            return nil
        } catch {
            return error
        }
    }

    @Test func theRecordedPutIsAnsweredByteForByteAndLaterReadsSeeIt() async throws {
        let request = try ReplayFixtures.bytes(ReplayFixtures.oca, "requests/put_order_carriers__request.xml")
        let recorded = try ReplayFixtures.bytes(ReplayFixtures.oca, "responses/put_order_carriers.xml")
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, _ in
            let before = try await client.send(.get("order_carriers", id: 2))
            #expect(try text(before.body, "//tracking_number") == "ABCD")
            let put = try await client.send(.update("order_carriers", xml: request))
            #expect(put.status == 200)
            #expect(put.body == recorded)
            let after = try await client.send(.get("order_carriers", id: 2))
            #expect(try text(after.body, "//tracking_number") == "xyz")
        }
    }

    @Test func postCreatesWithANewIdAndRefusesIdsAndReadOnlyFields() async throws {
        let category5 = try ReplayFixtures.bytes(ReplayFixtures.oca, "responses/get_categories_5.xml")
        let recordedList = try ReplayFixtures.bytes(
            ReplayFixtures.oca, "responses/get_categories__date_1_limit_0_1000_filter_date_upd_gt_2016_09_01_00_00_00.xml")
        let recordedIDs = try MarkupDocument.xml(recordedList).select("//category/@id").compactMap { Int($0.text) }
        let body = Array("""
            <prestashop><category><id_parent>2</id_parent><active>1</active>\
            <name><language id="1">Rain coats</language></name><link_rewrite><language id="1">rain-coats</language></link_rewrite>\
            </category></prestashop>
            """.utf8)
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, _ in
            let created = try await client.send(.create("categories", xml: body))
            #expect(created.status == 201)
            let id = try #require(Int(try text(created.body, "/prestashop/category/id") ?? ""))
            #expect(!recordedIDs.isEmpty && id > (recordedIDs.max() ?? 0))
            #expect(try text(created.body, "//name/language[@id='1']") == "Rain coats")
            // Fields the body left out exist, empty, in the recorded order.
            #expect(try text(created.body, "//meta_title/language") == "")
            let read = try await client.send(.get("categories", id: id))
            #expect(read.body == created.body)
            let list = String(decoding: try await client.send(.list("categories")).body, as: UTF8.self)
            #expect(list.contains("<category id=\"\(id)\" xlink:href=\"http://172.22.0.4/api/categories/\(id)\"/>"))

            guard case .badRequest(let withID) = await error(of: .create("categories", xml: category5), on: client) else {
                Issue.record("a POST with an id was accepted"); return
            }
            #expect(withID.errors == [ShopErrorMessage(code: 91, message: "id is forbidden when adding a new resource")])

            let product = Array("<prestashop><product><manufacturer_name>Fashion Manufacturer</manufacturer_name></product></prestashop>".utf8)
            guard case .badRequest(let readOnly) = await error(of: .create("products", xml: product), on: client) else {
                Issue.record("a read-only field was accepted"); return
            }
            #expect(readOnly.errors == [ShopErrorMessage(code: 93, message: "parameter \"manufacturer_name\" not writable. Please remove this attribute of this XML")])
        }
    }

    @Test func putResetsOmittedFieldsAndRefusesUnknownIds() async throws {
        let recorded = try ReplayFixtures.bytes(ReplayFixtures.oca, "responses/get_categories_5.xml")
        let body = Array("""
            <prestashop><category><id>5</id><id_parent>4</id_parent><active>0</active>\
            <name><language id="1">Tees</language></name><link_rewrite><language id="1">tees</language></link_rewrite>\
            </category></prestashop>
            """.utf8)
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, _ in
            #expect(try text(recorded, "//description/language")?.isEmpty == false, "the recorded category has a description")
            let put = try await client.send(.update("categories", id: 5, xml: body))
            #expect(try text(put.body, "//name/language") == "Tees")
            #expect(try text(put.body, "/prestashop/category/active") == "0")
            #expect(try text(put.body, "//description/language") == "", "an omitted optional field is reset")
            // Associations the body leaves out are kept (API-NOTES §3).
            let recordedChildren = try MarkupDocument.xml(recorded).select("//associations/categories/category/id").map(\.text)
            let keptChildren = try MarkupDocument.xml(put.body).select("//associations/categories/category/id").map(\.text)
            #expect(keptChildren == recordedChildren)
            #expect(try MarkupDocument.xml(put.body).first("//id_parent")?.attribute("href") == "http://172.22.0.4/api/categories/4")

            let unknown = Array("<prestashop><category><id>9999</id><active>1</active></category></prestashop>".utf8)
            guard case .notFound(let failure) = await error(of: .update("categories", id: 9999, xml: unknown), on: client) else {
                Issue.record("a PUT on an unknown id was accepted"); return
            }
            #expect(failure.errors == [ShopErrorMessage(code: 92, message: "Invalid ID")])
        }
    }

    @Test func deleteEmptiesAndLaterReadsAndDeletesSayTheIdIsGone() async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, _ in
            let deleted = try await client.send(.delete("categories", id: 5))
            #expect(deleted.status == 200 && deleted.body.isEmpty)
            for request in [WebserviceRequest.get("categories", id: 5), .delete("categories", id: 5)] {
                guard case .notFound(let failure) = await error(of: request, on: client) else {
                    Issue.record("\(request.method) of a deleted record succeeded"); continue
                }
                #expect(failure.errors == [ShopErrorMessage(code: 87, message: "Id(s) not exists: 5")])
            }
            let list = String(decoding: try await client.send(.list("categories")).body, as: UTF8.self)
            #expect(!list.contains("categories/5\"") && list.contains("categories/4\""))
            guard case .notFound(let several) = await error(of: try .delete("categories", ids: [3, 5]), on: client) else {
                Issue.record("deleting a missing id succeeded"); return
            }
            #expect(several.errors.first?.code == 87 && several.errors.first?.message == "Id(s) not exists: 5")
        }
    }

    @Test func theIQ2iWriteExchangesAreReproduced() async throws {
        let folder = ReplayFixtures.iq2i
        let recordedCreate = try ReplayFixtures.bytes(folder, "response/create_category.xml")
        let recordedUpdate = try ReplayFixtures.bytes(folder, "response/update_category.xml")
        let invalidUpdate = ShopErrorMessage.parse(try ReplayFixtures.bytes(folder, "response/update_invalid_category.xml"))
        let invalidDelete = ShopErrorMessage.parse(try ReplayFixtures.bytes(folder, "response/delete_invalid_category.xml"))
        let recordedDelete = try ReplayFixtures.bytes(folder, "response/delete_category.xml")
        try await ReplayFixtures.withShop(folder) { _, client, _ in
            let created = try await client.send(.create("categories", xml: try ReplayFixtures.bytes(folder, "request/create_category.xml")))
            #expect(created.status == 201)
            for xpath in ["/prestashop/category/id", "//name/language[@id='1']", "//link_rewrite/language[@id='1']", "/prestashop/category/active"] {
                #expect(try text(created.body, xpath) == (try text(recordedCreate, xpath)), "\(xpath)")
            }
            let updated = try await client.send(.update("categories", id: 10, xml: try ReplayFixtures.bytes(folder, "request/update_category.xml")))
            #expect(updated.status == 200)
            #expect(try text(updated.body, "//name/language[@id='1']") == (try text(recordedUpdate, "//name/language[@id='1']")))

            let invalid = try ReplayFixtures.bytes(folder, "request/update_invalid_resource.xml")
            guard case .notFound(let notUpdated) = await error(of: .update("categories", id: 99, xml: invalid), on: client) else {
                Issue.record("PUT /categories/99 succeeded"); return
            }
            #expect(notUpdated.errors == invalidUpdate)

            let deleted = try await client.send(.delete("categories", id: 10))
            #expect(deleted.status == 200 && deleted.body == recordedDelete)
            guard case .notFound(let notDeleted) = await error(of: .delete("categories", id: 99), on: client) else {
                Issue.record("DELETE /categories/99 succeeded"); return
            }
            #expect(notDeleted.errors == invalidDelete)

            // The synopsis schema marks level_depth read-only: sending it is error 93.
            let withDepth = Array("<prestashop><category><active>1</active><level_depth>2</level_depth></category></prestashop>".utf8)
            guard case .badRequest(let readOnly) = await error(of: .create("categories", xml: withDepth), on: client) else {
                Issue.record("level_depth was accepted"); return
            }
            #expect(readOnly.errors.map(\.code) == [93])
        }
    }
}
