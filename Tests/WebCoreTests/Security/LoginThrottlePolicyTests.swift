@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import Testing

/// Issue 36: the throttle treated an address as a person. One wrong guess a second at random
/// nicknames from 127.0.0.1 locked the real user out (76 of 78 right passwords over 240 s got
/// 429), while 1,000 guesses at one account from 200 addresses were all answered 401. Every
/// scenario runs on a clock moved by hand, in steps that are exact binary fractions, so that each
/// count below is the one worked out in its comment.
@Suite struct LoginThrottlePolicyTests {
    /// Runs one attempt as a log-in does: 429 while closed, else counted as `right` says.
    /// Answers the status the client would see.
    @discardableResult
    static func attempt(_ throttle: LoginThrottle, _ attempt: LoginAttempt, right: Bool) async throws -> Int {
        do {
            try await throttle.check(attempt)
        } catch is TooManyAttempts {
            return 429
        }
        if right { try await throttle.succeeded(attempt) } else { try await throttle.failed(attempt) }
        return right ? 200 : 401
    }

    @Test func oneGuessASecondAtRandomNamesFromTheOwnersAddressLeavesTheOwnerIn() async throws {
        let clock = ManualClock()
        let throttle = LoginThrottle(now: clock.now)
        let owner = LoginAttempt(scope: "wallet", account: "ada", source: "127.0.0.1")
        // Ada has logged in from here before (she signed up and logged in).
        #expect(try await Self.attempt(throttle, owner, right: true) == 200)
        var ownerAnswers: [Int] = []
        var guesserAnswers: [Int] = []
        for second in 0..<240 {
            let name = "guess-\(second)-\(UUID().uuidString.prefix(8))"
            guesserAnswers.append(try await Self.attempt(throttle, LoginAttempt(scope: "wallet", account: name, source: "127.0.0.1"), right: false))
            if second % 3 == 1 { ownerAnswers.append(try await Self.attempt(throttle, owner, right: true)) }
            clock.advance(by: 1)
        }
        // Every one of her 80 log-ins got in.
        #expect(ownerAnswers.count == 80)
        #expect(ownerAnswers.allSatisfy { $0 == 200 }, "\(ownerAnswers.filter { $0 != 200 }.count) of 80 refused")
        // The guesser was slowed all the same: the first 6 guesses were answered (5 free, the 6th
        // closing the address for 1 s), then one each time its door opened: at 6, 8, 12, 20, 36,
        // 68 and 132 s (waits 1, 2, 4 … 64 s; the last, 128 s, runs past the end).
        #expect(guesserAnswers.filter { $0 == 401 }.count == 13)
        #expect(guesserAnswers.filter { $0 == 429 }.count == 227)
    }

    @Test func guessesAtOneAccountFromTwoHundredAddressesEndIn429() async throws {
        let clock = ManualClock()
        let throttle = LoginThrottle(now: clock.now)
        // Ada logs in from home; the guessers never have.
        let home = LoginAttempt(scope: "wallet", account: "ada", source: "192.0.2.10")
        #expect(try await Self.attempt(throttle, home, right: true) == 200)
        var answers: [Int] = []
        var homeDuringTheAttack: [Int] = []
        for guess in 0..<1_000 {
            let source = "10.0.\(guess % 200 / 100).\(guess % 100)"
            answers.append(try await Self.attempt(throttle, LoginAttempt(scope: "wallet", account: "ada", source: source), right: false))
            if guess % 100 == 50 { homeDuringTheAttack.append(try await Self.attempt(throttle, home, right: true)) }
            clock.advance(by: 0.125)  // 8 guesses a second, 125 s in all
        }
        // Guesses 1–5 are free; the 6th (0.625 s) closes the account for 1 s; each time the door
        // opens one more guess is answered and doubles the wait: at 1.625, 3.625, 7.625, 15.625,
        // 31.625 and 63.625 s; the next opening (127.625 s) is after the last guess.
        #expect(answers.filter { $0 == 401 }.count == 12)
        #expect(answers.filter { $0 == 429 }.count == 988)
        #expect(answers.suffix(400).allSatisfy { $0 == 429 })
        // Meanwhile Ada, from the address she logs in from, got in every time.
        #expect(homeDuringTheAttack == Array(repeating: 200, count: 10))
    }

