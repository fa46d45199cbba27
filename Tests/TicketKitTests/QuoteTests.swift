import Amounts
import Foundation
import Testing
import TicketKit

/// Pricing a purchase: totals in exact money, each line's validity, and every refusal with
/// the line it concerns.
@Suite struct QuoteTests {
    let catalogue = TestCatalogue.catalogue
    /// Thursday 14 March 2024, 15:30:20.7 in Padova.
    let now = Rome.day(2024, 3, 14, hour: 15, minute: 30, second: 20).addingTimeInterval(0.7)

    func quote(_ service: TicketService, _ lines: [(String, Int)], operator code: String = "BUS-PD", start: Date? = nil) throws(PurchaseError) -> Quote {
        try catalogue.quote(
            PurchaseRequest(operatorCode: code, service: service, lines: lines.map { PurchaseLine(productCode: $0.0, quantity: $0.1) }, start: start),
            at: now)
    }

    @Test func totalsAreExactSumsOfQuantityTimesPrice() throws {
        // 3 × €1.70 + 2 × €4.50 = €5.10 + €9.00, worked out by hand.
        let multiple = try quote(.multiple, [("BUS-PD-90", 3), ("BUS-PD-CARNET3", 2)])
        #expect(multiple.lines.map(\.lineTotal) == [Money("5.10"), Money("9.00")])
        #expect(multiple.lines.map(\.unitPrice) == [Money("1.70"), Money("4.50")])
        #expect(multiple.total == Money("14.10"))
        #expect(multiple.lines.map(\.ticketCount) == [3, 6])
        #expect(multiple.operator.code == "BUS-PD")
        #expect(try quote(.single, [("BUS-PD-90", 20)]).total == Money("34.00"))
    }

    @Test func singleRidesAreValidFromTheWholeSecondOfPurchaseForTheirMinutes() throws {
        let line = try #require(try quote(.single, [("BUS-PD-90", 2)]).lines.first)
        let bought = Rome.day(2024, 3, 14, hour: 15, minute: 30, second: 20)
        #expect(line.validity == DateInterval(start: bought, end: Rome.day(2024, 3, 14, hour: 17, minute: 0, second: 20)))
    }

    @Test func multipleRidesHaveNoValidityUntilActivated() throws {
        #expect(try quote(.multiple, [("BUS-PD-90", 2)]).lines.allSatisfy { $0.validity == nil })
    }

