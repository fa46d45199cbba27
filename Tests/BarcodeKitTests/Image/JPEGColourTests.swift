import BarcodeKit
import Testing

/// Colour JPEGs become grey by ITU-R BT.601 luma (0.299 R + 0.587 G + 0.114 B), the Y a JPEG
/// of photos stores; files hand-assembled so every expected value is known in advance.
@Suite struct JPEGColourTests {
    @Test func test_greyBlocksDecodeToTheirExactValues() throws {
        let values: [UInt8] = [0, 255, 17, 200, 128, 64]
        let image = try ImageLoader.load(HandMadeJPEG.flatBlocks(values))
        #expect(image.width == 48)
        #expect(image.height == 8)
        for y in 0..<8 {
            #expect((0..<48).map { image[$0, y] } == values.flatMap { [UInt8](repeating: $0, count: 8) })
        }
    }

    @Test func test_yCbCrKeepsItsLuma() throws {
        let jpeg = HandMadeJPEG.flatBlocks(components: [[100, 30], [128, 200], [128, 60]], adobeTransform: 1)
        let image = try ImageLoader.load(jpeg)
        #expect(image[3, 3] == 100)
        #expect(image[11, 3] == 30)
    }

    @Test func test_rgbBecomesBT601Luma() throws {
        // Red, green, blue, white, a dark grey.
        let red: [UInt8] = [255, 0, 0, 255, 40], green: [UInt8] = [0, 255, 0, 255, 40], blue: [UInt8] = [0, 0, 255, 255, 40]
        let image = try ImageLoader.load(HandMadeJPEG.flatBlocks(components: [red, green, blue], adobeTransform: 0))
        // 76.2, 149.7, 29.1, 255, 40.
        #expect([4, 12, 20, 28, 36].map { image[$0, 4] } == [76, 150, 29, 255, 40])
    }

    /// CMYK, which libjpeg will not turn into grey itself. Adobe's files store it inverted
    /// (255 = no ink): no ink is white paper, full black ink is black, cyan ink leaves green
    /// and blue (0.587 + 0.114 of white = 178.8).
    @Test func test_adobeCMYKBecomesTheLumaOfItsInk() throws {
        let cyan: [UInt8] = [255, 255, 0, 255], magenta: [UInt8] = [255, 255, 255, 255]
        let yellow: [UInt8] = [255, 255, 255, 255], black: [UInt8] = [255, 0, 255, 128]
        let image = try ImageLoader.load(HandMadeJPEG.flatBlocks(components: [cyan, magenta, yellow, black], adobeTransform: 0))
        // White, black, cyan, half-strength black (1 − 127/255 ink, 128 of 255 light).
        #expect([4, 12, 20, 28].map { image[$0, 4] } == [255, 0, 179, 128])
    }

    /// Without Adobe's marker, CMYK is taken as stored: 0 is no ink.
    @Test func test_plainCMYKCountsZeroAsNoInk() throws {
        let none: [UInt8] = [0, 0], full: [UInt8] = [0, 255]
        let image = try ImageLoader.load(HandMadeJPEG.flatBlocks(components: [none, none, none, full]))
        #expect(image[4, 4] == 255)
        #expect(image[12, 4] == 0)
    }
}
