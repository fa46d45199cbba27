import Foundation
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// The back office's deletions ask first (issue 40): "Delete" opens a page naming the record and
/// everything that goes with it (a supplier's products and discounts, a customer's discounts),
/// and only its "Delete" button, which posts `confirm=yes`, deletes.
extension CompanyScreenRoutes {
    struct DeletionForm: Decodable { let confirm: String? }

    func confirmDeletion(_ request: Request, _ context: WebRequestContext, all: Bool) async throws -> HTML {
        try await requireSession(request)
        let code = try companyCode(context)
        guard let kind = context.parameters.get("kind").flatMap(MasterDataKind.init(rawValue:)) else {
            throw screens.failure(.notFound, "There is no such kind of record.")
        }
        let stored = try await store.masterData(company: code)
        let chosen: Set<String>
        if all {
            chosen = Set(stored.filter { $0.kind == kind }.map(\.remoteID))
        } else {
            let remoteID = context.parameters.get("remoteID") ?? ""
            guard stored.contains(where: { $0.kind == kind && $0.remoteID == remoteID }) else {
                throw screens.failure(.notFound, "There is no such record: it may have been deleted already.", back: "/orders/business/companies/\(code)/records?kind=\(kind.rawValue)")
            }
            chosen = [remoteID]
        }
        let labels = CompanyRecordLabels(stored)
        let byID = Dictionary(stored.map { ("\($0.kind.rawValue)/\($0.remoteID)", $0) }, uniquingKeysWith: { first, _ in first })
        let going = MasterDataPlanner.deletions(of: kind, remoteIDs: chosen, stored: stored).compactMap { delete in
            byID["\(delete.kind.rawValue)/\(delete.remoteID)"].map { CompanyDeletionPage.Item(kind: CompanyText.label(delete.kind), label: labels.label($0.record)) }
        }
        let path = all ? "records/\(kind.rawValue)/delete-all" : "records/\(kind.rawValue)/\(context.parameters.get("remoteID") ?? "")/delete"
        return screens.page("orders/company-record-delete", CompanyDeletionPage(
            title: all ? "Delete all \(CompanyText.label(kind))?" : "Delete this record?", code: code, action: "/orders/business/companies/\(code)/\(path)",
            back: "/orders/business/companies/\(code)/records?kind=\(kind.rawValue)", items: Array(going.prefix(200)), count: going.count,
            more: going.count > 200))
    }
}

struct CompanyDeletionPage: Encodable {
    struct Item: Encodable { let kind, label: String }
    let title, code, action, back: String
    let items: [Item]
    let count: Int
    let more: Bool
    let countText: String

    init(title: String, code: String, action: String, back: String, items: [Item], count: Int, more: Bool) {
        (self.title, self.code, self.action, self.back, self.items, self.count, self.more) = (title, code, action, back, items, count, more)
        countText = count == 1 ? "1 record" : "\(count) records"
    }
}

/// How the back office names a record: a discount by its supplier's, customer's and product's
/// names ("10+5 % · Torrefazione Rossi → Bar Sport · CAF-01"), never by their idAzienda.
struct CompanyRecordLabels {
    private var names: [String: String] = [:]

    init(_ stored: [StoredCompanyRecord]) {
        for item in stored {
            switch item.record {
            case .supplier(let supplier): names["supplier/\(item.remoteID)"] = supplier.name
            case .customer(let customer): names["customer/\(item.remoteID)"] = customer.companyName
            case .product(let product, _): names["product/\(item.remoteID)"] = product.code
            case .discount: break
            }
        }
    }

    func label(_ record: SyncRecord) -> String {
        switch record {
        case .supplier(let supplier): return "\(supplier.name) · \(supplier.email)"
        case .customer(let customer): return [customer.companyName, customer.city].filter { !$0.isEmpty }.joined(separator: " · ")
        case .product(let product, _): return "\(product.code) · \(product.description) · \(product.price.formattedItalian)"
        case .discount(let levels, let supplier, let customer, let product):
            let whom = "\(name("supplier", supplier)) → \(name("customer", customer))"
            return "\(DiscountCascade.text(levels)) % · \(whom) · " + (product.map { name("product", $0) } ?? "whole price list")
        }
    }

    private func name(_ kind: String, _ remoteID: String) -> String { names["\(kind)/\(remoteID)"] ?? "#\(remoteID)" }
}
