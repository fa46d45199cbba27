/// The three services of the Padova thesis's ticket app; an operator offers some of them and
/// the app enables a service's button only if it does.
public enum TicketService: String, Sendable, Hashable, Codable, CaseIterable {
    /// One or more ride tickets, valid at once from the purchase (the SMS ticket's model).
    case single
    /// Ride tickets (or carnets) bought ahead, each activated later when the ride starts.
    case multiple
    /// A pass for a calendar week, month, semester or year.
    case subscription

    /// The button's label.
    public var title: String {
        switch self {
        case .single: "Single ticket"
        case .multiple: "Multiple tickets"
        case .subscription: "Subscription"
        }
    }
}
