/// A one-dimensional barcode as modules: the narrowest bar or space is one module, and the
/// symbol is drawn left to right. Renderers (SVG, PNG, terminal) work from this alone.
public struct LinearSymbol: Sendable, Hashable {
    public var format: BarcodeFormat
    /// One entry per module, `true` for a bar; no quiet zone included.
    public var modules: [Bool]
    /// The quiet zone each side, in modules, as the symbology's specification requires
    /// (left, right): EAN-13 11 and 7, EAN-8 7 and 7, UPC-A 9 and 9, Code 128 10 and 10.
    public var quietZone: (left: Int, right: Int)
    /// The encoded data as text (with the check digit for EAN/UPC).
    public var text: String
    /// Module ranges of guard bars, which GS1 draws longer than the others (empty for Code 128).
    public var guardRanges: [Range<Int>]
    /// Human-readable characters and the module where each is centred (GS1 layout: EAN-13's
    /// first digit sits in the left quiet zone, at a negative offset).
    public var humanReadable: [(character: Character, centre: Double)]

    public init(
        format: BarcodeFormat, modules: [Bool], quietZone: (left: Int, right: Int), text: String,
        guardRanges: [Range<Int>] = [], humanReadable: [(character: Character, centre: Double)] = []
    ) {
        self.format = format
        self.modules = modules
        self.quietZone = quietZone
        self.text = text
        self.guardRanges = guardRanges
        self.humanReadable = humanReadable
    }

    public static func == (lhs: LinearSymbol, rhs: LinearSymbol) -> Bool {
        lhs.format == rhs.format && lhs.modules == rhs.modules && lhs.quietZone == rhs.quietZone && lhs.text == rhs.text
            && lhs.guardRanges == rhs.guardRanges
            && lhs.humanReadable.map(\.character) == rhs.humanReadable.map(\.character)
            && lhs.humanReadable.map(\.centre) == rhs.humanReadable.map(\.centre)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(modules)
        hasher.combine(text)
    }
}
