import ShopKit
import Testing

/// The thesis's under-18 registration rule as a configurable minimum age.
struct LoginAgeRuleTests {
    let today = ShopDate(year: 2026, month: 11, day: 26)

    @Test func eighteenOnTheBirthdayNotTheDayBefore() throws {
        let rule = RegistrationAgeRule()
        #expect(rule.minimumAge == 18)
        try rule.check(birthday: ShopDate(year: 2008, month: 11, day: 26), today: today)
        try rule.check(birthday: ShopDate(year: 2008, month: 11, day: 25), today: today)
        #expect(throws: LoginError.tooYoung(minimumAge: 18, age: 17)) {
            try rule.check(birthday: ShopDate(year: 2008, month: 11, day: 27), today: today)
        }
        #expect(throws: LoginError.tooYoung(minimumAge: 18, age: 17)) {
            try rule.check(birthday: ShopDate(year: 2008, month: 12, day: 1), today: today)
        }
    }

    @Test func configurableAndOff() throws {
        #expect(throws: LoginError.tooYoung(minimumAge: 21, age: 20)) {
            try RegistrationAgeRule(minimumAge: 21).check(birthday: ShopDate(year: 2006, month: 1, day: 1), today: today)
        }
        try RegistrationAgeRule(minimumAge: 16).check(birthday: ShopDate(year: 2010, month: 11, day: 26), today: today)
        // 0 turns the rule off, even for a newborn.
        try RegistrationAgeRule(minimumAge: 0).check(birthday: today, today: today)
    }

    @Test func leapDayBirthdaysAndFutureDates() throws {
        // Born 29 February 2008: in 2026 (no 29 February) the birthday is on 1 March.
        let leap = ShopDate(year: 2008, month: 2, day: 29)
        #expect(RegistrationAgeRule.age(birthday: leap, on: ShopDate(year: 2026, month: 2, day: 28)) == 17)
        #expect(RegistrationAgeRule.age(birthday: leap, on: ShopDate(year: 2026, month: 3, day: 1)) == 18)
        #expect(throws: LoginError.birthdayInFuture(ShopDate(year: 2027, month: 1, day: 1))) {
            try RegistrationAgeRule().check(birthday: ShopDate(year: 2027, month: 1, day: 1), today: today)
        }
    }
}
