import Foundation
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// The screens of one kind of master data under `/orders/<path>`: the list, a form to add, a
/// record's page to edit (read-only with a tag when the company synced it), delete one, delete
/// all of the agent's own. Bad input shows the form again, as typed, with a message naming the
/// field (400; 409 for a duplicate). Customers and suppliers opened from the order form
/// (`?order=ID`) go back to it with the stored record chosen.
extension AgentScreenRoutes {
    func registerMasterData<Record>(_ screen: MasterDataScreen<Record>, on group: RouterGroup<WebRequestContext>) {
        let path = screen.path
        group.get(RouterPath(path)) { request, _ in
            try listPage(screen, notice: request.uri.queryParameters["done"].map(String.init),
                         page: try request.integerQuery("page", as: Int.self, in: 1...1_000_000) ?? 1)
        }
        group.get(RouterPath("\(path)/new")) { request, _ in
            try recordPage(screen, id: nil, typed: [:], returnOrder: try returnOrder(request.uri.queryParameters["order"].map(String.init)))
        }
        group.post(RouterPath(path)) { request, _ in
            let fields = try await FormBody.fields(from: request)
            return try save(screen, fields: fields, id: nil)
        }
        group.post(RouterPath("\(path)/delete-all")) { _, _ in
            let count = try store.deleteAllLocal(screen.kind)
            return seeOther(Notice.path("/orders/\(path)", "\(count) of your \(path) deleted"))
        }
        group.get(RouterPath("\(path)/:id")) { request, context in
            let id = try recordID(context, screen)
            guard let record = try screen.fetch(store, id) else { throw missing(screen, id) }
            return try recordPage(screen, id: id, typed: screen.values(record).mapValues(\.formText), origin: screen.origin(record),
                                  returnOrder: try returnOrder(request.uri.queryParameters["order"].map(String.init)))
        }
        group.post(RouterPath("\(path)/:id")) { request, context in
            let id = try recordID(context, screen)
            return try save(screen, fields: try await FormBody.fields(from: request), id: id)
        }
        group.post(RouterPath("\(path)/:id/delete")) { _, context in
            let id = try recordID(context, screen)
            do {
                try store.delete(screen.kind, id: id)
            } catch {
                guard let refusal = MasterDataRefusal(error, editing: screen.kind) else { throw error }
                throw screens.failure(refusal.status, refusal.message, back: "/orders/\(path)")
            }
            return seeOther(Notice.path("/orders/\(path)", "\(screen.noun.capitalized) deleted"))
        }
    }

    /// Stores what the form says; the order it came from (a hidden `order` field) gets it.
    private func save<Record>(_ screen: MasterDataScreen<Record>, fields: [String: String], id: Int64?) throws -> Response {
        let orderID = try returnOrder(fields["order"])
        let stored: Record
        do {
            stored = try screen.store(store, try screen.draft(fields, id))
        } catch {
            guard let refusal = MasterDataRefusal(error, editing: screen.kind) else { throw error }
            guard refusal.isFixableInForm else { throw screens.failure(refusal.status, refusal.message, back: "/orders/\(screen.path)") }
            throw ScreenError(status: refusal.status, html: try recordPage(
                screen, id: id, typed: fields, returnOrder: orderID, error: refusal.message, status: refusal.status
            ).text)
        }
        if let orderID, let attach = screen.attach {
            // The record is stored either way; only choosing it on the order can fail (a sent order).
            try change(back: "/orders/\(orderID)") { try attach(store, stored, orderID) }
            return seeOther("/orders/\(orderID)")
        }
        let verb = id == nil ? "added" : "saved"
        return seeOther(Notice.path("/orders/\(screen.path)", "\(screen.noun.capitalized) \(verb)"))
    }

    /// One page of `RecordListPage.pageSize` records: 20,000 customers are 200 pages of a few
    /// kilobytes each, not one of megabytes.
    private func listPage<Record>(_ screen: MasterDataScreen<Record>, notice: String?, page: Int) throws -> HTML {
        let records = try screen.list(store)
        let pages = max(1, (records.count + RecordListPage.pageSize - 1) / RecordListPage.pageSize)
        let page = min(page, pages)
        let shown = records.dropFirst((page - 1) * RecordListPage.pageSize).prefix(RecordListPage.pageSize)
        let rows = try shown.map { record in
            let summary = try screen.summary(store, record)
            return RecordListPage.Row(
                href: "/orders/\(screen.path)/\(screen.id(record) ?? 0)", title: summary.title, synced: screen.origin(record).isReadOnly,
                detail: summary.detail.isEmpty ? nil : summary.detail)
        }
        let localCount = records.filter { !screen.origin($0).isReadOnly }.count
        var view = RecordListPage(
            title: screen.title, path: screen.path, noun: screen.noun, records: rows, empty: rows.isEmpty, hasLocal: localCount > 0,
            localCount: localCount, done: notice)
        if pages > 1 {
            let first = (page - 1) * RecordListPage.pageSize + 1
            view.pageText = "\(first)–\(first + rows.count - 1) of \(records.count)"
            view.previous = page > 1 ? "/orders/\(screen.path)?page=\(page - 1)" : nil
            view.next = page < pages ? "/orders/\(screen.path)?page=\(page + 1)" : nil
        }
        return screens.page("orders/records", view)
    }

    /// The form: empty (`id` nil), a stored record, or what was typed with `error`.
    private func recordPage<Record>(
        _ screen: MasterDataScreen<Record>, id: Int64?, typed: [String: String], origin: RecordOrigin = .local, returnOrder: Int64?,
        error: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> HTML {
        let noun = screen.noun
        var page = RecordFormPage(
            title: id.map { "\(noun.capitalized) \($0)" } ?? "New \(noun)", noun: noun,
            action: id.map { "/orders/\(screen.path)/\($0)" } ?? "/orders/\(screen.path)",
            fields: try screen.form(store, typed).map { FormFieldView($0, value: typed[$0.name] ?? "") },
            submit: id == nil ? "Add the \(noun)" : "Save", back: returnOrder.map { "/orders/\($0)" } ?? "/orders/\(screen.path)",
            backLabel: returnOrder == nil ? "Back to the \(screen.path)" : "Back to the order")
        if origin.isReadOnly { page.synced = true } else if let id { page.deleteAction = "/orders/\(screen.path)/\(id)/delete" }
        page.suggests = !origin.isReadOnly && page.fields.contains { $0.suggest != nil }
        (page.error, page.returnOrder) = (error, returnOrder.map(String.init))
        return screens.page("orders/record", page, status: status)
    }

    private func recordID<Record>(_ context: WebRequestContext, _ screen: MasterDataScreen<Record>) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else {
            throw screens.failure(.notFound, "There is no \(screen.noun) \(context.parameters.get("id") ?? "").", back: "/orders/\(screen.path)")
        }
        return id
    }

    private func missing<Record>(_ screen: MasterDataScreen<Record>, _ id: Int64) -> ScreenError {
        screens.failure(.notFound, "There is no \(screen.noun) \(id): it may have been deleted, or removed by a sync.", back: "/orders/\(screen.path)")
    }

    /// The order a form was opened from: nil when none was named, 404 for one that is not there.
    private func returnOrder(_ text: String?) throws -> Int64? {
        guard let text, !text.isEmpty else { return nil }
        guard let id = Int64(text), try store.order(id: id) != nil else {
            throw screens.failure(.notFound, "There is no order \(text) to go back to.")
        }
        return id
    }
}
