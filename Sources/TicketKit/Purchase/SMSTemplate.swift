import Foundation

/// An operator's SMS syntax: text with `{keyword}`, `{quantity}`, `{start}` and `{period}`.
enum SMSTemplate {
    static let placeholders: Set<String> = ["keyword", "quantity", "start", "period"]
    /// One SMS in the GSM 7-bit alphabet (3GPP TS 23.038); longer texts are split by the
    /// phone, and operators' gateways expect one message.
    static let maximumLength = 160

    /// What is wrong with `template`, or nil if it can be used.
    static func problem(in template: String) -> String? {
        if CatalogueRules.isBlank(template) { return "it is empty: the simplest is {keyword}" }
        if template.count > maximumLength { return "it is longer than one SMS (\(maximumLength) characters)" }
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{" else { return "a } has no matching {" }
            guard let close = rest[open...].firstIndex(of: "}") else { return "a { is not closed" }
            let name = String(rest[rest.index(after: open)..<close])
            guard placeholders.contains(name) else {
                return "{\(name)} is not a placeholder: use {keyword}, {quantity}, {start} or {period}"
            }
            names.append(name)
            rest = rest[rest.index(after: close)...]
        }
        if !names.contains("keyword") { return "it needs {keyword}, which says which product is bought" }
        return nil
    }

    /// The template with each placeholder replaced in one pass (a value is never read as a
    /// placeholder); runs of spaces (left by an empty `{period}` on a ride) become one, and the
    /// ends are trimmed.
    static func render(_ template: String, values: [String: String]) -> String {
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            text += values[name] ?? "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    static func mentionsQuantity(_ template: String) -> Bool { template.contains("{quantity}") }
}
