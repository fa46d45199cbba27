import BarcodeKit
import Foundation
import FuzzerDriver

/// Whatever the pixels or modules, the decoders return results or nothing: never a crash, a
/// sanitizer report or a hang. The first byte chooses what the rest is:
/// - 0: an image file (PNG, JPEG, PGM), decoded with every reader;
/// - 1: a QR or Micro QR module grid, bit by bit (its side from the second byte), given to
///   the symbol decoder directly, so the format, Reed–Solomon and bitstream code see shapes
///   a camera would never produce;
/// - otherwise: raw grey pixels, the width from the second byte, for the linear and QR readers.
func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    guard bytes.count >= 2 else { return 0 }
    let body = Array(bytes.dropFirst(2))
    switch bytes[0] {
    case 0:
        if let image = try? ImageLoader.load(Array(bytes.dropFirst())) { check(BarcodeReader().decode(image)) }
    case 1:
        let sides = [11, 13, 15, 17] + (1...12).map { 17 + 4 * $0 }
        let side = sides[Int(bytes[1]) % sides.count]
        var matrix = BitMatrix(size: side)
        for index in 0..<(side * side) where !body.isEmpty {
            matrix[index % side, index / side] = body[(index / 8) % body.count] & (1 << (index % 8)) != 0
        }
        if let content = try? QRSymbolDecoder.decode(matrix) {
            precondition(content.version >= 1 && content.version <= 40)
        }
    default:
        let width = 8 + Int(bytes[1]) % 120
        let height = body.count / width
        guard height >= 1, let image = try? GrayImage(width: width, height: height, pixels: Array(body.prefix(width * height)))
        else { return 0 }
        check(BarcodeReader().decode(image))
    }
    return 0
}

/// What every result promises its caller.
func check(_ results: [DecodedBarcode]) {
    for result in results {
        precondition(!result.text.isEmpty || !result.rawBytes.isEmpty)
        precondition(!result.symbologyIdentifier.isEmpty)
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { testOneInput($0, $1) })
