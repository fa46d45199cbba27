@preconcurrency import Benchmark
import BarcodeKit

/// PEERS.md's encode payloads: 100 and 1,000 bytes of pseudo-random ASCII letters, digits and
/// punctuation (byte mode) at level M, and the EAN-13 5901234123457 drawn as SVG.
func encodeBenchmarks() {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#&()*+,-./:;<=>?@[]^_{|}~")
    var generator = SplitMix64(seed: 2013)
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

/// A fixed-seed generator, so every run encodes the same payloads.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
