import Foundation
import Testing
import TicketKit

/// The thesis's rule at its edges: month ends, leap years, semester boundaries, year end,
/// weeks that cross a month or a year, and the daylight-saving nights of Europe/Rome.
@Suite struct SubscriptionPeriodTests {
    static let rome = TimeZone(identifier: "Europe/Rome")!

    /// Local midnight of a date in Rome, and a time on that day.
    static func day(_ year: Int, _ month: Int, _ day: Int, hour: Int = 0, minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = rome
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    @Test func startingTodayCoversTheRestOfTheCurrentCalendarPeriodFromMidnight() {
        // Thursday 14 March 2024, 15:30.
        let bought = Self.day(2024, 3, 14, hour: 15, minute: 30)
        #expect(SubscriptionPeriod.week.validity(startingOn: bought, in: Self.rome) == DateInterval(start: Self.day(2024, 3, 14), end: Self.day(2024, 3, 18)))
        #expect(SubscriptionPeriod.month.validity(startingOn: bought, in: Self.rome) == DateInterval(start: Self.day(2024, 3, 14), end: Self.day(2024, 4, 1)))
        #expect(SubscriptionPeriod.semester.validity(startingOn: bought, in: Self.rome) == DateInterval(start: Self.day(2024, 3, 14), end: Self.day(2024, 7, 1)))
        #expect(SubscriptionPeriod.year.validity(startingOn: bought, in: Self.rome) == DateInterval(start: Self.day(2024, 3, 14), end: Self.day(2025, 1, 1)))
    }

    @Test func monthEndsAndLeapYears() {
        // 29 February in a leap year is the month's last day; 28 February in 2023 too.
        #expect(SubscriptionPeriod.month.validity(startingOn: Self.day(2024, 2, 29), in: Self.rome).end == Self.day(2024, 3, 1))
        #expect(SubscriptionPeriod.month.validity(startingOn: Self.day(2023, 2, 28), in: Self.rome).end == Self.day(2023, 3, 1))
        #expect(SubscriptionPeriod.month.validity(startingOn: Self.day(2024, 1, 31, hour: 23, minute: 59), in: Self.rome)
                == DateInterval(start: Self.day(2024, 1, 31), end: Self.day(2024, 2, 1)))
        #expect(SubscriptionPeriod.month.validity(startingOn: Self.day(2024, 4, 1), in: Self.rome).end == Self.day(2024, 5, 1))
    }

    @Test func semesterBoundaries() {
        #expect(SubscriptionPeriod.semester.validity(startingOn: Self.day(2024, 6, 30), in: Self.rome).end == Self.day(2024, 7, 1))
        #expect(SubscriptionPeriod.semester.validity(startingOn: Self.day(2024, 7, 1), in: Self.rome).end == Self.day(2025, 1, 1))
        #expect(SubscriptionPeriod.semester.validity(startingOn: Self.day(2024, 1, 1), in: Self.rome).end == Self.day(2024, 7, 1))
    }

    @Test func yearEndAndWeeksAcrossIt() {
        #expect(SubscriptionPeriod.year.validity(startingOn: Self.day(2024, 12, 31, hour: 22), in: Self.rome)
                == DateInterval(start: Self.day(2024, 12, 31), end: Self.day(2025, 1, 1)))
        // Tuesday 31 December 2024: its ISO week runs to Sunday 5 January 2025.
        #expect(SubscriptionPeriod.week.validity(startingOn: Self.day(2024, 12, 31), in: Self.rome).end == Self.day(2025, 1, 6))
        // A Sunday is the last day of its week.
        #expect(SubscriptionPeriod.week.validity(startingOn: Self.day(2024, 3, 17, hour: 9), in: Self.rome)
                == DateInterval(start: Self.day(2024, 3, 17), end: Self.day(2024, 3, 18)))
    }

    @Test func daylightSavingNightsKeepLocalMidnights() {
        // Clocks go forward on 31 March 2024 and back on 27 October 2024 in Rome.
        let spring = SubscriptionPeriod.week.validity(startingOn: Self.day(2024, 3, 28), in: Self.rome)
        #expect(spring.end == Self.day(2024, 4, 1))
        #expect(spring.duration == 4 * 86_400 - 3_600)
        let autumn = SubscriptionPeriod.month.validity(startingOn: Self.day(2024, 10, 27), in: Self.rome)
        #expect(autumn.end == Self.day(2024, 11, 1))
        #expect(autumn.duration == 5 * 86_400 + 3_600)
    }
}
