import BarcodeKit
@preconcurrency import Benchmark
import TestSupport

/// PEERS.md's encode payloads: 100 and 1,000 bytes of pseudo-random ASCII letters, digits and
/// punctuation (byte mode) at level M, and the EAN-13 5901234123457 drawn as SVG.
func encodeBenchmarks() {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#&()*+,-./:;<=>?@[]^_{|}~")
    var generator = SeededGenerator(seed: 2013)
    let payload100 = String((0..<100).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    let payload1000 = String((0..<1_000).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })

    for (name, payload) in [("100 B", payload100), ("1000 B", payload1000)] {
        Benchmark("Encode QR \(name), level M (symbol matrix)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try QREncoder.encode(payload, ecc: .medium))
            }
        }
        Benchmark("Encode QR \(name), level M, to SVG") { benchmark in
            for _ in benchmark.scaledIterations {
                let code = try QREncoder.encode(payload, ecc: .medium)
                blackHole(SVGBarcodeRenderer.svg(code.matrix))
            }
        }
    }
    Benchmark("Encode EAN-13 to SVG") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(SVGBarcodeRenderer.svg(try EANUPCEncoder.encode("590123412345", as: .ean13)))
        }
    }
}

