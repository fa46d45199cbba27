@preconcurrency import Benchmark
import BarcodeKit
import Foundation

/// Decode time per fixture image, folder by folder, the way PEERS.md timed zxing-cpp: the
/// image is already in memory as grey pixels and only the decode call is timed. Each sample
/// decodes the folder's next image in turn, so the p50 is the median over the folder's images.
func decodeBenchmarks() {
    let fixtures = barcodeFixtures()
    guard let folders = try? FileManager.default.contentsOfDirectory(atPath: fixtures.path) else {
        print("../shared/fixtures/barcodes is absent: decode benchmarks skipped")
        return
    }
    for folder in folders.sorted() where !folder.hasSuffix(".md") {
        let directory = fixtures.appendingPathComponent(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
        let images = names.compactMap { name in
            (try? Data(contentsOf: directory.appendingPathComponent(name))).flatMap { try? ImageLoader.load(Array($0)) }
        }
        guard !images.isEmpty else { continue }
        let next = Turn(count: images.count)
        Benchmark("Decode \(folder) (\(images.count) images, one per sample)",
                  configuration: .init(maxDuration: .seconds(10), maxIterations: images.count * 9)) { benchmark in
            let image = images[next.advance()]
            benchmark.startMeasurement()
            blackHole(BarcodeReader().decode(image))
            benchmark.stopMeasurement()
        }
    }
}

/// `../shared/fixtures/barcodes`, beside the package.
func barcodeFixtures() -> URL {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/fixtures/barcodes").standardizedFileURL
}

/// Which image a sample decodes: 0, 1, …, count − 1, 0, …
final class Turn: @unchecked Sendable {
    private let count: Int
    private var index = -1
    private let lock = NSLock()

    init(count: Int) { self.count = count }

    func advance() -> Int {
        lock.withLock {
            index = (index + 1) % count
            return index
        }
    }
}
