import Foundation
import Testing
import TicketKit

struct CalendarDayTests {
    let rome = TimeZone(identifier: "Europe/Rome")!

    @Test func aDayStartsAtTheOperatorsMidnight() throws {
        let start = try #require(CalendarDay.date("2026-03-29", in: rome))
        // 29 March 2026 is the day Italy moves to summer time; midnight is still +01:00.
        #expect(start == Date(timeIntervalSince1970: 1_774_738_800))
        #expect(CalendarDay.text(start, in: rome) == "2026-03-29")
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-2-3", "26-02-03", "2026-02-03T00:00", "", "tomorrow"])
    func notARealDateIsRefused(_ text: String) {
        #expect(CalendarDay.date(text, in: rome) == nil)
    }

    @Test func leapDayIsADateInALeapYear() {
        #expect(CalendarDay.date("2028-02-29", in: rome) != nil)
    }
}
