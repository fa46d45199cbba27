import ArgumentParser
import Foundation
import HTTPClientTransport
import ShopKit

/// `bottega shop get RESOURCE [ID] [--filter field=value …] [--display full]`: one answer of the
/// configured shop (`SHOP_URL`, `SHOP_KEY`), decoded as `shop decode` does.
struct ShopGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Fetch a resource from the shop at $SHOP_URL with the key in $SHOP_KEY, and print its records.",
        discussion: """
            The key is read from the environment only, so it never appears in the shell's history \
            or `ps`. Filters as in the webservice: --filter id=5, --filter 'id=[1|3]', \
            --filter 'name=%[shirt]%', --filter 'date_upd=>[2016-09-01 00:00:00]' (add --date for date fields).
            """
    )

    @Argument(help: "The resource: products, categories, customers, …") var resource: String
    @Argument(help: "One record's id.") var id: Int?
    @Option(help: "field=expression; repeatable.") var filter: [String] = []
    @Option(help: "full, or a comma-separated list of fields.") var display: String?
    @Option(help: "At most N records, or OFFSET,N.") var limit: String?
    @Flag(help: "Allow filtering and sorting on date_add/date_upd (date=1).") var date = false
    @Option(help: "json: the models; text: one line per record; xml: the shop's answer as it came.") var format: Format = .json
    @Option(help: "Seconds before giving up (default 10, as in the thesis).") var timeout: Int = 10

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text, xml
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let shop = environment["SHOP_URL"], !shop.isEmpty else {
            throw CommandFailure("set SHOP_URL to the shop's address (https://shop.example or its /api/) and SHOP_KEY to its 32-character webservice key")
        }
        let configuration: ShopConfiguration
        do {
            configuration = try ShopConfiguration(shop: shop, key: environment["SHOP_KEY"] ?? "", timeout: .seconds(max(1, timeout)))
        } catch {
            throw CommandFailure(error.localizedDescription)
        }
        let request = try makeRequest()
        let response: WebserviceResponse
        do {
            response = try await WebserviceClient(configuration: configuration, transport: AsyncHTTPClientTransport.shared).send(request)
        } catch {
            throw CommandFailure(error.localizedDescription)
        }
        if format == .xml {
            FileHandle.standardOutput.write(Data(response.body))
            return
        }
        let document: WebserviceDocument
        do {
            document = try ShopDecodeCommand.isJSON(response.body) ? WebserviceDocument(json: response.body) : WebserviceDocument(xml: response.body)
        } catch {
            throw CommandFailure("the shop's answer to \(resource) cannot be read: \(error.localizedDescription)")
        }
        switch format {
        case .text, .xml:
            for line in ShopDecodeCommand.lines(document) { print(line) }
        case .json:
            do {
                print(try ShopModels.json(try ShopModels.decode(document)))
            } catch let error as ModelError {
                throw CommandFailure("\(resource): \(error.localizedDescription)")
            }
        }
    }

    private func makeRequest() throws -> WebserviceRequest {
        var request = id.map { WebserviceRequest.get(resource, id: $0) } ?? WebserviceRequest.list(resource)
        do {
            for item in filter {
                guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                    throw ValidationError("--filter \(item): write field=value, e.g. --filter id=5 or --filter 'id=[1|3]'")
                }
                let field = String(item[..<equals])
                let text = String(item[item.index(after: equals)...])
                guard let parsed = WebserviceFilter(expression: text) else {
                    throw ValidationError("--filter \(item): “\(text)” has brackets that do not close; see `bottega shop get --help`")
                }
                request = try request.filter(field, parsed)
            }
            if let display {
                request = try request.display(display == "full" ? .full : .fields(display.split(separator: ",").map { String($0) }))
            }
            if let limit {
                let parts = limit.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
                switch (parts.count, parts.first ?? nil, parts.last ?? nil) {
                case (1, let count?, _): request = try request.limit(count)
                case (2, let offset?, let count?): request = try request.limit(offset: offset, count: count)
                default: throw ValidationError("--limit \(limit): write N or OFFSET,N, e.g. --limit 0,50")
                }
            }
        } catch let error as WebserviceRequestError {
            throw ValidationError(error.localizedDescription)
        }
        if date { request = request.date() }
        return request
    }
}
