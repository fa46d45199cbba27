import Amounts
import Foundation
import Hummingbird
import TicketKit
import WebCore

/// The admin screen's operator form: services are repeated checkboxes, provinces a list of
/// codes ("PD VE").
struct AdminOperatorForm {
    let code: String
    let name: String
    let provinces: [String]
    let services: Set<TicketService>
    let smsNumber: String
    let messageTemplate: String
    let timeZone: String
    let website: String
    let replyCodeLabel: String

    static func read(_ request: Request) async throws -> AdminOperatorForm {
        let text = try await FormBody.text(from: request)
        func field(_ name: String) -> String { FormBody.values(named: name, in: text).first?.trimmingCharacters(in: .whitespaces) ?? "" }
        return AdminOperatorForm(
            code: field("code"), name: field("name"),
            provinces: field("provinces").split(whereSeparator: { $0 == " " || $0 == "," }).map { $0.uppercased() },
            services: Set(FormBody.values(named: "services", in: text).compactMap(TicketService.init(rawValue:))),
            smsNumber: field("smsNumber"), messageTemplate: field("messageTemplate"),
            timeZone: field("timeZone").isEmpty ? "Europe/Rome" : field("timeZone"), website: field("website"),
            replyCodeLabel: field("replyCodeLabel")
        )
    }

    func transportOperator() throws -> TransportOperator {
        TransportOperator(
            code: code, name: name, provinceCodes: provinces, services: services, smsNumber: smsNumber.isEmpty ? nil : smsNumber,
            messageTemplate: messageTemplate.isEmpty ? "{keyword}" : messageTemplate, timeZone: timeZone, website: website.isEmpty ? nil : website,
            isSample: false, source: "edited in Bottega's catalogue admin", replyCodeLabel: replyCodeLabel.isEmpty ? nil : replyCodeLabel
        )
    }
}

/// The admin screen's product form.
struct AdminProductForm: Decodable {
    let code: String
    let operatorCode: String
    let name: String
    let price: String
    let keyword: String
    let kind: String
    let minutes: Int?
    /// Rides in a carnet (1: a single ride); kept so saving a carnet never turns it into one ride.
    let rides: Int?
    let type: String?
    let period: String?

    struct Invalid: Error, LocalizedError {
        let errorDescription: String?
    }

    func product() throws -> TicketProduct {
        guard let money = Money(price) else {
            throw Invalid(errorDescription: "“\(price)” is not a price; write euros with up to two decimals, e.g. 1.70.")
        }
        let productKind: ProductKind
        switch kind {
        case "ride":
            guard let minutes, minutes > 0 else { throw Invalid(errorDescription: "A ride ticket needs its validity in minutes (more than 0).") }
            productKind = .ride(validityMinutes: minutes)
        case "subscription":
            guard let period = period.flatMap(SubscriptionPeriod.init(rawValue:)) else {
                throw Invalid(errorDescription: "A subscription needs a period: week, month, semester or year.")
            }
            productKind = .subscription(type: (type ?? "").isEmpty ? "Standard" : type ?? "", period: period)
        default:
            throw Invalid(errorDescription: "The kind must be ride or subscription, not “\(kind)”.")
        }
        return TicketProduct(
            code: code, operatorCode: operatorCode, name: name, kind: productKind, price: money, smsKeyword: keyword,
            rides: rides ?? 1, isSample: false, source: "edited in Bottega's catalogue admin"
        )
    }
}
