import Markup

/// Recognises the pages Google serves instead of Scholar content when it refuses a client.
///
/// Seen in the wild (see `google-scholar-blocked/` in the shared fixtures):
/// - the reCAPTCHA interstitial inside the normal Scholar chrome (2020, 2024): `#gs_captcha_ccl`,
///   `form#gs_captcha_f`, `#gs_captcha_c`, "Please show you're not a robot" — the 2024 one keeps
///   the "About 588.000 results" line, so a result count is no proof of success;
/// - Google's plain error page, `<title>Error 403 (Forbidden)!!1</title>` ("That's an error.");
/// - the `google.com/sorry/index` page, "Our systems have detected unusual traffic from your
///   computer network", reached by a redirect to a `/sorry/` URL;
/// - a Google Accounts sign-in page for a blocked or invalid profile.
public enum GoogleScholarBlockDetector {
    /// Why the HTML is a block page, `nil` when it is not one (or is not HTML at all).
    public static func reason(html: [UInt8]) -> String? {
        guard let document = try? MarkupDocument.html(html) else { return nil }
        return reason(in: document)
    }

    /// Why the URL a request ended at is a block page: Google redirects refused clients to `/sorry/`.
    public static func reason(forURL url: String) -> String? {
        let lowered = url.lowercased()
        if lowered.contains("/sorry/") || lowered.contains("google.com/sorry") {
            return "redirected to Google's /sorry/ page for unusual traffic"
        }
        if lowered.contains("accounts.google.com") { return signInReason }
        return nil
    }

    /// Why the parsed page is a block page, `nil` when it is not one.
    public static func reason(in document: MarkupDocument) -> String? {
        let has = { (xpath: String) in GoogleScholarMarkup.has(xpath, in: document) }
        // Structural markers first: they cannot occur in a result's title or snippet.
        // Google sends a private or unknown profile to its sign-in page; saved, that page keeps
        // a `<base>` and forms pointing at accounts.google.com (and often looks cut short).
        if has("//base[contains(@href, 'accounts.google.com')] | //form[contains(@action, 'accounts.google.com')]") {
            return signInReason
        }
        if has("//*[@id='gs_captcha_ccl' or @id='gs_captcha_f' or @id='gs_captcha_c']") {
            return "a CAPTCHA asks to show you're not a robot"
        }
        if has("//form[contains(@action, '/sorry/') or @action='index' and .//input[@name='continue']]") {
            return "Google's /sorry/ page reports unusual traffic"
        }
        if has("//*[\(XPathPredicate.hasClass("g-recaptcha"))] | //script[contains(@src, 'recaptcha')] | //iframe[contains(@src, 'recaptcha')]") {
            return "the page holds a reCAPTCHA challenge"
        }
        if let title = GoogleScholarMarkup.firstText("//title", in: document), let status = errorStatus(inTitle: title) {
            return "Google answered with an HTTP \(status) error page (\(title))"
        }
        // Phrases only count on a page without Scholar content: a paper may well be titled
        // "Detecting unusual traffic in …", and its results page is not a block page.
        guard !hasScholarContent(document) else { return nil }
        let text = (document.root?.text ?? "").lowercased()
        if text.contains("unusual traffic") { return "Google reports unusual traffic from your network" }
        if text.contains("not a robot") { return "a CAPTCHA asks to show you're not a robot" }
        if text.contains("sign in to continue to google scholar") { return "Google asks to sign in before showing this page" }
        if text.contains("that’s an error") || text.contains("that's an error") { return "Google answered with an error page" }
        return nil
    }

    static let signInReason =
        "Google sent its sign-in page (accounts.google.com) instead: the profile is private or does not exist, or Google wants a signed-in browser"

    /// The status of Google's error page title, "Error 403 (Forbidden)!!1" → 403.
    private static func errorStatus(inTitle title: String) -> Int? {
        guard title.hasPrefix("Error ") else { return nil }
        let status = title.dropFirst("Error ".count).prefix(while: { $0.isNumber })
        guard status.count == 3, let code = Int(status), code >= 400 else { return nil }
        return code
    }

    /// Results, profile rows or an article's fields: what a page Google did not block shows.
    static func hasScholarContent(_ document: MarkupDocument) -> Bool {
        GoogleScholarMarkup.has(
            "//div[\(XPathPredicate.hasClass("gs_ri"))] | //h3[\(XPathPredicate.hasClass("gs_rt"))] | //tr[\(XPathPredicate.hasClass("gsc_a_tr"))] | //*[@id='gsc_prf_in'] | //*[@id='gsc_oci_title']",
            in: document
        )
    }
}
