import Foundation

/// The one rule for a link Bottega renders from stored third-party data (a publication's URL and
/// its citing papers, an operator's website): offered only when it is an http(s) address.
/// An imported list or a form can store anything, and `javascript:alert(1)` behind "Open the
/// publication" runs in Bottega's origin when clicked (the CSP stops inline script in most
/// browsers, not in all); `data:` and `file:` links are no better.
///
/// Browsers drop leading spaces and control characters and every tab and line break inside a
/// URL before reading its scheme, so ` javascript:…` and `java\tscript:…` are scripts to them:
/// the text is accepted only if, trimmed, it starts with `http://` or `https://` (any case) and
/// holds no whitespace or control character at all.
package enum StoredLink {
    /// `text` trimmed, when it is an http(s) URL with a host; `nil` otherwise (no link is shown).
    package static func href(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        let lowered = trimmed.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.isWhitespace }) else { return nil }
        guard let url = URL(string: trimmed), let host = url.host, !host.isEmpty else { return nil }
        return trimmed
    }
}
