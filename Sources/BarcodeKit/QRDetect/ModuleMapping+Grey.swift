extension ModuleMapping {
    /// Samples every module centre on the grey image (bilinear) and thresholds each against
    /// the mean of the grey levels and the mean of its 7×7-module neighbourhood. With modules of
    /// two or three pixels a binariser's pixel grid cuts through modules; reading the grey
    /// level at the module centre, judged against the symbol's own dark and light levels, keeps
    /// them whole (§12 step 8 thresholds the sampled values, not the image's pixels).
    func sampleGrey(_ image: GrayImage) -> BitMatrix {
        let size = dimension
        var values = [Double](repeating: 0, count: size * size)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<size {
                for x in 0..<size {
                    let p = map(Double(x) + 0.5, Double(y) + 0.5)
                    values[y * size + x] = Self.bilinear(pixels, image.width, image.height, p.x - 0.5, p.y - 0.5)
                }
            }
        }
        // The symbol's two levels, by iterating the midpoint of the means on either side.
        var global = values.reduce(0, +) / Double(values.count)
        for _ in 0..<6 {
            var low = 0.0, lowCount = 0.0, high = 0.0, highCount = 0.0
            for v in values { if v < global { low += v; lowCount += 1 } else { high += v; highCount += 1 } }
            guard lowCount > 0, highCount > 0 else { break }
            global = (low / lowCount + high / highCount) / 2
        }
        // Summed-area table for the local means.
        var sums = [Double](repeating: 0, count: (size + 1) * (size + 1))
        for y in 0..<size {
            var row = 0.0
            for x in 0..<size {
                row += values[y * size + x]
                sums[(y + 1) * (size + 1) + x + 1] = sums[y * (size + 1) + x + 1] + row
            }
        }
        var matrix = BitMatrix(size: size)
        let r = 3
        for y in 0..<size {
            let y0 = max(0, y - r), y1 = min(size, y + r + 1)
            for x in 0..<size {
                let x0 = max(0, x - r), x1 = min(size, x + r + 1)
                let total = sums[y1 * (size + 1) + x1] - sums[y0 * (size + 1) + x1] - sums[y1 * (size + 1) + x0] + sums[y0 * (size + 1) + x0]
                let local = total / Double((y1 - y0) * (x1 - x0))
                if values[y * size + x] < (global + local) / 2 { matrix[x, y] = true }
            }
        }
        return matrix
    }

    /// The grey level at a sub-pixel position (pixel centres at integer coordinates here).
    static func bilinear(_ pixels: UnsafeBufferPointer<UInt8>, _ width: Int, _ height: Int,
                                 _ x: Double, _ y: Double) -> Double {
        guard x.isFinite, y.isFinite else { return 255 }  // a degenerate mapping's point: read as light
        let cx = min(max(x, 0), Double(width - 1)), cy = min(max(y, 0), Double(height - 1))
        let x0 = cx.clampedInt, y0 = cy.clampedInt
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let fx = cx - Double(x0), fy = cy - Double(y0)
        let top = Double(pixels[y0 * width + x0]) * (1 - fx) + Double(pixels[y0 * width + x1]) * fx
        let bottom = Double(pixels[y1 * width + x0]) * (1 - fx) + Double(pixels[y1 * width + x1]) * fx
        return top * (1 - fy) + bottom * fy
    }
}
