import Testing

@testable import BarcodeKit

@Suite("Mapping refinement on the grey image")
struct MappingRefinementTests {
    @Test func test_anchorsHalfAModuleOffAreDrawnBackOntoTheSymbol() throws {
        let code = try QREncoder.encode("refine", minimumVersion: 4)
        let d = Double(code.matrix.size)
        let module = 5.0
        let photo = SyntheticQRPhoto(width: 260, height: 260, corners: [
            ImagePoint(x: 30, y: 30), ImagePoint(x: 30 + d * module, y: 30),
            ImagePoint(x: 30 + d * module, y: 30 + d * module), ImagePoint(x: 30, y: 30 + d * module)])
        let grey = photo.render(code.matrix)
        let anchors = [ImagePoint(x: 3.5, y: 3.5), ImagePoint(x: d - 3.5, y: 3.5),
                       ImagePoint(x: d - 3.5, y: d - 3.5), ImagePoint(x: 3.5, y: d - 3.5)]
        let truth = anchors.map { ImagePoint(x: 30 + $0.x * module, y: 30 + $0.y * module) }
        let offsets = [(0.45, -0.3), (-0.4, 0.4), (0.3, 0.45), (-0.45, -0.35)]
        let start = zip(truth, offsets).map { ImagePoint(x: $0.x + $1.0 * module, y: $0.y + $1.1 * module) }
        let mapping = ModuleMapping(dimension: code.matrix.size, modules: anchors, image: start)
        #expect(mapping.sample(grey.thresholded()) != code.matrix)

        let refined = MappingRefinement.refine(mapping, grey: grey, moduleSize: module)
        let moved = try #require(refined.anchors?.image)
        // The three finder anchors come within a quarter module; the bottom-right one, held
        // only by the alignment pattern three modules inside it, within a third.
        for (k, (found, expected)) in zip(moved, truth).enumerated() {
            #expect(found.distance(to: expected) < (k == 2 ? 0.35 : 0.25) * module, "\(found) vs \(expected)")
        }
        #expect(refined.sample(grey.thresholded()) == code.matrix)
    }

    @Test func test_alignmentGridNodesOffByAFractionOfAModuleSettleOnThePatterns() throws {
        let code = try QREncoder.encode(String(repeating: "grid ", count: 60), ecc: .medium, minimumVersion: 10)
        let size = code.matrix.size
        let module = 4.0
        let photo = SyntheticQRPhoto(width: Int(Double(size) * module) + 40, height: Int(Double(size) * module) + 40, corners: [
            ImagePoint(x: 20, y: 20), ImagePoint(x: 20 + Double(size) * module, y: 20),
            ImagePoint(x: 20 + Double(size) * module, y: 20 + Double(size) * module),
            ImagePoint(x: 20, y: 20 + Double(size) * module)])
        let grey = photo.render(code.matrix)
        let positions = QRMatrixLayout.alignmentPositions(version: 10).map { Double($0) + 0.5 }
        let d = Double(size)
        var mapping = ModuleMapping(dimension: size, modules: [
            ImagePoint(x: 0, y: 0), ImagePoint(x: d, y: 0), ImagePoint(x: d, y: d), ImagePoint(x: 0, y: d)],
            image: photo.corners)
        var nodes: [ImagePoint] = []
        for (k, v) in positions.enumerated() {
            for (l, u) in positions.enumerated() {
                let wobble = Double((k * 3 + l * 5) % 7 - 3) / 3 * 0.4 * module  // up to 0.4 module
                nodes.append(ImagePoint(x: 20 + u * module + wobble, y: 20 + v * module - wobble))
            }
        }
        mapping.setGrid(boundaries: positions, nodes: nodes)
        #expect(mapping.sample(grey.thresholded()) != code.matrix)
        let refined = MappingRefinement.refineGrid(mapping, grey: grey, moduleSize: module)
        #expect(refined.sample(grey.thresholded()).differences(from: code.matrix) <= 2)
    }
}
