import Hummingbird

/// Renders an app's screens and its failures with the shared layout; the navigation bar links
/// the app's own screens.
struct Screens: Sendable {
    let templates: Templates
    /// The links in the bar, e.g. Scan · History · Profile.
    let navigation: [NavigationLink]
    /// Where an error page's "Back" goes.
    let home: String

    struct NavigationLink: Sendable {
        let label: String
        let href: String
    }

    /// `values` merged with the bar's links; templates read `{{title}}` and their own keys.
    func page(_ name: String, _ values: [String: Any], status: HTTPResponse.Status = .ok) -> HTML {
        var context = values
        context["nav"] = ["links": navigation.map { ["label": $0.label, "href": $0.href] }]
        return HTML(text: templates.render(name, context), status: status)
    }

    func failure(_ status: HTTPResponse.Status, _ message: String, back: String? = nil) -> ScreenError {
        let heading = switch status {
        case .notFound: "Not found"
        case .forbidden, .unauthorized: "Not allowed"
        default: "That cannot be done"
        }
        var context: [String: Any] = ["title": heading, "heading": heading, "message": message, "back": back ?? home]
        context["nav"] = ["links": navigation.map { ["label": $0.label, "href": $0.href] }]
        return ScreenError(status: status, html: templates.render("error", context))
    }
}
