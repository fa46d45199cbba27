import BarcodeKit
import Testing
import TestSupport

@Suite struct HybridBinarizerTests {
    static let payloads: [(text: String, moduleSize: Int)] = [
        ("https://example.com/bottega/issue/6", 6),
        ("HELLO WORLD", 8),
        (String(repeating: "Bottega barcode imaging test. ", count: 8), 4),
    ]

    /// Under the harsh light the paper in the shadow is darker than the ink in the glare, so no
    /// single threshold, whatever its value, reads every module; the local thresholds do.
    @Test(arguments: payloads)
    func test_hybridReadsEveryModuleUnderLightNoGlobalThresholdCan(text: String, moduleSize: Int) throws {
        let code = try LitQRCode(text, moduleSize: moduleSize, light: LitQRCode.harshLight, glare: LitQRCode.glareSpot)
        var inkBrightest = 0, paperDarkest = 255
        for y in 0..<code.matrix.size {
            for x in 0..<code.matrix.size {
                let point = code.centre(x, y)
                let value = Int(code.image[point.x, point.y])
                if code.matrix[x, y] { inkBrightest = max(inkBrightest, value) } else { paperDarkest = min(paperDarkest, value) }
            }
        }
        #expect(inkBrightest > paperDarkest, "the light is not harsh enough to defeat a global threshold")
        if let global = Binarizer.globalHistogram(code.image) {
            #expect(code.misreadModules(in: global) > 0)
        }
        #expect(code.misreadModules(in: Binarizer.hybrid(code.image)) == 0)
    }
}

extension HybridBinarizerTests {
    /// Light on dark (a phone screen, an inverted print) is as readable, with the colours swapped.
    @Test func test_hybridReadsAnInvertedCodeUnderTheSameLight() throws {
        let code = try LitQRCode("https://example.com/bottega/issue/6", moduleSize: 6, light: LitQRCode.harshLight, glare: LitQRCode.glareSpot)
        let binary = Binarizer.hybrid(code.image.inverted())
        #expect(code.misreadModules(in: BinaryImage(width: binary.width, height: binary.height, bits: binary.bits.map { !$0 })) == 0)
    }

    /// Flat areas must not turn noise into speckle, whatever their level.
    @Test(arguments: [0, 40, 128, 200, 255])
    func test_aUniformImageHasNoDarkPixels(level: Int) throws {
        var random = SeededGenerator(seed: UInt64(level))
        let clean = try GrayImage(width: 640, height: 480, pixels: [UInt8](repeating: UInt8(level), count: 640 * 480))
        let noisy = try GrayImage(width: 640, height: 480, pixels: (0..<(640 * 480)).map { _ in
            UInt8(max(0, min(255, level + Int.random(in: -8...8, using: &random))))
        })
        for image in [clean, noisy] {
            #expect(!Binarizer.hybrid(image).bits.contains(true))
        }
    }

    /// A smooth shading of light, however wide its range, is not ink.
    @Test func test_aSmoothGradientAloneHasNoDarkPixels() throws {
        let width = 640, height = 480
        let pixels = (0..<(width * height)).map { index -> UInt8 in
            let x = index % width, y = index / width
            return UInt8(30 + 190 * (x + y) / (width + height))
        }
        #expect(!Binarizer.hybrid(try GrayImage(width: width, height: height, pixels: pixels)).bits.contains(true))
    }

    /// Sizes that are not multiples of the 8-pixel block: the last row and column of blocks
    /// overlap their neighbours, and the pixels at the far edges are still thresholded.
    @Test func test_theLastPixelsOfAnImageOfOddSizeAreRead() throws {
        let width = 83, height = 61
        var pixels = [UInt8](repeating: 200, count: width * height)
        for y in 50..<height { for x in 70..<width { pixels[y * width + x] = 30 } }
        for y in 0..<5 { for x in 0..<9 { pixels[y * width + x] = 30 } }
        let binary = Binarizer.hybrid(try GrayImage(width: width, height: height, pixels: pixels))
        #expect(binary.bits == pixels.map { $0 == 30 })
    }

    /// Under 40 pixels a side there is no room for the 5 × 5-block window: the global
    /// threshold reads the image, or the mid-range when the histogram has no valley.
    @Test func test_tinyImagesFallBackToOneThreshold() throws {
        let bars = (0..<(30 * 20)).map { index -> UInt8 in index % 30 / 3 % 2 == 0 ? 40 : 210 }
        let barImage = try GrayImage(width: 30, height: 20, pixels: bars)
        #expect(Binarizer.hybrid(barImage).bits == bars.map { $0 == 40 })

        let scanLine = (0..<69).map { x -> UInt8 in [0, 1, 3, 4, 8, 9, 10, 20, 21].contains(x % 23) ? 25 : 230 }
        #expect(Binarizer.hybrid(try GrayImage(width: 69, height: 1, pixels: scanLine)).bits == scanLine.map { $0 == 25 })

        // 0…99 evenly: no two peaks, but a 99-level range split at its middle.
        let ramp = (0..<100).map { UInt8($0) }
        #expect(Binarizer.hybrid(try GrayImage(width: 10, height: 10, pixels: ramp)).bits == ramp.map { $0 <= 49 })

        let flat = try GrayImage(width: 12, height: 12, pixels: (0..<144).map { UInt8(100 + $0 % 5) })
        #expect(!Binarizer.hybrid(flat).bits.contains(true))
    }

    /// The module centres are not the only test: the edges of a clean, evenly lit rendering come
    /// out exactly, pixel for pixel.
    @Test func test_aCleanRenderingIsReproducedPixelForPixel() throws {
        let code = try LitQRCode("pixel for pixel", moduleSize: 5)
        let binary = Binarizer.hybrid(code.image)
        #expect(binary.bits == code.image.pixels.map { $0 < 128 })
    }
}
