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
}
