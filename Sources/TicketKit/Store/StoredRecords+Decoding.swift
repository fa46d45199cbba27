import Foundation
import GRDB
import Storage

// My tickets reads every ticket of its owner and their purchases on each request; through
// `Decodable`, GRDB's keyed container (a name lookup, a coding key and a box per column, a JSON
// decoder made per JSON column) was 29 % of the page (issue 44's profile, 200 tickets). These
// read the same columns one by one, and throw where the `Decodable` reading throws.

/// GRDB's own settings for JSON columns, made once rather than once per column per row.
private let jsonColumns = IssuedRow.databaseJSONDecoder(for: "")

extension IssuedRow {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        purchaseId = try row.decode(forColumn: "purchaseId")
        owner = try row.decode(forColumn: "owner")
        operatorCode = try row.decode(forColumn: "operatorCode")
        productCode = try row.decode(forColumn: "productCode")
        productName = try row.decode(forColumn: "productName")
        validityMinutes = try row.decode(forColumn: "validityMinutes")
        serial = try row.decode(forColumn: "serial")
        payload = try row.decode(forColumn: "payload")
        validFrom = try row.decode(forColumn: "validFrom")
        validUntil = try row.decode(forColumn: "validUntil")
        created = try row.decode(forColumn: "created")
        sms = try row.decodeJSON(PaymentSMS.self, forColumn: "sms", using: jsonColumns)
        smsSentAt = try row.decode(forColumn: "smsSentAt")
        replySMS = try row.decode(forColumn: "replySMS")
        replyCode = try row.decode(forColumn: "replyCode")
    }
}

extension PurchaseRow {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        owner = try row.decode(forColumn: "owner")
        operatorCode = try row.decode(forColumn: "operatorCode")
        operatorName = try row.decode(forColumn: "operatorName")
        service = try row.decode(forColumn: "service")
        total = try row.decode(forColumn: "total")
        start = try row.decode(forColumn: "start")
        paymentMessages = try row.decodeJSON([PaymentSMS].self, forColumn: "paymentMessages", using: jsonColumns) ?? {
            throw DecodingError.valueNotFound([PaymentSMS].self, .init(codingPath: [], debugDescription: "ticket_purchase.paymentMessages is NULL"))
        }()
        smsUnavailableReason = try row.decode(forColumn: "smsUnavailableReason")
        created = try row.decode(forColumn: "created")
        state = try row.decode(forColumn: "state")
        paymentRoute = try row.decode(forColumn: "paymentRoute")
        paidAt = try row.decode(forColumn: "paidAt")
        paymentReference = try row.decode(forColumn: "paymentReference")
        cancelledAt = try row.decode(forColumn: "cancelledAt")
        holder = try row.decode(forColumn: "holder")
        cardNumber = try row.decode(forColumn: "cardNumber")
    }
}
