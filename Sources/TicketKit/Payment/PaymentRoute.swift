import Foundation

/// How a rider pays an operator, and so what Bottega issues (issue 24; NOTES.md §1).
public enum PaymentRoute: String, Sendable, Hashable, Codable {
    /// Bottega is the operator's ticket server: the rider's SMS goes to the operator's payment
    /// system, which confirms the payment to Bottega (its back office, or a signed callback);
    /// only then does Bottega sign QR tickets. The sample operators work this way: their SMS
    /// number reaches nobody, so nothing real is charged.
    case bottega
    /// A real operator's SMS ticket: the operator's reply SMS *is* the ticket (its code and
    /// validity). Bottega composes the request, keeps the pasted reply and signs nothing.
    case operatorSMS
    /// No SMS sales: the ticket office, a machine, on board or the operator's app. Bottega sells
    /// nothing.
    case elsewhere
}

extension TransportOperator {
    /// Sample operators are run by Bottega; a real one with an SMS number answers by SMS; a real
    /// one without sells elsewhere.
    public var paymentRoute: PaymentRoute {
        if isSample { return .bottega }
        return smsNumber == nil ? .elsewhere : .operatorSMS
    }
}

extension TransportOperator {
    /// How one of its products is paid here: an SMS operator's product without an SMS keyword
    /// has no way to be paid here (its reply could never come), so it is sold elsewhere.
    public func paymentRoute(for product: TicketProduct) -> PaymentRoute {
        let route = paymentRoute
        return route == .operatorSMS && product.smsKeyword.isEmpty ? .elsewhere : route
    }
}

extension TicketCatalogue {
    /// The services of `op` that have a product it can sell here; the others are sold elsewhere.
    public func servicesSoldHere(by op: TransportOperator) -> Set<TicketService> {
        op.services.filter { service in products(operatorCode: op.code, service: service).contains { op.paymentRoute(for: $0) != .elsewhere } }
    }
}
