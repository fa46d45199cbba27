/// Turns Code 128 symbol values into text (ISO/IEC 15417:2007 §4.3 and Table 1).
///
/// Code set A carries ASCII 0–95, B ASCII 32–127, C digit pairs 00–99. CODE A/B/C change the
/// set, SHIFT changes A↔B for one character (§4.3.4.2), FNC4 adds 128 to one character or,
/// doubled, to all until doubled again (§4.3.4.4: ISO 8859-1 by default). FNC1 in the first
/// data position marks GS1-128 (symbology identifier ]C1) and is not transmitted; after a
/// single letter or two digits it marks an AIM application (]C2); elsewhere it is the field
/// separator, transmitted as GS (0x1D) (§4.3.4.1, GS1 General Specifications §5.4.3.1).
/// FNC2 and FNC3 (message append, reader initialisation) carry no text and are dropped.
enum Code128TextDecoder {
    /// The text and AIM symbology identifier of `values`: start character first, check
    /// character and stop removed. Nil for a start value that is not one or an impossible
    /// sequence (a function character where the set has none).
    static func decode(_ values: [Int]) -> (text: String, symbologyIdentifier: String)? {
        guard let startValue = values.first else { return nil }
        enum CodeSet { case a, b, c }
        var set: CodeSet
        switch startValue {
        case 103: set = .a
        case 104: set = .b
        case 105: set = .c
        default: return nil
        }
        var bytes: [UInt8] = []
        var identifier = "]C0"
        var shifted = false          // next character only in the other of A/B
        var upperLatched = false     // FNC4 FNC4 seen: characters are in the upper half
        var upperOnce = false        // single FNC4: the next character toggles the half
        var dataIndex = 0            // position among data values, for FNC1's meaning

        for value in values.dropFirst() {
            let position = dataIndex
            dataIndex += 1
            let current: CodeSet = shifted ? (set == .a ? .b : .a) : set
            shifted = false
            if current == .c {
                switch value {
                case 0...99:
                    bytes.append(UInt8(0x30 + value / 10))
                    bytes.append(UInt8(0x30 + value % 10))
                case 100: set = .b
                case 101: set = .a
                case 102: appendFNC1(position: position, bytes: &bytes, identifier: &identifier)
                default: return nil
                }
                continue
            }
            // Sets A and B share the function values 96–102 except where A and B swap FNC4 and CODE.
            switch value {
            case 0...95:
                var byte: Int
                if current == .a {
                    byte = value < 64 ? value + 32 : value - 64
                } else {
                    byte = value + 32
                }
                if upperLatched != upperOnce { byte += 128 }
                upperOnce = false
                bytes.append(UInt8(byte))
            case 96, 97: break  // FNC3, FNC2
            case 98: shifted = true
            case 99: set = .c
            case 100:
                if current == .a { set = .b } else { fnc4(&upperLatched, &upperOnce) }
            case 101:
                if current == .b { set = .a } else { fnc4(&upperLatched, &upperOnce) }
            case 102: appendFNC1(position: position, bytes: &bytes, identifier: &identifier)
            default: return nil
            }
        }
        let text = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        return (text, identifier)
    }

    /// FNC4 once toggles the next character; twice in a row toggles the latch instead.
    private static func fnc4(_ latched: inout Bool, _ once: inout Bool) {
        if once {
            once = false
            latched.toggle()
        } else {
            once = true
        }
    }

    private static func appendFNC1(position: Int, bytes: inout [UInt8], identifier: inout String) {
        if position == 0 {
            identifier = "]C1"
        } else if identifier == "]C0", isApplicationIndicator(bytes, position: position) {
            identifier = "]C2"
        } else {
            bytes.append(0x1D)
        }
    }

    /// ISO/IEC 15417 §4.3.4.1.2: FNC1 in the second position, after a single letter or a
    /// pair of digits (one code set C character), flags an application indicator.
    private static func isApplicationIndicator(_ bytes: [UInt8], position: Int) -> Bool {
        guard position == 1 else { return false }
        if bytes.count == 1 { return (0x41...0x5A).contains(bytes[0]) || (0x61...0x7A).contains(bytes[0]) }
        return bytes.count == 2 && bytes.allSatisfy { (0x30...0x39).contains($0) }
    }
}
