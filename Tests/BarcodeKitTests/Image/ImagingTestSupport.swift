import Foundation
import Testing

/// The shared barcode fixtures (`../shared/fixtures/barcodes` next to the package root), and
/// file headers read byte by byte, independently of libpng and libjpeg.
enum ImagingFixtures {
    static let root: URL = BarcodeFixtures.root

    static var available: Bool { BarcodeFixtures.available }

    static let required = BarcodeFixtures.required

    /// Every `.png` and `.jpg` of every folder, as `folder/name`, sorted.
    static func allImages() -> [String] {
        guard let folders = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return [] }
        return folders.sorted().flatMap { folder -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            return names.filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
    }
}

/// What a PNG's IHDR chunk says (PNG §11.2.2): it is always the first chunk, at byte 8.
struct PNGHeader: Equatable {
    var width: Int
    var height: Int
    var bitDepth: Int
    /// 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    var colourType: Int

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 26, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        width = bigEndian(bytes, 16, 4)
        height = bigEndian(bytes, 20, 4)
        bitDepth = Int(bytes[24])
        colourType = Int(bytes[25])
    }
}

/// What a JPEG's frame header says (ITU-T T.81 B.2.2), found by walking the marker segments.
struct JPEGFrameHeader: Equatable {
    var width: Int
    var height: Int
    var components: Int
    var progressive: Bool

    init?(_ bytes: [UInt8]) {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }   // fill byte (B.1.1.2)
            let length = bigEndian(bytes, offset + 2, 2)
            // SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 10 <= bytes.count else { return nil }
                height = bigEndian(bytes, offset + 5, 2)
                width = bigEndian(bytes, offset + 7, 2)
                components = Int(bytes[offset + 9])
                progressive = marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE
                return
            }
            if marker == 0xDA { return nil }   // start of scan before any frame header
            offset += 2 + length
        }
        return nil
    }
}

func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
    bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
}

func bigEndianBytes(_ value: Int, count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

/// CRC-32 as PNG uses it (PNG Annex D: polynomial 0xEDB88320, reflected, inverted).
func pngCRC32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// One PNG chunk: length, type, data and CRC over type and data (PNG §5.3).
func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndianBytes(data.count, count: 4) + typeAndData + bigEndianBytes(Int(pngCRC32(typeAndData)), count: 4)
}

let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

