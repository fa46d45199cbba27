import Amounts
import Foundation

extension TicketCatalogue {
    /// Prices `request` at `now` and composes its payment SMS, or says why it cannot be sold.
    ///
    /// Checks, in order: the operator exists and offers the service; there is a line; each
    /// line's product exists, belongs to the operator, is sold under the service, appears on
    /// no earlier line, and has a quantity in `PurchaseRules.quantities` (exactly 1 for a
    /// pass); a start day is neither before today nor more than
    /// `PurchaseRules.maximumDaysAhead` days after it, in the operator's zone.
    public func quote(_ request: PurchaseRequest, at now: Date) throws(PurchaseError) -> Quote {
        guard let op = self.operator(code: request.operatorCode) else { throw .unknownOperator(request.operatorCode) }
        guard op.offers(request.service) else { throw .serviceNotOffered(operatorCode: op.code, service: request.service) }
        guard !request.lines.isEmpty else { throw .noLines }
        let days = OperatorCalendar(zone: op.zone)
        var firstLine: [String: Int] = [:]
        var products: [TicketProduct] = []
        for (index, line) in request.lines.enumerated() {
            let number = index + 1
            guard let product = product(code: line.productCode) else {
                throw .unknownProduct(line: number, productCode: line.productCode)
            }
            guard product.operatorCode == op.code else {
                throw .productOfAnotherOperator(
                    line: number, productCode: product.code, productOperator: product.operatorCode, requestedOperator: op.code)
            }
            guard product.isSold(as: request.service) else {
                throw .productNotForService(line: number, productCode: product.code, service: request.service)
            }
            if let earlier = firstLine[product.code] { throw .duplicateProduct(productCode: product.code, lines: [earlier, number]) }
            firstLine[product.code] = number
            guard PurchaseRules.quantities.contains(line.quantity) else {
                throw .quantityOutOfRange(line: number, productCode: product.code, quantity: line.quantity, allowed: PurchaseRules.quantities)
            }
            if product.period != nil, line.quantity != 1 {
                throw .subscriptionQuantity(line: number, productCode: product.code, quantity: line.quantity)
            }
            products.append(product)
        }
        if let start = request.start {
            let ahead = days.days(from: now, to: start)
            if ahead < 0 { throw .startInPast(day: days.iso(start), today: days.iso(now)) }
            if ahead > PurchaseRules.maximumDaysAhead {
                throw .startTooFarAhead(day: days.iso(start), latest: days.iso(days.adding(days: PurchaseRules.maximumDaysAhead, to: now)))
            }
        }
        // Whole seconds, as the signed payload carries them.
        let instant = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let lines = zip(products, request.lines).map { product, line in
            let validity = Self.validity(of: product, service: request.service, at: instant, start: request.start, zone: op.zone)
            var quoted = QuotedLine(
                product: product, quantity: line.quantity, unitPrice: product.price, lineTotal: product.price * line.quantity,
                validFrom: validity?.start, validUntil: validity?.end)
            if let period = product.period, let validity { quoted.partialPeriod = Self.partialPeriod(validity, of: period, days: days) }
            return quoted
        }
        let sms = Self.paymentMessages(for: lines, operator: op, day: request.start ?? instant, days: days)
        return Quote(
            operator: op, service: request.service, lines: lines, total: lines.reduce(.zero) { $0 + $1.lineTotal },
            quotedAt: instant, paymentMessages: sms.messages, smsUnavailableReason: sms.unavailable)
    }

    /// A pass's share of its calendar period when it starts after the period's first day; nil
    /// for a whole period.
    static func partialPeriod(_ validity: DateInterval, of period: SubscriptionPeriod, days: OperatorCalendar) -> QuotedLine.PartialPeriod? {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = days.calendar.timeZone
        let unit: Calendar.Component = switch period {
        case .week: .weekOfYear
        case .month: .month
        case .semester, .year: .year
        }
        guard var whole = calendar.dateInterval(of: unit, for: validity.start) else { return nil }
        if period == .semester {
            let month = calendar.component(.month, from: validity.start)
            let start = calendar.date(byAdding: .month, value: month <= 6 ? 0 : 6, to: whole.start) ?? whole.start
            whole = DateInterval(start: start, end: calendar.date(byAdding: .month, value: 6, to: start) ?? whole.end)
        }
        guard validity.start > whole.start else { return nil }
        let covered = days.days(from: validity.start, to: validity.end)
        let total = days.days(from: whole.start, to: whole.end)
        return QuotedLine.PartialPeriod(coveredDays: covered, periodDays: total, nextPeriodStarts: days.iso(validity.end))
    }

    /// A pass: the calendar period of its start day. A single ride: its minutes from `instant`.
    /// A ride bought as "multiple": unknown until it is activated.
    static func validity(of product: TicketProduct, service: TicketService, at instant: Date, start: Date?, zone: TimeZone) -> DateInterval? {
        switch product.kind {
        case .subscription(_, let period):
            period.validity(startingOn: start ?? instant, in: zone)
        case .ride(let minutes):
            service == .single ? DateInterval(start: instant, duration: TimeInterval(minutes * 60)) : nil
        }
    }

    /// The SMS of NOTES.md §1 for every line, or why the purchase cannot be paid by SMS (all or
    /// nothing: paying half a purchase by SMS and half otherwise would only confuse).
    static func paymentMessages(
        for lines: [QuotedLine], operator op: TransportOperator, day: Date, days: OperatorCalendar
    ) -> (messages: [PaymentSMS], unavailable: String?) {
        guard let number = op.smsNumber else {
            return ([], "\(op.name) sells no tickets by SMS: buy them at a ticket office, a machine or on board")
        }
        var messages: [PaymentSMS] = []
        for line in lines {
            guard !line.product.smsKeyword.isEmpty else {
                return ([], "\(line.product.name) cannot be bought by SMS: buy it at a ticket office, a machine or on board")
            }
            let perLine = SMSTemplate.mentionsQuantity(op.messageTemplate)
            let quantity = perLine ? line.quantity : 1
            let body = SMSTemplate.render(op.messageTemplate, values: [
                "keyword": line.product.smsKeyword,
                "quantity": String(quantity),
                "start": days.italian(line.validFrom ?? day),
                "period": line.product.period?.rawValue ?? "",
            ])
            let message = PaymentSMS(recipient: number, body: body, productCode: line.product.code, quantity: quantity)
            messages += Array(repeating: message, count: perLine ? 1 : line.quantity)
        }
        return (messages, nil)
    }
}
