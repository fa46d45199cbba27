import Foundation
import Markup
import ShopKit
import ShopReplay
import Testing

/// Reads no recording holds, answered from the replay's records as the 1.6 dispatcher would
/// build them (API-NOTES §7): expected values are read from the recorded files themselves.
@Suite(.enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct ReplayGeneratedReadTests {
    /// Every recorded `GET /api/<resource>/<id>` body, by id, parsed.
    static func recordedRecords(_ resource: String) throws -> [Int: MarkupDocument] {
        var found: [Int: MarkupDocument] = [:]
        for occurrence in try ReplayFixtures.occurrences() where occurrence.method == "GET" && occurrence.status == 200 {
            guard let components = URLComponents(string: occurrence.uri), components.query == nil, let file = occurrence.bodyFile else { continue }
            let path = components.path.components(separatedBy: "/api/").last ?? ""
            let parts = path.split(separator: "/")
            guard parts.count == 2, parts[0] == resource, let id = Int(parts[1]) else { continue }
            found[id] = try MarkupDocument.xml(ReplayFixtures.bytes(ReplayFixtures.oca, file))
        }
        return found
    }

    static func texts(_ body: [UInt8], _ xpath: String) throws -> [String] {
        try MarkupDocument.xml(body).select(xpath).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test func aFullProductListHoldsEveryRecordedProduct() async throws {
        let recorded = try Self.recordedRecords("products")
        #expect(!recorded.isEmpty, "the OCA cassettes record product 1 in full")
        let firstName = try recorded[1]?.first("/prestashop/product/name/language[@id='1']")?.text
        let recordedIDs = recorded.keys.sorted().map(String.init)
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, _ in
            let list = try await client.send(WebserviceRequest.list("products").display(.full))
            #expect(try Self.texts(list.body, "/prestashop/products/product/id") == recordedIDs)
            #expect(try Self.texts(list.body, "/prestashop/products/product[id=1]/name/language") == [firstName ?? "?"])
            #expect(firstName == "Faded Short Sleeves T-shirt")
        }
    }

    @Test func newArrivalsAreTheActiveProductsNewestFirst() async throws {
        let recorded = try Self.recordedRecords("products")
        let expected = try recorded.compactMap { id, document -> (Int, String)? in
            guard try document.first("//product/active")?.text == "1" else { return nil }
            return (id, try document.first("//product/date_add")?.text ?? "")
        }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(3).map(\.0)
        #expect(!expected.isEmpty)
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, _ in
            let arrivals = try await ShopFacade(sender: client).catalogue.newArrivals(count: 3)
            #expect(arrivals.compactMap(\.id) == expected)
        }
    }

    @Test func filtersLikeRangesAndPartialDisplay() async throws {
        let countries = try Self.recordedRecords("countries")
        let startingWithF = try countries.values.compactMap { try $0.first("//country/iso_code")?.text }.filter { $0.hasPrefix("F") }.sorted()
        #expect(!startingWithF.isEmpty)
        let rates = try Self.recordedRecords("taxes").values.compactMap { try $0.first("//tax/rate")?.text }.compactMap(Double.init)
        let between = rates.filter { $0 >= 5 && $0 <= 10 }.count
        let ids = countries.keys.sorted(by: >)
        let lastCodes = Array(try countries.values.compactMap { try $0.first("//country/iso_code")?.text }.sorted(by: >).prefix(3))
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, _ in
            let like = try await client.send(WebserviceRequest.list("countries").display(.fields(["iso_code"])).filter("iso_code", .beginsWith("f")))
            #expect(try Self.texts(like.body, "//country/iso_code").sorted() == startingWithF)
            #expect(try Self.texts(like.body, "//country/id").isEmpty, "a partial display shows only the fields asked for")
            let range = try await client.send(WebserviceRequest.list("taxes").filter("rate", .between("5", "10")))
            #expect(try Self.texts(range.body, "//tax/@id").count == between)
            let limited = try await client.send(WebserviceRequest.list("countries").sort([.descending("id")]).limit(offset: 1, count: 2))
            #expect(try Self.texts(limited.body, "//country/@id") == [String(ids[1]), String(ids[2])])
            let byCode = try await client.send(WebserviceRequest.list("countries").display(.fields(["iso_code"])).sort([.descending("iso_code")]).limit(3))
            #expect(try Self.texts(byCode.body, "//country/iso_code") == lastCodes)
        }
    }

    @Test func createdRecordsShowInFilteredListsAndByID() async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, _ in
            let created = await server.write("POST", "addresses", xml: """
                <prestashop><address><id_customer>1</id_customer><id_country>8</id_country><alias>Office</alias>\
                <lastname>Rossi</lastname><firstname>Anna</firstname><address1>Via Zamboni 33</address1>\
                <postcode>40126</postcode><city>Bologna</city></address></prestashop>
                """)
            #expect(created.status == 201)
            let id = try #require(try Self.texts(created.body, "//address/id").first)
            let mine = try await client.send(WebserviceRequest.list("addresses").filter("id_customer", .equals("1")))
            #expect(try Self.texts(mine.body, "//address/@id").contains(id))
            #expect(try Self.texts(mine.body, "//address/@id").contains("1"), "the recorded address of customer 1 is listed too")
            let others = try await client.send(WebserviceRequest.list("addresses").filter("id_customer", .equals("2")))
            #expect(try Self.texts(others.body, "//address/@id").contains(id) == false)
            let read = try await client.send(.get("addresses", id: Int(id) ?? 0))
            #expect(try Self.texts(read.body, "//address/city") == ["Bologna"])
        }
    }

    @Test func aResourceWithNoRecordsIsAnEmptyListAndUnknownIDsAre87() async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, _ in
            let empty = try await client.send(WebserviceRequest.list("specific_prices").display(.full))
            #expect(try MarkupDocument.xml(empty.body).select("/prestashop/specific_prices").count == 1)
            #expect(try MarkupDocument.xml(empty.body).select("/prestashop/specific_prices/*").isEmpty)
            do throws(WebserviceError) {
                _ = try await client.send(.get("carts", id: 3))
                Issue.record("a cart nobody created was answered")
            } catch {
                #expect(error.shopCodes == [87])
            }
        }
    }

    @Test func badParametersAreRefusedWithTheDispatchersCodes() async throws {
        let refused: [(WebserviceRequest, Int)] = [
            (WebserviceRequest.list("products").adding("filter[colour]", "[red]"), 32),
            (WebserviceRequest.list("products").adding("display", "[name,colour]"), 35),
            (WebserviceRequest.list("products").adding("display", "name"), 36),
            (WebserviceRequest.list("products").adding("sort", "[name_UP]"), 37),
            (WebserviceRequest.list("products").adding("sort", "[colour_ASC]"), 38),
            (WebserviceRequest.list("products").adding("limit", "1,2,3"), 39),
            (WebserviceRequest.list("unicorns"), 22),
        ]
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, _ in
            for (request, code) in refused {
                do throws(WebserviceError) {
                    _ = try await client.send(request)
                    Issue.record("\(request.relativePath) was answered")
                } catch {
                    guard case .badRequest = error else { Issue.record("\(request.relativePath): not a 400: \(error)"); continue }
                    #expect(error.shopCodes == [code], "\(request.relativePath)")
                }
            }
        }
    }

    @Test func theRequestLogListsWhatWasAnsweredInOrder() async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, _ in
            _ = try await client.send(.get("products", id: 1))
            _ = try? await client.send(.get("products", id: 999))
            let log = await server.requests()
            #expect(log.map(\.description) == ["GET /api/products/1 → 200", "GET /api/products/999 → 404"])
            await server.clearRequests()
            let cleared = await server.requests()
            #expect(cleared.isEmpty)
        }
    }
}
