import Credentials
import Foundation
import Hummingbird
import HummingbirdTesting
import Mustache
import Testing
import TicketKit
@testable import TicketsWeb
@testable import WebCore
import WebTestSupport

/// My tickets renders each row once per change of its view and keeps it (issue 44). The oracle
/// is swift-mustache itself rendering the list as the page used to: the row partial inside
/// `{{#tickets}}`, over the same tickets, on the first request, on a repeated one (rows kept),
/// and after a ride is validated (its row changes, the others are kept).
@Suite struct MyTicketsRowsTests {
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/TicketsWeb/Resources/templates/tickets").standardizedFileURL

    /// The `<ul class="tickets">` as swift-mustache renders the list of these tickets.
    static func expectedList(_ tickets: [IssuedTicket], store: TicketStore) throws -> String {
        var library = MustacheLibrary()
        try library.register(String(contentsOf: templates.appendingPathComponent("ticket.mustache"), encoding: .utf8), named: "tickets/ticket")
        try library.register("<ul class=\"tickets\">{{#tickets}}{{> tickets/ticket}}{{/tickets}}</ul>", named: "list")
        let catalogue = try store.catalogue()
        struct Page { let tickets: [TicketView] }
        // The zone from the whole catalogue, as the page used to read it.
        let views = tickets.map { ticket in
            TicketView(ticket, timeZone: catalogue.operator(code: ticket.operatorCode).flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(identifier: "Europe/Rome")!)
        }
        return try #require(library.render(Page(tickets: views), withTemplate: "list"))
    }

    static func shownList(_ page: String) throws -> String {
        let start = try #require(page.range(of: "<ul class=\"tickets\">"))
        let end = try #require(page.range(of: "</ul>", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }

    /// An active ride's time left ("1:29:59") is of the instant its view was made, which the
    /// page and the expected list cannot share: it is compared as a time, not to the second.
    static func sansSeconds(_ list: String) -> String {
        list.replacingOccurrences(of: #"role="timer">\d+:\d\d:\d\d<"#, with: #"role="timer">h:mm:ss<"#, options: .regularExpression)
    }

    @Test func theRowsAreWhatTheRowTemplateRendersAndChangeWithTheirTicket() async throws {
        try await withBottegaApp { client, stores in
            let pick = try TicketTestCatalogue(stores)
            let op = try pick.fullOperator()
            let ride = try #require(pick.rides(of: op, as: .multiple).first)
            var jar = CookieJar()
            let rides = try await client.execute(uri: "/tickets/purchases", method: .post, headers: .form(), body: formBody([
                ("operator", op.code), ("service", "multiple"), ("qty_\(ride.code)", "3"),
            ]))
            jar.take(rides)
            _ = try await TicketTestCatalogue.pay(client, purchase: try #require(Int(rides.headers[.location]?.split(separator: "/").last ?? "")))
            if let pass = pick.passes(of: op).first {
                let today = CalendarDay.text(Date(), in: TimeZone(identifier: op.timeZone) ?? .current)
                let bought = try await client.execute(uri: "/tickets/purchases", method: .post, headers: .form(jar.header), body: formBody([
                    ("operator", op.code), ("service", "subscription"), ("product", pass.code), ("start", today), ("holder", "Anna <Bellè> & Co"),
                ]))
                _ = try await TicketTestCatalogue.pay(client, purchase: try #require(Int(bought.headers[.location]?.split(separator: "/").last ?? "")))
            }
            let owner = "device:\(SessionToken.digest(try #require(jar.values["bottega_device"])))"
            let issued = try stores.tickets.tickets(owner: owner)
            #expect(issued.count >= 3)

            let first = try await client.execute(uri: "/tickets/mine", method: .get, headers: jar.header)
            #expect(try Self.shownList(first.text) == (try Self.expectedList(issued, store: stores.tickets)))
            #expect(first.text.contains("Anna &lt;Bellè&gt; &amp; Co") || pick.passes(of: op).isEmpty, "the holder escaped once, in the row")
            let again = try await client.execute(uri: "/tickets/mine", method: .get, headers: jar.header)
            #expect(again.text == first.text, "the kept rows are the rows")

            let unused = try #require(issued.first { $0.state == .unused })
            let activated = try await client.execute(uri: "/tickets/mine/\(unused.id)/activate", method: .post, headers: jar.header)
            #expect(activated.status == .seeOther)
            let after = try await client.execute(uri: "/tickets/mine", method: .get, headers: jar.header)
            let now = try stores.tickets.tickets(owner: owner)
            #expect(now.first { $0.id == unused.id }?.state == .active)
            let shown = try Self.shownList(after.text)
            #expect(shown.range(of: #"role="timer">\d+:\d\d:\d\d<"#, options: .regularExpression) != nil, "the validated ride counts down")
            #expect(Self.sansSeconds(shown) == Self.sansSeconds(try Self.expectedList(now, store: stores.tickets)))
            #expect(after.text.components(separatedBy: "Validate on boarding").count == first.text.components(separatedBy: "Validate on boarding").count - 1)
        }
    }

    @Test func aKeptRowIsRenderedOnceAndTheMemoStartsAfreshPastItsCapacity() {
        let rows = RenderedRows<Int>(capacity: 3)
        var rendered: [Int] = []
        let render: (Int) -> String = { rendered.append($0); return "<li>\($0)</li>" }
        #expect(rows.rows([1, 2, 1], render: render) == ["<li>1</li>", "<li>2</li>", "<li>1</li>"])
        #expect(rendered == [1, 2], "a view twice in one list is rendered once")
        #expect(rows.rows([2, 1], render: render) == ["<li>2</li>", "<li>1</li>"])
        #expect(rendered == [1, 2], "kept")
        #expect(rows.rows([3, 4], render: render) == ["<li>3</li>", "<li>4</li>"])
        #expect(rendered == [1, 2, 3, 4])
        #expect(rows.rows([1], render: render) == ["<li>1</li>"])
        #expect(rendered == [1, 2, 3, 4, 1], "four rows overflowed three: the memo started afresh")
    }
}
