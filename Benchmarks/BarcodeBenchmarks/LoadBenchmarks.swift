@preconcurrency import Benchmark
import BarcodeKit
import Foundation

/// Turning every fixture photo's file, already in memory, into grey pixels: the loading that
/// `bottega barcode decode` does before it decodes (libpng for the chunks, ISA-L and Bottega's
/// unfiltering for 8-bit PNG image data, libjpeg for JPEG). One sample loads all of them.
func loadBenchmarks() {
    let fixtures = barcodeFixtures()
    guard let walker = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil) else {
        print("../shared/fixtures/barcodes is absent: load benchmarks skipped")
        return
    }
    let files = walker.compactMap { $0 as? URL }.sorted { $0.path < $1.path }
    for (kind, suffixes) in [("PNG", ["png"]), ("JPEG", ["jpg", "jpeg"])] {
        let contents = files.filter { suffixes.contains($0.pathExtension.lowercased()) }
            .compactMap { try? Array(Data(contentsOf: $0)) }
        guard !contents.isEmpty else { continue }
        Benchmark("Load every fixture \(kind) as grey (\(contents.count) files, one sample)",
                  configuration: .init(maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
            for bytes in contents {
                blackHole(try? ImageLoader.load(bytes))
            }
        }
    }
}
