import ShopKit
import Testing

/// The signature and completeness checks that decide what the cache stores and serves.
struct ImageFormatTests {
    @Test func wholeImagesPass() {
        #expect(ImageFormat(signatureOf: ImageSamples.png) == .png)
        #expect(ImageFormat(signatureOf: ImageSamples.jpeg) == .jpeg)
        #expect(ImageFormat.png.damage(in: ImageSamples.png) == nil)
        #expect(ImageFormat.jpeg.damage(in: ImageSamples.jpeg) == nil)
        // The smallest GIF89a (1×1, from the GIF89a specification's layout: header, logical
        // screen, global colour table, image descriptor, LZW data, trailer 3B).
        let gif: [UInt8] = Array("GIF89a".utf8) + [
            0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x2C, 0x00, 0x00, 0x00, 0x00,
            0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
        ]
        #expect(ImageFormat(signatureOf: gif) == .gif && ImageFormat.gif.damage(in: gif) == nil)
        #expect(ImageFormat.gif.damage(in: Array(gif.dropLast())) != nil)
        // A RIFF container whose length field (little-endian 12 = "WEBP" + 8 bytes) matches.
        let webp: [UInt8] = Array("RIFF".utf8) + [12, 0, 0, 0] + Array("WEBP".utf8) + [0x56, 0x50, 0x38, 0x4C, 0, 0, 0, 0]
        #expect(ImageFormat(signatureOf: webp) == .webp && ImageFormat.webp.damage(in: webp) == nil)
        #expect(ImageFormat.webp.damage(in: Array(webp.dropLast(2)))?.contains("truncated") == true)
    }

    @Test func cutOrForeignBytesAreDamage() {
        #expect(ImageFormat.jpeg.damage(in: Array(ImageSamples.jpeg.dropLast(1)))?.contains("FF D9") == true)
        #expect(ImageFormat.png.damage(in: Array(ImageSamples.png.dropLast(12)))?.contains("IEND") == true)
        #expect(ImageFormat.png.damage(in: ImageSamples.jpeg)?.contains("signature") == true)
        #expect(ImageFormat(signatureOf: Array("<?xml version".utf8)) == nil)
        #expect(ImageFormat(signatureOf: []) == nil)
    }
}
