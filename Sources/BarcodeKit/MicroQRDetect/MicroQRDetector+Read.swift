extension MicroQRDetector {
    /// Micro QR Code symbols read from `image` at finder patterns that no symbol in
    /// `known` covers (a QR Code's own finders lie inside it), each reported once.
    ///
    /// Each candidate is decoded as sampled on the binary image and, when `grey` is given
    /// and that fails, as sampled on the grey levels (see `ModuleMapping.sampleGrey`).
    static func read(_ image: BinaryImage, grey: GrayImage?, excluding known: [DecodedBarcode]) -> [DecodedBarcode] {
        var rows = FinderRowHits(image)
        return read(&rows, grey: grey, excluding: known)
    }

    /// As ``read(_:grey:excluding:)``, with rows a QR Code search scanned already taken from `rows`.
    static func read(_ rows: inout FinderRowHits, grey: GrayImage?, excluding known: [DecodedBarcode], budget: DecodeBudget? = nil) -> [DecodedBarcode] {
        let image = rows.image
        let grey = grey.flatMap { $0.width == image.width && $0.height == image.height ? $0 : nil }
        var results: [DecodedBarcode] = []
        for finder in finders(in: &rows, budget: budget) {
            if budget?.isSpent == true { break }
            if (known + results).contains(where: { $0.position.encloses(finder.centre) }) { continue }
            candidates: for candidate in candidates(for: finder, in: image) {
                for (du, dv) in Self.farCornerShifts {
                    let mapping = du == 0 && dv == 0 ? candidate.mapping : candidate.mapping(shiftingFarCorner: du, dv)
                    var grids = [du == 0 && dv == 0 ? candidate.detection.modules : mapping.sample(image)]
                    if let grey { grids.append(mapping.sampleGrey(grey)) }
                    for modules in grids {
                        guard let content = try? QRSymbolDecoder.decode(modules), content.isMicroQR else { continue }
                        let corners = mapping.corners
                        // A mirror image was read transposed: its own top-right is the grid's bottom-left.
                        let position = content.isMirrored ? [corners[0], corners[3], corners[2], corners[1]] : corners
                        results.append(content.decodedBarcode(position: position))
                        break candidates
                    }
                }
            }
        }
        return results
    }

    /// Guesses at the unmarked bottom-right corner, in modules from the parallelogram's,
    /// nearest first.
    static let farCornerShifts: [(Double, Double)] = {
        let steps = [0.0, -0.5, 0.5, -1, 1, -1.5, 1.5]
        return steps.flatMap { du in steps.map { dv in (du, dv) } }.sorted { abs($0.0) + abs($0.1) < abs($1.0) + abs($1.1) }
    }()
}
