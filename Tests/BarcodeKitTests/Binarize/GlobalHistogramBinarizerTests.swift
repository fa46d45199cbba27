import BarcodeKit
import Testing
import TestSupport

@Suite struct GlobalHistogramBinarizerTests {
    /// Even light, ink at 30 and paper at 220, with noise: one threshold reads every module.
    @Test func test_aNoisyEvenlyLitCodeIsReadByOneThreshold() throws {
        let code = try LitQRCode("https://example.com/bottega/issue/6", moduleSize: 5)
        var random = SeededGenerator(seed: 1)
        let noisy = try GrayImage(width: code.image.width, height: code.image.height, pixels: code.image.pixels.map {
            UInt8(max(0, min(255, Int($0) * 190 / 217 + 10 + Int.random(in: -20...20, using: &random))))
        })
        let binary = try #require(Binarizer.globalHistogram(noisy))
        #expect(code.misreadModules(in: binary) == 0)
        // Ink (≈ 30 ± 20) and paper (≈ 200 ± 20) are never confused anywhere, not only at centres.
        let truth = code.image.pixels.map { $0 < 128 }
        #expect(binary.bits == truth)
    }

    /// No valley, no answer: a detector should then try the hybrid method, not read noise.
    @Test func test_imagesWithoutTwoPeaksGiveNil() throws {
        let uniform = try GrayImage(width: 50, height: 40, pixels: [UInt8](repeating: 128, count: 2000))
        #expect(Binarizer.globalHistogram(uniform) == nil)
        var random = SeededGenerator(seed: 2)
        let noisy = try GrayImage(width: 50, height: 40, pixels: (0..<2000).map { _ in UInt8(128 + Int.random(in: -10...10, using: &random)) })
        #expect(Binarizer.globalHistogram(noisy) == nil)
        let ramp = try GrayImage(width: 256, height: 4, pixels: (0..<1024).map { UInt8($0 % 256) })
        #expect(Binarizer.globalHistogram(ramp) == nil)
        // Two populations too close to be ink and paper (a faint watermark).
        let faint = try GrayImage(width: 50, height: 40, pixels: (0..<2000).map { $0 % 7 < 3 ? 120 : 140 })
        #expect(Binarizer.globalHistogram(faint) == nil)
    }

    /// A clean two-level image is split halfway: 0…127 dark, 128…255 light.
    @Test func test_aTwoLevelImageIsSplitBetweenItsLevels() throws {
        let levels: [UInt8] = [0, 255, 255, 0, 255, 0, 0, 0]
        let image = try GrayImage(width: 4, height: 2, pixels: levels)
        #expect(Binarizer.globalHistogram(image)?.bits == levels.map { $0 == 0 })
        let grey = try GrayImage(width: 3, height: 1, pixels: [100, 200, 100])
        #expect(Binarizer.globalHistogram(grey)?.bits == [true, false, true])
    }

    /// The lower half is lit four times brighter than the upper: its ink is lighter than the
    /// upper half's paper, so the whole image has no one threshold, but every row has its own.
    @Test func test_eachRowGetsTheThresholdOfItsOwnHistogram() throws {
        let symbol = try EANUPCEncoder.encode("4006381333931", as: .ean13)
        let modules = [Bool](repeating: false, count: 9) + symbol.modules + [Bool](repeating: false, count: 9)
        let width = modules.count * 2, height = 20
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let light = y < height / 2 ? 1.0 : 4.0
            for x in 0..<width { pixels[y * width + x] = UInt8((modules[x / 2] ? 12.0 : 60.0) * light) }
        }
        let image = try GrayImage(width: width, height: height, pixels: pixels)
        let expected = modules.flatMap { [$0, $0] }
        for y in 0..<height {
            #expect(Binarizer.globalHistogramRow(image, y: y) == expected, "row \(y)")
        }
        if let whole = Binarizer.globalHistogram(image) {
            #expect(whole.bits != (0..<height).flatMap { _ in expected })
        }
    }

    @Test func test_rowsWithoutContrastOrOutsideTheImageGiveNil() throws {
        let image = try GrayImage(width: 40, height: 3, pixels: (0..<120).map { $0 < 40 ? 90 : ($0 % 4 < 2 ? 20 : 230) })
        #expect(Binarizer.globalHistogramRow(image, y: 0) == nil)
        #expect(Binarizer.globalHistogramRow(image, y: 1) != nil)
        #expect(Binarizer.globalHistogramRow(image, y: -1) == nil)
        #expect(Binarizer.globalHistogramRow(image, y: 3) == nil)
    }
}
