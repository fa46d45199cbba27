@testable import BarcodeKit
import Testing
import TestSupport

/// Rows across a QR Code's data modules look like bars and spaces; a linear reader must not
/// report what it "reads" there (the cross-check with segno found UPC-E ghosts in versions 19,
/// 22 and 40 before agreeing rows had to lie apart).
@Suite struct GhostSymbolTests {
    static let versions = [10, 19, 22, 30, 40]

    /// Every module an axis-aligned square of 2 × 2 pixels, 4 modules of quiet zone.
    static func image(of matrix: BitMatrix, scale: Int = 2) throws -> GrayImage {
        let side = (matrix.size + 8) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for y in 0..<matrix.size { for x in 0..<matrix.size where matrix[x, y] {
            for dy in 0..<scale { for dx in 0..<scale { pixels[((y + 4) * scale + dy) * side + (x + 4) * scale + dx] = 0 } }
        } }
        return try GrayImage(width: side, height: side, pixels: pixels)
    }

    @Test(arguments: versions)
    func linearReaderFindsNothingInALargeQRCode(version: Int) throws {
        var random = SeededGenerator(seed: UInt64(version))
        for level in QRErrorCorrection.allCases {
            let text = String((0..<40).map { _ in Character(UnicodeScalar(UInt8(33 + random.next() % 90))) })
            let code = try QREncoder.encode(text, ecc: level, minimumVersion: version)
            let found = LinearReader().decode(try Self.image(of: code.matrix))
            #expect(found.isEmpty, "version \(version)-\(level.letter): \(found.map { "\($0.format.rawValue) \($0.text)" })")
        }
    }

    /// The symbol the cross-check caught: segno's version 19-H drawing of a random text
    /// (scripts/crosscheck_decode.py, seed 2011), its 93 × 93 modules as hex, 3 rows per line,
    /// each row padded to 96 bits. Rows 2 pixels apart agreed on a UPC-E there.
    static let segnoVersion19H: [String] = [
        "fe01ba6d73f1cb0c3ca313f8824399b9a21e0b0c2b1a9a08ba54a312f487913c1e9a4ae8",
        "ba572e52590b99ca46d7d2e8baf2503f9c4767fff8f9f2e88247dc48a613a18faca95208",
        "feaaaaaaaaaaaaaaaaaaabf800a3ac889ca2328fddbd500033d436bfe341c2f872aa3e80",
        "0447c58c62a3e9fbb5f1c0989bcc2d1d42dec636f7ff56989ca1d2ef20f8fd5e6ddcf450",
        "b2a8d9a73d3febbdae2ebe98f55ac4d24f835873d81412507bc10fdb1a7a5e87cfe548b8",
        "b03b62916081fddd9581e278bbb2ebf172175b6489ea1e6824aa141aecc83fbcf86b2c98",
        "960e49cbddf4a3656634d4d0fdda84d32152bc90c3e81f38a6b24b6eb3a65509e4617810",
        "b864e67ace9181a7bb010318f2315c7f858a132f1573de0821c51368f4dc11d003042f98",
        "0a2afdb26d19d2b821573000e8aeff1c80bf5fe1fef67340d25d4b93283e58be4e761140",
        "24143d8376bee21799469278cf9be6bff7bab5fe29602fd8789dc4e8d83bcd8e815b28c8",
        "aada271a8b8275ac43240a8058b16598b506fb8d019de8e83fbf651fc03f89ff96093fd0",
        "b962a8d31d2f5c518159f3100a0f0b8560050b672924375834e479e042128f379ad230c0",
        "af1276cfd333526f55969e50d8735e831a4494bf62a65668db6041e9a7f8e1f6f10e8dc0",
        "6521a97f47a2fe58986add78f71ccafb2bf23fde8b5c39987524a5f1f559239aaa4138b8",
        "5e62b2f42a2187dd082e1790c0b8fc48354e3d38b65932c8776b48d40f392461dc231260",
        "6db573f4f899c427261b74c80bd951af44da09cf7bd77b6034d0b648049d71b96de05408",
        "6ed403ad313577f1969fd2c024841e81b3c4c222498381982a8636d93553fb7ee44d6df8",
        "54e068bf395ca89997fed46863d236e58c16a6223e37f13895d8a88bcd77169d41508890",
        "b2f0ef35c55d16f628c002580005244119b547b4f98822f0bfcc9a6fef95e6f89c492fb8",
        "389ef618d130a589368168887afb948a99c023ade5f5aab888d4f968c694208c095828f8",
        "cfb8831fe2083bf98375afa85d110f94dcc89a79e877dcc826eed29645a71424f25da568",
        "3d66cde78f5b9bdaad20ef089333956c5951d9e001c4d8a891836305060cec2bf9e1afe8",
        "1f41e457b350447665e769b0299c61204d58cff3b2d84de00ed18194805f6cbef1fc21a0",
        "9cb080f58850b0eb2799f42866f8ac8b1ee574163ad1d8581dc9a2e0e87379e09d465518",
        "d6e71d3eacac9ee546962d40f57bcd6ce16aa44ed1902dd0d6e876bf02fdc908461b4460",
        "30fa05a46902a4f8bc0fe1b0b7bcccefaa2f22aeaae6aaa871f62f2e53160a4d38c1afb0",
        "0a09853c4e989a334e24e97074f0af5f61ae06c0c33403d86e226e40c6de65681d1beca0",
        "95e259fd06a3efa39f0100180be29dcb56f82c69db063b48dcec11ed33bf061c39c1af48",
        "624353dff96255fd9e742fb800812808aa27ed8ec3b608c0fe8a879af13b4baebd63daa8",
        "824e73d8c211a78d9f62c8e0ba1e0fbfd3d7b8fccd8c6fc8bac7809279e4503003cadf70",
        "bac6cfb05933edc07a2d2900823466b81bd5fa5a81e7cfc8fe0bfbbfb726eefa94bfa0e0",
    ]

    @Test func linearReaderFindsNoUPCEInTheSegnoSymbolThatHadOne() throws {
        var matrix = BitMatrix(size: 93)
        let rows = Self.segnoVersion19H.flatMap { line in
            stride(from: 0, to: line.count, by: 24).map { line.dropFirst($0).prefix(24) }
        }
        #expect(rows.count == 93)
        for (y, row) in rows.enumerated() {
            let bits = row.flatMap { digit in
                let value = Int(String(digit), radix: 16) ?? 0
                return (0..<4).map { value & (8 >> $0) != 0 }
            }
            for x in 0..<93 { matrix[x, y] = bits[x] }
        }
        // It is a real symbol: the QR reader reads it.
        let image = try Self.image(of: matrix)
        #expect(QRReader.decode(image).count == 1)
        let found = LinearReader().decode(image)
        #expect(found.isEmpty, "\(found.map { "\($0.format.rawValue) \($0.text)" })")
    }

    @Test func aLinearResultInsideADecodedQRCodeIsDropped() {
        let square = [ImagePoint(x: 10, y: 10), ImagePoint(x: 90, y: 12), ImagePoint(x: 88, y: 92), ImagePoint(x: 8, y: 90)]
        #expect(BarcodeReader.point(ImagePoint(x: 50, y: 50), isInside: square))
        #expect(BarcodeReader.point(ImagePoint(x: 50, y: 50), isInside: square.reversed()))
        #expect(!BarcodeReader.point(ImagePoint(x: 95, y: 50), isInside: square))
        #expect(!BarcodeReader.point(ImagePoint(x: 50, y: 5), isInside: square))
    }
}

