import BarcodeKit
import Foundation
@preconcurrency import Benchmark

/// What `bottega barcode encode --stdin --output-dir` does in one process for 1,000 ticket
/// links, less the file writes: each QR Code encoded (level M) and drawn as SVG. scripts/peers
/// times the whole process, files included.
func batchEncodeBenchmarks() {
    let texts = (0..<1_000).map { "https://bottega.example/ticket/\(String(format: "%04d", $0))?holder=Giulia%20Bianchi" }
    Benchmark("Encode 1,000 QR codes to SVG (a batch)", configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
        for _ in benchmark.scaledIterations {
            for text in texts {
                blackHole(SVGBarcodeRenderer.svg(try QREncoder.encode(text, ecc: .medium).matrix))
            }
        }
    }
}
