/// Resource (list wrapper) names and their record element names (API-NOTES §11).
enum ResourceName {
    /// Wrappers whose item is not the plain singular.
    private static let irregular: [String: String] = [
        "content_management_system": "content",
        "addresses": "address",
        "taxes": "tax",
        "order_slip": "order_slip",
        "search": "search",
    ]

    /// `categories` → `category`, `order_histories` → `order_history`, `products` → `product`.
    static func singular(of wrapper: String) -> String {
        if let known = irregular[wrapper] { return known }
        if wrapper.hasSuffix("ies") { return String(wrapper.dropLast(3)) + "y" }
        if wrapper.hasSuffix("sses") || wrapper.hasSuffix("xes") { return String(wrapper.dropLast(2)) }
        if wrapper.hasSuffix("s") { return String(wrapper.dropLast()) }
        return wrapper
    }
}
