import Foundation
import Raster
import ScholarKit
import Testing

@Suite struct ChartPaletteTests {
    /// The contrast ratio of a colour against white (WCAG 2.1, definitions of relative
    /// luminance and contrast ratio).
    static func contrastOnWhite(_ color: RGBAColor) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
        return 1.05 / (luminance + 0.05)
    }

    @Test func test_textHasAtLeastFourAndAHalfToOneContrastOnWhite() {
        for role in [ChartRole.title, .tickLabel, .axisTitle, .valueLabel, .annotation, .note] {
            #expect(Self.contrastOnWhite(ChartPalette.standard.color(for: role)) >= 4.5, "\(role)")
        }
    }

    @Test func test_barsAxesAndHMarksHaveAtLeastThreeToOneContrastOnWhite() {
        for role in [ChartRole.bar, .hCoreBar, .axis, .hSquareEdge, .diagonal] {
            #expect(Self.contrastOnWhite(ChartPalette.standard.color(for: role)) >= 3, "\(role)")
        }
    }

    @Test func test_hexStringsArePaddedToSixDigits() {
        #expect(RGBAColor(hex: 0x0A0B0C).hexString == "#0a0b0c")
    }
}
