import BarcodeKit
import Testing
import TestSupport

/// EAN/UPC symbols drawn from BarcodeKit's own encoder read back to the same number, under
/// the distortions of real pictures; wrong check digits and single rows never read.
@Suite("Linear reader: EAN/UPC")
struct EANUPCReaderTests {
    let reader = LinearReader()

    @Test("EAN-13, UPC-A, EAN-8 and UPC-E at several module widths",
          arguments: [1.0, 1.5, 2.0, 2.7, 4.0])
    func test_encodedSymbolsReadBack(module: Double) throws {
        var random = SeededGenerator(seed: UInt64(module * 100))
        for _ in 0..<4 {
            let ean13 = try EANUPCEncoder.encode(digits(12, &random, first: "4"), as: .ean13)
            try expectRead(ean13, as: .ean13, text: ean13.text, painter: SymbolPainter(module: module))
            let upcA = try EANUPCEncoder.encode(digits(11, &random, first: "0"), as: .upcA)
            try expectRead(upcA, as: .upcA, text: "0" + upcA.text, painter: SymbolPainter(module: module))
            let ean8 = try EANUPCEncoder.encode(digits(7, &random, first: "9"), as: .ean8)
            try expectRead(ean8, as: .ean8, text: ean8.text, painter: SymbolPainter(module: module))
        }
        for upcE in ["01234565", "04252614", "00123457", "11234562"] {
            let symbol = try EANUPCEncoder.encode(upcE, as: .upcE)
            try expectRead(symbol, as: .upcE, text: "0" + (try UPCE.expand(upcE)), painter: SymbolPainter(module: module))
        }
    }

    @Test("blur, noise and uneven light")
    func test_degradedSymbolsReadBack() throws {
        let symbol = try EANUPCEncoder.encode("5901234123457", as: .ean13)
        let painters = [
            SymbolPainter(module: 3, blur: 2),
            SymbolPainter(module: 2, blur: 1, noise: 12),
            SymbolPainter(module: 2.5, noise: 25),
            SymbolPainter(module: 2, lightAtRight: 0.35),
            SymbolPainter(module: 3, blur: 2, noise: 10, ink: 70, paper: 190, lightAtRight: 0.5),
        ]
        for painter in painters { try expectRead(symbol, as: .ean13, text: "5901234123457", painter: painter) }
    }

    @Test("turned 90°, 180° and 270°", arguments: [1, 2, 3])
    func test_turnedSymbolsReadBack(quarterTurns: Int) throws {
        let symbol = try EANUPCEncoder.encode("96385074", as: .ean8)
        let image = LinearFixtures.turn(SymbolPainter(module: 2, blur: 1).paint(symbol.modules), quarterTurns: quarterTurns)
        let results = reader.decode(image)
        #expect(results.map(\.text) == ["96385074"])
        #expect(results.first?.symbologyIdentifier == "]E4")
    }

    @Test func test_positionIsInTheOriginalImageAfterAQuarterTurn() throws {
        let symbol = try EANUPCEncoder.encode("5901234123457", as: .ean13)
        let upright = SymbolPainter(module: 2, height: 40, margin: 6, quietZone: 12).paint(symbol.modules)
        let turned = LinearFixtures.turn(upright, quarterTurns: 1)
        let result = try #require(reader.decode(turned).first)
        // Turned clockwise, the symbol's left end is at the top, its rows run down the image.
        let xs = result.position.map(\.x), ys = result.position.map(\.y)
        #expect(xs.allSatisfy { $0 >= 6 && $0 < 46 })
        #expect(abs(ys.min()! - 24) < 2 && abs(ys.max()! - 214) < 2)
    }

    @Test func test_positionSpansTheBarsOfTheRowsRead() throws {
        let symbol = try EANUPCEncoder.encode("5901234123457", as: .ean13)
        let result = try #require(reader.decode(SymbolPainter(module: 2).paint(symbol.modules)).first)
        #expect(result.position.count == 4)
        // 12 quiet-zone modules of 2 pixels, then 95 modules.
        #expect(abs(result.position[0].x - 24) < 1.5 && abs(result.position[1].x - 214) < 1.5)
        #expect(result.position[0].y < result.position[3].y)
    }

