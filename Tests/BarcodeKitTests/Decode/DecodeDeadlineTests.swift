import Foundation
import Synchronization
import Testing
@testable import BarcodeKit

/// Issue 36, item 9: "the 5 s decode budget answers after 9 s". The local binarisation, the
/// finder search over every row and the Micro QR search never read the clock, so a deadline
/// passing during one of them was noticed only when the next pass began — seconds later on a
/// large busy photo.
@Suite struct DecodeDeadlineTests {
    /// Vertical stripes 3 pixels wide: every row is a run of finder-like candidates, the
    /// costliest kind of picture for the QR passes.
    static func stripes(side: Int) throws -> GrayImage {
        var pixels = [UInt8](repeating: 255, count: side * side)
        for y in 0..<side { for x in 0..<side where (x / 3) % 2 == 0 { pixels[y * side + x] = 0 } }
        return try GrayImage(width: side, height: side, pixels: pixels)
    }

    /// A clock that reads `start` until it has been read `live` times, and an hour later after.
    final class CountingClock: Sendable {
        let start = ContinuousClock.now
        let live: Int
        let readings = Mutex(0)
        init(live: Int) { self.live = live }

        var now: @Sendable () -> ContinuousClock.Instant {
            { [self] in
                let count = readings.withLock { value -> Int in
                    value += 1
                    return value
                }
                return count <= live ? start : start + .seconds(3600)
            }
        }
    }

    /// The binarisation reads the clock between rows of blocks: a budget that runs out after its
    /// first reading stops it, where it used to finish every block of the image first.
    @Test func theLocalBinarisationStopsWhenTheBudgetRunsOut() throws {
        let image = try Self.stripes(side: 1000)
        let clock = CountingClock(live: 1)
        #expect(HybridBinarizer.binarize(image, budget: DecodeBudget(deadline: clock.start + .seconds(1), now: clock.now)) == nil)
        #expect(clock.readings.withLock { $0 } == 2, "entry, then the first row of blocks")
        let unbounded = try #require(HybridBinarizer.binarize(image, budget: nil))
        #expect(unbounded.width == 1000)
    }

    /// Both halves of the binarisation read the clock before each row of blocks: the block
    /// statistics (2.5 s of a 25-megapixel picture in a debug build, and once unchecked, so a
    /// deadline passing just before them was noticed only after them) and the thresholding.
    /// 1,000 pixels are 125 rows of 8-pixel blocks: the entry, then 125 readings for each half.
    @Test func theBlockStatisticsReadTheClockBeforeEachRowOfBlocks() throws {
        let image = try Self.stripes(side: 1000)
        let clock = CountingClock(live: .max)
        #expect(HybridBinarizer.binarize(image, budget: DecodeBudget(deadline: clock.start + .seconds(1), now: clock.now)) != nil)
        #expect(clock.readings.withLock { $0 } == 1 + 125 + 125)
    }

    /// The finder search reads the clock before each row it scans: once spent, it stops at once.
    @Test func theFinderSearchStopsAtTheNextRow() throws {
        let binary = HybridBinarizer.binarize(try Self.stripes(side: 600))
        let clock = CountingClock(live: 5)
        var rows = FinderRowHits(binary)
        _ = FinderPatternScanner.scan(&rows, rowStep: 1, budget: DecodeBudget(deadline: clock.start + .seconds(1), now: clock.now))
        // Five rows were allowed; the sixth reading found the budget spent and nothing more was read.
        #expect(clock.readings.withLock { $0 } == 6)
    }

    /// The whole decode of a 25-megapixel busy picture, with a budget that is already nearly
    /// spent, ends within one pass's step of it (before, the binarisation and the finder search
    /// ran to their ends: 11 s in a debug build for a 1 s budget). Generous: 3 s for 50 ms, in
    /// the CPU time of the thread that decodes, so the rest of the suite on the same cores does not
    /// count. It failed at 3.05 s whenever the linear passes ended inside the 50 ms: the QR pass's
    /// block statistics then ran to their end unchecked.
    @Test func aLargeBusyPictureStopsSoonAfterTheDeadline() throws {
        let image = try Self.stripes(side: 5000)
        let start = ContinuousClock.now
        let cpuBefore = Self.threadCPUSeconds()
        #expect(throws: DecodeTimeout.self) { try BarcodeReader().decode(image, deadline: start + .milliseconds(50)) }
        #expect(Self.threadCPUSeconds() - cpuBefore < 3)
    }

    /// The CPU time this thread has used: what the decode did, whatever else shared the cores.
    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
