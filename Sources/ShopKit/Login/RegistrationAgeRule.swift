/// The thesis's registration rule, refusing customers under 18, as a setting: the minimum age
/// in whole years (default 18; 0 turns the rule off).
public struct RegistrationAgeRule: Sendable, Equatable {
    public let minimumAge: Int

    public init(minimumAge: Int = 18) {
        self.minimumAge = max(0, minimumAge)
    }

    /// Throws when a customer born on `birthday` is younger than ``minimumAge`` on `today`.
    /// The birthday itself counts: born 2008-11-26 is 18 on 2026-11-26. Someone born on
    /// 29 February has their birthday on 1 March in other years.
    public func check(birthday: ShopDate, today: ShopDate) throws(LoginError) {
        guard minimumAge > 0 else { return }
        guard birthday <= today else { throw .birthdayInFuture(birthday) }
        let age = Self.age(birthday: birthday, on: today)
        guard age >= minimumAge else { throw .tooYoung(minimumAge: minimumAge, age: age) }
    }

    /// Whole years from `birthday` to `day`.
    public static func age(birthday: ShopDate, on day: ShopDate) -> Int {
        let hadBirthday = (day.month, day.day) >= (birthday.month, birthday.day)
        return day.year - birthday.year - (hadBirthday ? 0 : 1)
    }
}
