/// The facade's shared plumbing: send a request, read the answer as a document, decode
/// models, and write models back. Every failure becomes a ``ShopError``.
struct ShopConnection: Sendable {
    let sender: any WebserviceSending
    let readDocuments = ReadDocuments()

    func response(_ request: WebserviceRequest) async throws(ShopError) -> WebserviceResponse {
        do throws(WebserviceError) {
            return try await sender.send(request)
        } catch {
            throw .webservice(error)
        }
    }

    func document(_ request: WebserviceRequest) async throws(ShopError) -> WebserviceDocument {
        let answer = try await response(request)
        let isJSON = answer.body.first(where: { !WebserviceClient.isSpace($0) }) != UInt8(ascii: "<")
        do throws(DocumentError) {
            return try readDocuments.document(for: request, body: answer.body) { () throws(DocumentError) in
                isJSON ? try WebserviceDocument(json: answer.body) : try WebserviceDocument(xml: answer.body)
            }
        } catch {
            throw .model(.document(error))
        }
    }

    /// The records of a full list (`display=full`) or a single record, as models.
    func all<Model: RecordModel>(_ type: Model.Type, _ request: WebserviceRequest) async throws(ShopError) -> [Model] {
        let document = try await document(request)
        if document.contents.contains(where: { if case .emptyList = $0 { true } else { false } }) { return [] }
        do throws(ModelError) {
            return try Model.all(in: document)
        } catch {
            throw .model(error)
        }
    }

    func one<Model: RecordModel>(_ type: Model.Type, _ request: WebserviceRequest) async throws(ShopError) -> Model {
        let document = try await document(request)
        do throws(ModelError) {
            return try Model.one(in: document)
        } catch {
            throw .model(error)
        }
    }

    /// `GET /api/<resource>/<id>` as its model.
    func get<Model: ResourceModel>(_ type: Model.Type, id: Int) async throws(ShopError) -> Model {
        try await one(type, .get(Model.resource, id: id))
    }

    /// The ids of a list without `display` (references).
    func ids(_ request: WebserviceRequest, element: String) async throws(ShopError) -> [Int] {
        let document = try await document(request)
        if document.contents.contains(where: { if case .emptyList = $0 { true } else { false } }) { return [] }
        do throws(DocumentError) {
            return try document.references(element).map(\.id)
        } catch {
            throw .model(.document(error))
        }
    }

    /// The raw record of `GET /api/<resource>/<id>`: the base of a PUT (API-NOTES §3: a PUT
    /// resets what it omits, so it starts from the shop's full record).
    func record<Model: ResourceModel>(_ type: Model.Type, id: Int) async throws(ShopError) -> WebserviceRecord {
        let document = try await document(.get(Model.resource, id: id))
        do throws(DocumentError) {
            return try document.record(Model.element)
        } catch {
            throw .model(.document(error))
        }
    }

    /// The version write bodies are built for. While unknown, 9.0: it marks the most fields
    /// read-only, so the body sends less rather than a field an older shop refuses (code 93).
    func writeVersion() async -> PrestaShopVersion {
        await sender.knownVersion() ?? PrestaShopVersion("9.0.0")!
    }

    /// POST the model; the created record as the shop answered it (with its new id).
    func create<Model: ResourceModel>(_ model: Model) async throws(ShopError) -> Model {
        let body = ShopRequestBody.create(model, version: await writeVersion())
        let created = try await one(Model.self, .create(Model.resource, xml: Array(body.utf8)))
        await sender.invalidate(resources: [Model.resource])
        return created
    }

    /// PUT the model over the shop's current record of the same id.
    func update<Model: ResourceModel>(_ model: Model) async throws(ShopError) -> Model {
        guard let id = model.id else { throw .invalidArgument("updating a \(Model.element) needs its id") }
        let original = try await record(Model.self, id: id)
        let body: String
        do throws(ModelError) {
            body = try ShopRequestBody.update(model, from: original, version: await writeVersion())
        } catch {
            throw .model(error)
        }
        let updated = try await one(Model.self, .update(Model.resource, id: id, xml: Array(body.utf8)))
        await sender.invalidate(resources: [Model.resource])
        return updated
    }

    /// A request built from parameters that may be refused (filters, limits).
    static func build(_ make: () throws(WebserviceRequestError) -> WebserviceRequest) throws(ShopError) -> WebserviceRequest {
        do throws(WebserviceRequestError) {
            return try make()
        } catch {
            throw .webservice(.invalidRequest(error))
        }
    }
}
