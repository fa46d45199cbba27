import Hummingbird
import Mustache

/// Renders an app's screens and its failures with the shared layout; the navigation bar links
/// the app's own screens.
package struct Screens: Sendable {
    package init(templates: Templates, navigation: [NavigationLink], home: String, offline: OfflineApp.Links? = nil) {
        self.templates = templates
        self.navigation = navigation
        self.home = home
        self.offline = offline
    }

    package let templates: Templates
    /// The links in the bar, e.g. Scan · History · Profile.
    package let navigation: [NavigationLink]
    /// Where an error page's "Back" goes.
    package let home: String
    /// The app's manifest and service worker, when the browser may keep it for use offline.
    package let offline: OfflineApp.Links?

    package struct NavigationLink: Sendable, Encodable {
        package init(label: String, href: String) {
            self.label = label
            self.href = href
        }

        package let label: String
        package let href: String
    }

    /// `view` (a typed view, or a dictionary) with the bar's links beside it; templates read
    /// `{{title}}`, `{{nav}}` and the view's own keys.
    package func page(_ name: String, _ view: Any, status: HTTPResponse.Status = .ok) -> HTML {
        HTML(text: render(name, view), status: status)
    }

    /// The same as text, for a page written in parts (a list that streams in).
    package func render(_ name: String, _ view: Any) -> String {
        templates.render(name, ScreenContext(view: ReflectedView.wrap(view), navigation: navigationContext, offline: offline))
    }

    private var navigationContext: NavigationView { NavigationView(links: navigation) }

    package struct NavigationView: Encodable {
        package init(links: [NavigationLink]) {
            self.links = links
        }

        package let links: [NavigationLink]
    }

    package func failure(_ status: HTTPResponse.Status, _ message: String, back: String? = nil) -> ScreenError {
        failure(status, ErrorPage(status: status, message: message, back: back ?? home))
    }

    /// An error screen worded by the app (the shop names its own gateway failures).
    package func failure(_ status: HTTPResponse.Status, _ page: ErrorPage) -> ScreenError {
        ScreenError(status: status, html: render("error", page))
    }
}

/// What a template renders: the screen's view, and `nav` beside it, whatever the view's type.
private struct ScreenContext: MustacheParent {
    let view: Any
    let navigation: Screens.NavigationView
    let offline: OfflineApp.Links?

    func child(named name: String) -> Any? {
        if name == "nav" { return ReflectedView.wrap(navigation) }
        if name == "offline" { return offline.map(ReflectedView.wrap) }
        if let parent = view as? MustacheParent { return parent.child(named: name) }
        guard let value = Mirror(reflecting: view).children.first(where: { $0.label == name })?.value else { return nil }
        // As Mustache reads a property itself: an optional is its value, or nothing.
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}
