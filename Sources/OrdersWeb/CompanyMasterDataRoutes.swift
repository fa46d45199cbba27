import Foundation
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// The back office's master data and agents beyond the company page: an upload previewed (n
/// new, n changed, n removed) before it is applied; the company's records listed, one deleted
/// or all of a kind; an ended subscription renewed and a password reset.
extension CompanyScreenRoutes {
    struct NewPasswordForm: Decodable { let password: String }

    func registerMasterData(on group: RouterGroup<WebRequestContext>, pending: PendingUploads) {
        group.post("companies/:code/imports/preview") { request, context in try await previewImport(request, context) }
        group.post("companies/:code/imports/apply") { request, context in try await applyImport(request, context) }
        group.get("companies/:code/records") { request, context in try await recordsPage(request, context) }
        group.get("companies/:code/records/:kind/:remoteID/delete") { request, context in try await confirmDeletion(request, context, all: false) }
        group.post("companies/:code/records/:kind/:remoteID/delete") { request, context in try await deleteRecord(request, context) }
        group.get("companies/:code/records/:kind/delete-all") { request, context in try await confirmDeletion(request, context, all: true) }
        group.post("companies/:code/records/:kind/delete-all") { request, context in try await deleteAllRecords(request, context) }
        group.post("companies/:code/agents/:username/renew") { request, context in try await renewAgent(request, context) }
        group.post("companies/:code/agents/:username/password") { request, context in try await changeAgentPassword(request, context) }
    }

    private func previewImport(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let code = try companyCode(context)
        let kind = request.uri.queryParameters["kind"].flatMap { MasterDataKind(rawValue: String($0)) } ?? .customer
        let isWholeList = request.uri.queryParameters["whole"] == "1"
        let form: (file: UploadedFile, texts: [String: String])
        do throws(UploadedFile.Failure) { form = try await UploadedFile.readForm(from: request, file: "file", texts: ["supplier"]) } catch {
            throw screens.failure(error.status, error.message, back: "/orders/business/companies/\(code)")
        }
        let supplier = form.texts["supplier"].flatMap { $0.isEmpty ? nil : $0 }
        let upload = form.file
        let preview = try await refusal {
            try await store.previewUpload(upload.bytes, kind: kind, company: code, isWholeList: isWholeList, supplier: supplier)
        }
        let token = try await pending.keep(.init(company: code, kind: kind, isWholeList: isWholeList, supplier: supplier, bytes: upload.bytes, storedAt: Date()))
        var page = UploadPreviewPage(
            code: code, token: token, kind: CompanyText.label(kind), wholeList: isWholeList, new: preview.newCount, changed: preview.changedCount,
            unchanged: preview.unchanged, removed: preview.removedCount, removedOthers: preview.removedOfOtherKinds,
            hasRemovedOthers: preview.removedOfOtherKinds > 0, notes: preview.notes, nothing: preview.changes.isEmpty)
        page.list(UploadPreviewChanges(preview, stored: try await store.masterData(company: code)))
        return screens.page("orders/upload-preview", page)
    }

    private func applyImport(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let code = try companyCode(context)
        let token = request.uri.queryParameters["token"].map(String.init) ?? ""
        guard let upload = try await pending.take(token, company: code) else {
            throw screens.failure(.gone, "That preview has expired or was already applied: upload the file again.", back: "/orders/business/companies/\(code)")
        }
        let result = try await refusal {
            try await store.importSpreadsheet(upload.bytes, kind: upload.kind, company: code, isWholeList: upload.isWholeList, supplier: upload.supplier)
        }
        let summary = "\(result.recordCount) records: \(result.inserted) new, \(result.updated) changed, \(result.unchanged) unchanged, "
            + "\(result.deleted) removed; import code \(result.code)"
        return seeOther(Notice.path("/orders/business/companies/\(code)", summary))
    }

    private func recordsPage(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let code = try companyCode(context)
        let kind = request.uri.queryParameters["kind"].flatMap { MasterDataKind(rawValue: String($0)) } ?? .customer
        let all = try await store.masterData(company: code)
        let labels = CompanyRecordLabels(all)
        let records = all.filter { $0.kind == kind }
        let shown = records.prefix(500).map { item in
            CompanyRecordsPage.Record(remoteID: item.remoteID, key: item.key, label: labels.label(item.record), kindValue: kind.rawValue)
        }
        return screens.page("orders/company-records", CompanyRecordsPage(
            title: "\(CompanyText.label(kind)) of \(code)", code: code, kind: CompanyText.label(kind), kindValue: kind.rawValue,
            records: shown, count: records.count, more: records.count > 500, empty: records.isEmpty,
            done: request.uri.queryParameters["done"].map(String.init)))
    }

    private func deleteRecord(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let code = try companyCode(context)
        guard let kind = context.parameters.get("kind").flatMap(MasterDataKind.init(rawValue:)) else {
            throw screens.failure(.notFound, "There is no such kind of record.")
        }
        let remoteID = context.parameters.get("remoteID") ?? ""
        guard try await FormBody.decode(DeletionForm.self, from: request).confirm == "yes" else {
            return try await confirmDeletion(request, context, all: false).response(from: request, context: context)
        }
        let deleted = try await refusal { try await store.deleteRecord(kind: kind, remoteID: remoteID, company: code) }
        return seeOther(Notice.path("/orders/business/companies/\(code)/records?kind=\(kind.rawValue)", "\(deleted) record\(deleted == 1 ? "" : "s") deleted"))
    }

    private func deleteAllRecords(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let code = try companyCode(context)
        guard let kind = context.parameters.get("kind").flatMap(MasterDataKind.init(rawValue:)) else {
            throw screens.failure(.notFound, "There is no such kind of record.")
        }
        guard try await FormBody.decode(DeletionForm.self, from: request).confirm == "yes" else {
            return try await confirmDeletion(request, context, all: true).response(from: request, context: context)
        }
        let deleted = try await refusal { try await store.deleteAll(kind: kind, company: code) }
        return seeOther(Notice.path("/orders/business/companies/\(code)", "\(deleted) records deleted (\(CompanyText.label(kind)) and what depended on them)"))
    }

    private func renewAgent(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await changeSubscription(request, context, done: "renewed", with: store.renewSubscription)
    }

    private func changeAgentPassword(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let code = try companyCode(context)
        let username = context.parameters.get("username") ?? ""
        let form = try await FormBody.decode(NewPasswordForm.self, from: request)
        try await refusal { try await store.resetPassword(company: code, username: username, newPassword: form.password) }
        return seeOther(Notice.path("/orders/business/companies/\(code)", "password of \(username) reset"))
    }

}
