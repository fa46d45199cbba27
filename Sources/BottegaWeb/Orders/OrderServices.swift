import Foundation
import MailOutbox
import OrderKit

/// What the Orders routes need: the company's store and sync answers, and the outbox its
/// order e-mails wait in.
public struct OrderServices: Sendable {
    public let company: CompanyStore
    public let sync: CompanySyncServer
    public let outbox: MailOutbox

    public init(company: CompanyStore, outbox: MailOutbox) {
        self.company = company
        self.sync = CompanySyncServer(store: company)
        self.outbox = outbox
    }
}
