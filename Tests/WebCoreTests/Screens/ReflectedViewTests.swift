import Foundation
import Mustache
import Testing
@testable import WebCore

/// `ReflectedView` must render every template exactly as swift-mustache's own reading of the
/// plain value does: the library itself is the oracle.
@Suite struct ReflectedViewTests {
    enum Shade: String { case light, dark }

    struct Tag { let label: String; let note: String? }

    struct Row {
        let id: Int64
        let title: String
        let excluded: Bool
        let citations: Int?
        let venue: String?
        let tags: [Tag]
        let shade: Shade
        let share: Double
    }

    final class Owner { let name = "Waldo Tobler"; let homepage: URL? = URL(string: "https://example.edu/~tobler") }

    struct Page {
        let title: String
        let searchID: Int
        let rows: [Row]
        let empty: [Row]
        let words: [String]
        let owner: Owner
        let counts: [String: Int]
        let day: Date
        let missing: Row?
        let present: Tag?
    }

    static var page: Page {
        Page(
        title: "Publications <&>", searchID: 7,
        rows: [
            Row(id: 1, title: "A computer movie", excluded: false, citations: 6_050, venue: "Economic Geography",
                tags: [Tag(label: "g-core", note: nil), Tag(label: "merged", note: "2 versions")], shade: .dark, share: 0.25),
            Row(id: 2, title: "Smooth pycnophylactic interpolation", excluded: true, citations: nil, venue: nil, tags: [], shade: .light, share: 0),
        ],
        empty: [], words: ["pear", "apple", "fig"], owner: Owner(), counts: ["kept": 2],
        day: Date(timeIntervalSince1970: 1_700_000_000), missing: nil, present: Tag(label: "shown", note: nil))
    }

    /// Sections, inverted sections, optionals present and absent, names found further up the
    /// stack (`searchID` inside a row), nested lists, a class, an enum, a date, a dictionary,
    /// transforms on a list and on text, `{{.}}` and dotted names.
    static let template = """
        <h1>{{title}}</h1>{{{title}}}
        {{#rows}}<li id="{{id}}" data-search="{{searchID}}">{{title}}{{#excluded}} (excluded){{/excluded}}\
        {{#citations}} cited {{.}}{{/citations}}{{^citations}} no count{{/citations}}{{venue}}\
        {{#tags}}[{{label}}{{#note}}: {{note}}{{/note}}{{title}}]{{/tags}}{{^tags}}no tags{{/tags}} {{shade}} {{share}}\
        {{#first}}first{{/first}}{{#last}}last{{/last}} {{index}}</li>{{/rows}}
        {{^empty}}nothing here{{title}}{{/empty}}{{#empty}}never{{/empty}}
        {{#sorted(words)}}{{.}},{{/sorted(words)}} {{count(rows)}} {{uppercased(title)}} {{#reversed(rows)}}{{id}}{{/reversed(rows)}} {{#first(rows)}}{{title}}{{/first(rows)}} {{empty(empty)}}
        {{owner.name}} {{owner.homepage}} {{#owner}}{{name}}{{/owner}} {{counts.kept}} {{day}}
        {{#missing}}never{{/missing}}{{^missing}}no missing row{{/missing}} {{#present}}{{label}}{{note}}{{/present}} {{present.label}}
        {{rows}}
        """

    @Test func rendersAsMustacheReadsThePlainValue() throws {
        let template = try MustacheTemplate(string: Self.template)
        let plain = template.render(Self.page)
        let reflected = template.render(ReflectedView.wrap(Self.page))
        #expect(reflected == plain)
        // The oracle is not empty-handed: the values are there.
        // A tag has no title: `{{title}}` inside it climbs to the row's.
        #expect(plain.contains(#"<li id="1" data-search="7">A computer movie cited 6050Economic Geography[g-coreA computer movie][merged: 2 versionsA computer movie]"#))
        #expect(plain.contains("apple,fig,pear, 2 PUBLICATIONS &lt;&amp;&gt;"))
    }

    @Test func textAndNumbersAndTheirListsPassThroughUnboxed() {
        #expect(ReflectedView.wrap("text") is String)
        #expect(ReflectedView.wrap(3) is Int)
        #expect(ReflectedView.wrap(["b", "a"]) is [String])
        #expect(ReflectedView.wrap(["kept": 1]) is [String: Int])
        #expect(ReflectedView.wrap(Self.page) is ReflectedView)
        #expect(ReflectedView.wrap(Self.page.rows) is ReflectedList)
    }
}