    /// Issue 39: a month pass bought on 31 December cost the month's price for one day, with no
    /// word of it. December has 31 days, worked out by hand; a pass from the 1st covers them all.
    @Test func aPassThatCoversPartOfItsPeriodSaysSo() throws {
        let catalogue = TestCatalogue.catalogue
        func month(startingOn day: Date) throws -> QuotedLine {
            try #require(try catalogue.quote(
                PurchaseRequest(operatorCode: "BUS-PD", service: .subscription, lines: [PurchaseLine(productCode: "BUS-PD-MONTH", quantity: 1)], start: day, holder: "Anna"),
                at: Rome.day(2026, 12, 31, hour: 9)).lines.first)
        }
        let lastDay = try month(startingOn: Rome.day(2026, 12, 31))
        #expect(lastDay.partialPeriod == QuotedLine.PartialPeriod(coveredDays: 1, periodDays: 31, nextPeriodStarts: "2027-01-01"))
        #expect(try month(startingOn: Rome.day(2027, 1, 1)).partialPeriod == nil)
    }

    @Test func aPassCoversTheCalendarPeriodOfItsStartDay() throws {
        let today = try #require(try quote(.subscription, [("BUS-PD-MONTH", 1)]).lines.first)
        #expect(today.validity == DateInterval(start: Rome.day(2024, 3, 14), end: Rome.day(2024, 4, 1)))
        let later = try #require(try quote(.subscription, [("BUS-PD-YEAR", 1)], start: Rome.day(2024, 12, 31, hour: 9)).lines.first)
        #expect(later.validity == DateInterval(start: Rome.day(2024, 12, 31), end: Rome.day(2025, 1, 1)))
    }

    @Test func theStartDayMayBeTodayUpTo366DaysAhead() throws {
        // Earlier today (midnight) is still today; 14 March 2025 is 365 days on, 15 March 2025 is 366.
        #expect(throws: Never.self) { try quote(.subscription, [("BUS-PD-MONTH", 1)], start: Rome.day(2024, 3, 14)) }
        #expect(throws: Never.self) { try quote(.subscription, [("BUS-PD-MONTH", 1)], start: Rome.day(2025, 3, 15, hour: 23)) }
        #expect(throws: PurchaseError.startInPast(day: "2024-03-13", today: "2024-03-14")) {
            try quote(.subscription, [("BUS-PD-MONTH", 1)], start: Rome.day(2024, 3, 13, hour: 23, minute: 59))
        }
        #expect(throws: PurchaseError.startTooFarAhead(day: "2025-03-16", latest: "2025-03-15")) {
            try quote(.subscription, [("BUS-PD-MONTH", 1)], start: Rome.day(2025, 3, 16))
        }
    }

    @Test func quantitiesOutside1To20AreRefusedNamingTheLineAndBounds() {
        for quantity in [0, -1, 21, 1000] {
            let expected = PurchaseError.quantityOutOfRange(line: 2, productCode: "BUS-PD-CARNET3", quantity: quantity, allowed: 1...20)
            #expect(throws: expected) { try quote(.multiple, [("BUS-PD-90", 1), ("BUS-PD-CARNET3", quantity)]) }
        }
        let message = PurchaseError.quantityOutOfRange(line: 2, productCode: "BUS-PD-90", quantity: 1000, allowed: 1...20).errorDescription
        #expect(message == "line 2 (BUS-PD-90): quantity 1000 is outside 1…20")
    }

    @Test func everyOtherRefusalHasItsError() {
        #expect(throws: PurchaseError.unknownOperator("NOPE")) { try quote(.single, [("BUS-PD-90", 1)], operator: "NOPE") }
        #expect(throws: PurchaseError.noLines) { try quote(.single, []) }
        #expect(throws: PurchaseError.unknownProduct(line: 1, productCode: "BUS-PD-2")) { try quote(.single, [("BUS-PD-2", 1)]) }
        #expect(throws: PurchaseError.productOfAnotherOperator(line: 2, productCode: "BOAT-VE-75", productOperator: "BOAT-VE", requestedOperator: "BUS-PD")) {
            try quote(.single, [("BUS-PD-90", 1), ("BOAT-VE-75", 1)])
        }
        #expect(throws: PurchaseError.serviceNotOffered(operatorCode: "BOAT-VE", service: .subscription)) {
            try quote(.subscription, [("BOAT-VE-75", 1)], operator: "BOAT-VE")
        }
        #expect(throws: PurchaseError.productNotForService(line: 1, productCode: "BUS-PD-MONTH", service: .multiple)) {
            try quote(.multiple, [("BUS-PD-MONTH", 1)])
        }
        #expect(throws: PurchaseError.productNotForService(line: 1, productCode: "BUS-PD-CARNET3", service: .single)) {
            try quote(.single, [("BUS-PD-CARNET3", 1)])
        }
        #expect(throws: PurchaseError.productNotForService(line: 1, productCode: "BUS-PD-90", service: .subscription)) {
            try quote(.subscription, [("BUS-PD-90", 1)])
        }
        #expect(throws: PurchaseError.subscriptionQuantity(line: 1, productCode: "BUS-PD-MONTH", quantity: 2)) {
            try quote(.subscription, [("BUS-PD-MONTH", 2)])
        }
        #expect(throws: PurchaseError.duplicateProduct(productCode: "BUS-PD-90", lines: [1, 3])) {
            try quote(.multiple, [("BUS-PD-90", 1), ("BUS-PD-CARNET3", 1), ("BUS-PD-90", 2)])
        }
    }

    @Test func errorsHaveStableCodesAndSayWhatToDo() {
        #expect(PurchaseError.serviceNotOffered(operatorCode: "BOAT-VE", service: .subscription).code == "service not offered")
        #expect(PurchaseError.quantityOutOfRange(line: 1, productCode: "X", quantity: 0, allowed: 1...20).code == "quantity out of range")
        #expect(PurchaseError.duplicateProduct(productCode: "BUS-PD-90", lines: [1, 3]).errorDescription
                == "BUS-PD-90 is on lines 1 and 3: put it on one line with the total quantity")
        #expect(PurchaseError.startInPast(day: "2024-03-13", today: "2024-03-14").errorDescription
                == "the start day 2024-03-13 is in the past: choose 2024-03-14 or later")
    }
}