    @Test("a wrong check digit never reads", arguments: 0...9)
    func test_wrongCheckDigitNeverReads(check: Int) throws {
        let valid = try EANUPCEncoder.encode("4006381333931", as: .ean13)
        guard check != 1 else { return }
        // Replace the last right-half character (modules 85..<92) with another digit's set-C pattern.
        var modules = valid.modules
        modules.replaceSubrange(85..<92, with: EANDigitSet.r.modules(for: check))
        for painter in [SymbolPainter(module: 2), SymbolPainter(module: 3, blur: 1, noise: 8)] {
            #expect(reader.decode(painter.paint(modules)).isEmpty)
        }
    }

    @Test func test_noiseAndStripesReadAsNothing() throws {
        var random = SeededGenerator(seed: 99)
        for _ in 0..<10 {
            let noise = (0..<(320 * 60)).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(reader.decode(try GrayImage(width: 320, height: 60, pixels: noise)).isEmpty)
            // Random bars and spaces of 1–4 modules: symbol-like, but no symbol.
            let modules = (0..<40).flatMap { index in
                [Bool](repeating: index.isMultiple(of: 2), count: Int.random(in: 1...4, using: &random))
            }
            #expect(reader.decode(SymbolPainter(module: 2).paint(modules)).isEmpty)
        }
    }

    @Test func test_aSymbolOnOneRowOfATallImageIsNotEnough() throws {
        let symbol = try EANUPCEncoder.encode("5901234123457", as: .ean13)
        let image = SymbolPainter(module: 2, height: 1, margin: 20).paint(symbol.modules)
        #expect(reader.decode(image).isEmpty)
        #expect(LinearReader(minimumAgreement: 1).decode(image).map(\.text) == ["5901234123457"])
    }

    @Test func test_anImageOfOneRowReadsFromThatRow() throws {
        let symbol = try EANUPCEncoder.encode("5901234123457", as: .ean13)
        let image = SymbolPainter(module: 2, height: 1, margin: 0).paint(symbol.modules)
        #expect(reader.decode(image).map(\.text) == ["5901234123457"])
    }

    @Test func test_formatsNotAskedForAreNotReported() throws {
        let upcA = try EANUPCEncoder.encode("03600029145", as: .upcA)
        let image = SymbolPainter(module: 2).paint(upcA.modules)
        #expect(LinearReader(formats: [.upcA]).decode(image).map(\.format) == [.upcA])
        #expect(LinearReader(formats: [.ean13]).decode(image).map(\.format) == [.ean13])
        #expect(LinearReader(formats: [.ean8, .code128]).decode(image).isEmpty)
    }

    @Test func test_twoSymbolsSideBySideAreBothReported() throws {
        let first = try EANUPCEncoder.encode("5901234123457", as: .ean13)
        let second = try EANUPCEncoder.encode("96385074", as: .ean8)
        let image = SymbolPainter(module: 2).paint(first.modules + [Bool](repeating: false, count: 30) + second.modules)
        #expect(Set(reader.decode(image).map(\.text)) == ["5901234123457", "96385074"])
    }

    private func expectRead(_ symbol: LinearSymbol, as format: BarcodeFormat, text: String, painter: SymbolPainter,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let results = reader.decode(painter.paint(symbol.modules))
        #expect(results.map(\.format) == [format], "\(text) at \(painter.module) px", sourceLocation: sourceLocation)
        #expect(results.map(\.text) == [text], "at \(painter.module) px", sourceLocation: sourceLocation)
        #expect(results.first?.rawBytes == Array(text.utf8), sourceLocation: sourceLocation)
        #expect(results.first?.symbologyIdentifier == (format == .ean8 ? "]E4" : "]E0"), sourceLocation: sourceLocation)
    }

    private func digits(_ count: Int, _ random: inout SeededGenerator, first: Character) -> String {
        String([first] + (1..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
    }
}