    @Test func theRightPasswordFromANewAddressGetsInOnceItsWaitHasElapsed() async throws {
        let clock = ManualClock()
        let throttle = LoginThrottle(now: clock.now)
        for guess in 0..<8 {
            try await Self.attempt(throttle, LoginAttempt(scope: "wallet", account: "ada", source: "10.0.0.\(guess)"), right: false)
        }
        // 8 wrong: the 6th closed the account for 1 s, and the 7th and 8th, made at once, were
        // refused without counting.
        let travelling = LoginAttempt(scope: "wallet", account: "ada", source: "198.51.100.7")
        await #expect(throws: TooManyAttempts(wait: 1)) { try await throttle.check(travelling) }
        clock.advance(by: 1)
        #expect(try await Self.attempt(throttle, travelling, right: true) == 200)
        // From there on that address is hers: more guesses at her account do not close it to her.
        for guess in 0..<20 {
            clock.advance(by: 0.5)
            try await Self.attempt(throttle, LoginAttempt(scope: "wallet", account: "ada", source: "10.0.1.\(guess)"), right: false)
        }
        #expect(try await Self.attempt(throttle, travelling, right: true) == 200)
        await #expect(throws: TooManyAttempts.self) { try await throttle.check(LoginAttempt(scope: "wallet", account: "ada", source: "203.0.113.1")) }
    }

    @Test func anIPv6Slash64IsOneAddress() async throws {
        #expect(try #require(IPAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).clientNetwork == "2001:db8:1:2::/64")
        #expect(try #require(IPAddress("2001:DB8:1:2::1")).clientNetwork == "2001:db8:1:2::/64")
        #expect(try #require(IPAddress("::ffff:192.0.2.1")).clientNetwork == "192.0.2.1")
        #expect(try #require(IPAddress("192.0.2.1")).clientNetwork == "192.0.2.1")
        #expect(IPAddress("bottega.example.com") == nil && IPAddress("192.0.2.1:80") == nil && IPAddress("") == nil)

        let clock = ManualClock()
        let throttle = LoginThrottle(now: clock.now)
        func from(_ address: String, _ name: String) -> LoginAttempt {
            LoginAttempt(scope: "wallet", account: name, source: IPAddress(address)?.clientNetwork ?? address)
        }
        // Six wrong guesses at six names, each from another address of one /64.
        for host in 1...6 { try await Self.attempt(throttle, from("2001:db8:1:2::\(host)", "name\(host)"), right: false) }
        await #expect(throws: TooManyAttempts(wait: 1)) { try await throttle.check(from("2001:db8:1:2:ffff::7", "name7")) }
        await #expect(throws: Never.self) { try await throttle.check(from("2001:db8:1:3::7", "name7")) }
    }

    @Test func theOwnersTyposAreForgottenAtTheRightPasswordButAnAttacksCountIsNot() async throws {
        let clock = ManualClock()
        let throttle = LoginThrottle(now: clock.now)
        let typing = LoginAttempt(scope: "shop", account: "Ada@Example.org", source: "192.0.2.10")
        for _ in 1...4 { try await throttle.failed(typing) }
        try await throttle.succeeded(typing)
        // Her four typos are gone: five more wrong ones from a new address are free again.
        for guess in 1...5 { #expect(try await Self.attempt(throttle, LoginAttempt(scope: "shop", account: "ada@example.org", source: "10.0.0.\(guess)"), right: false) == 401) }
        // The sixth closes the account; her log-in from home does not open it to the guessers.
        #expect(try await Self.attempt(throttle, LoginAttempt(scope: "shop", account: "ada@example.org", source: "10.0.0.6"), right: false) == 401)
        #expect(try await Self.attempt(throttle, typing, right: true) == 200)
        #expect(try await Self.attempt(throttle, LoginAttempt(scope: "shop", account: "ada@example.org", source: "10.0.0.7"), right: false) == 429)
    }
}
