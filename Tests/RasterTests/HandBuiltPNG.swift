import Foundation
import ZIPFoundation

/// A PNG put together byte by byte from rows whose filter bytes the test chooses, its image data
/// held in stored (uncompressed) deflate blocks, so each byte the decoder unfilters is one the test
/// wrote. The chunk layout follows the PNG specification, 2nd edition, clause 5; the zlib stream
/// RFC 1950 and RFC 1951's stored blocks (3.2.4).
struct HandBuiltPNG {
    enum ColourType: UInt8 {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6
    }

    var width: Int
    var colourType: ColourType
    /// Each row as stored: its filter type byte, then its filtered samples.
    var rows: [[UInt8]]
    /// RGB triples, for a palette image.
    var palette: [UInt8] = []
    /// Cut the zlib stream into IDAT chunks of this many bytes (the last one shorter).
    var idatChunkSize = Int.max
    /// An IDAT chunk of no bytes after the first, which the format allows.
    var emptyIDATAfterTheFirst = false
    /// Bytes added to the image data after the last row, as some encoders write.
    var trailingImageData: [UInt8] = []
    /// The height IHDR declares, when it is not the number of rows given.
    var declaredHeight: Int?
    /// Write a wrong Adler-32 at the stream's end, as a careless encoder might.
    var wrongAdler32 = false

    var bytes: [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Self.chunk("IHDR", Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(declaredHeight ?? rows.count)) + [8, colourType.rawValue, 0, 0, 0])
        if !palette.isEmpty { file += Self.chunk("PLTE", palette) }
        var stream = Self.zlibStream(rows.flatMap { $0 } + trailingImageData)
        if wrongAdler32 { stream[stream.count - 1] ^= 0x01 }
        var start = 0
        var first = true
        while start < stream.count {
            let end = min(stream.count, start + idatChunkSize)
            file += Self.chunk("IDAT", Array(stream[start..<end]))
            if first && emptyIDATAfterTheFirst { file += Self.chunk("IDAT", []) }
            first = false
            start = end
        }
        return file + Self.chunk("IEND", [])
    }

    /// `bytes` with every complete chunk's CRC-32 made to match its type and data again.
    static func withChunkCRCsRecomputed(_ bytes: [UInt8]) -> [UInt8] {
        var fixed = bytes
        var offset = 8
        while offset + 12 <= fixed.count {
            let length = Int(UInt32(fixed[offset]) << 24 | UInt32(fixed[offset + 1]) << 16 | UInt32(fixed[offset + 2]) << 8 | UInt32(fixed[offset + 3]))
            guard length <= fixed.count - offset - 12 else { break }
            let crc = Data(fixed[(offset + 4)..<(offset + 8 + length)]).crc32(checksum: 0)
            fixed.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: bigEndian(crc))
            offset += 12 + length
        }
        return fixed
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(Data(typeAndData).crc32(checksum: 0))
    }

    /// A zlib header (deflate, 32 KB window, no dictionary: 0x78 0x01, a multiple of 31), stored
    /// blocks of at most 65,535 bytes, and the data's Adler-32.
    static func zlibStream(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(data.count, start + 65_535)
            let length = UInt16(end - start)
            stream.append(end == data.count ? 1 : 0)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += data[start..<end]
            start = end
        } while start < data.count
        return stream + bigEndian(adler32(data))
    }

    /// RFC 1950, 8.2.
    static func adler32(_ data: [UInt8]) -> UInt32 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        for byte in data {
            low = (low + UInt32(byte)) % 65_521
            high = (high + low) % 65_521
        }
        return high << 16 | low
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
