import Testing
import TestSupport

/// Tests on real data skip where `../shared/fixtures` is absent; CI must not pass by skipping.
@Suite struct SharedFixturesPresenceTests {
    @Test func underCITheSharedFixturesMustBeThere() {
        #expect(!SharedFixtures.isCI || SharedFixtures.exists(), """
            CI=true but \(SharedFixtures.root.path) is absent: every test on real data would fail; \
            check out the shared fixtures beside the package
            """)
    }

    @Test func aTestOnAMissingFixtureSkipsWithItsPathButRunsUnderCI() {
        let missing = "no/such/fixture-folder"
        #expect(!SharedFixtures.exists(missing))
        // Enabled only under CI, where it then fails on the missing file instead of skipping.
        #expect(SharedFixtures.enabled(missing) == SharedFixtures.isCI)
        #expect(SharedFixtures.skipMessage(missing).hasPrefix("../shared/fixtures/no/such/fixture-folder is absent"))
    }
}
