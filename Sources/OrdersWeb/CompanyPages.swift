import Foundation
import OrderCompany
import OrderKit
import WebCore

/// The company side's screens as typed views, one per template.
struct CompanyLoginPage: Encodable {
    let title = "Back office"
    let enabled: Bool
    let error: String?
}

struct CompanyListPage: Encodable {
    struct Entry: Encodable { let code, name: String }

    let title = "Back office"
    let companies: [Entry]
    let pendingMail: Int
}

struct CompanyPage: Encodable {
    struct ReceivedOrder: Encodable {
        let number: Int64
        let agent, customer, supplier, date, total: String

        init(_ received: OrderCompany.ReceivedOrder) {
            (number, agent) = (received.number, received.agent)
            (customer, supplier) = (received.submission.customer.companyName, received.submission.supplier.name)
            date = DayText.local(received.receivedAt, in: AgentViews.italy)
            total = ((try? received.order.totals().net) ?? .zero).formattedItalian
        }
    }

    struct Agent: Encodable {
        let username: String
        let ended: Bool
    }

    struct KindCount: Encodable {
        let value, label: String
        let count: Int
    }

    struct KindChoice: Encodable {
        let value, label: String
        let isProduct: Bool
    }

    let title, code, name: String
    let orders: [ReceivedOrder]
    let noOrders: Bool
    let agents: [Agent]
    let recordCounts: [KindCount]
    let kinds = MasterDataKind.allCases.map { KindChoice(value: $0.rawValue, label: CompanyText.label($0), isProduct: $0 == .product) }
    /// What was just done.
    let done: String?
    var hasLogo = false
}

struct UploadPreviewPage: Encodable {
    let title = "Upload preview"
    let code, token, kind: String
    let wholeList: Bool
    let new, changed, unchanged, removed, removedOthers: Int
    let hasRemovedOthers: Bool
    let notes: [String]
    let nothing: Bool
    /// Which records change, by name.
    var added: [UploadPreviewChanges.Item] = [], changedRecords: [UploadPreviewChanges.Item] = [], removedRecords: [UploadPreviewChanges.Item] = []
    var isCut = false, hasAdded = false, hasChanged = false, hasRemoved = false
    var hasNotes = false

    mutating func list(_ changes: UploadPreviewChanges) {
        (added, changedRecords, removedRecords, isCut) = (changes.added, changes.changed, changes.removed, changes.isCut)
        (hasAdded, hasChanged, hasRemoved, hasNotes) = (!added.isEmpty, !changedRecords.isEmpty, !removedRecords.isEmpty, !notes.isEmpty)
    }
}

struct CompanyRecordsPage: Encodable {
    struct Record: Encodable { let remoteID, key, label, kindValue: String }

    let title, code, kind, kindValue: String
    let records: [Record]
    let count: Int
    let more, empty: Bool
    let done: String?
}
