/// A failure the replay server can be told to produce, so the client's error handling is
/// tested over real HTTP.
public enum ReplayFault: Sendable, Equatable {
    /// Wait this long, then answer normally: longer than the client's timeout, it times out.
    case delay(Duration)
    /// A write the shop carries out at once but answers only after this long (PHP still busy
    /// after `validateOrder`): a client that times out never hears of what was made. Reads of
    /// the path are not slowed.
    case lateWriteAnswer(Duration)
    /// 500 with the error document PrestaShop makes of a PHP notice raised during the request
    /// (API-NOTES §3: `webserviceErrorHandler`, codes 2 to 15). The text is illustrative.
    case phpNotice
    /// 500 with no body at all, as when PHP dies before the webservice writes anything.
    case serverErrorWithoutBody
    /// 200 with an HTML page (a shop without URL rewriting, a maintenance page).
    case htmlPage
    /// The recorded headers and a `Content-Length` for the whole body, half the body, then the
    /// connection closes.
    case truncatedBody
    /// The whole recorded body with one byte changed, so it no longer matches `Content-Sha1`.
    case corruptedBody
    /// Any webservice error: `shopError(status: 503, code: 22, message: "…")` for a switched-off
    /// webservice, `(403, 132, …)` for a key refused on this shop.
    case shopError(status: Int, code: Int, message: String)

    /// The notice body: a real-looking message in the webservice's error document.
    static let phpNoticeMessage =
        "[PHP Notice #8] Undefined index: id_lang (/var/www/html/classes/webservice/WebserviceRequest.php, line 1421)"

    static let htmlPageBody = """
        <!DOCTYPE html>
        <html><head><title>Maintenance</title></head>
        <body><h1>We are currently updating our shop and will be back really soon.</h1></body></html>

        """
}
