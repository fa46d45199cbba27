@testable import BarcodeKit

/// A minimal Code 128 reader of symbol values, written from ISO/IEC 15417 Table 1 independently
/// of the encoder: start character … data … check character (no stop). FNC1 reads as GS (0x1D),
/// the way GS1 scanners transmit field separators. Returns `nil` for anything malformed.
func interpretCode128Values(_ values: [Int]) -> [UInt8]? {
    enum CodeSet { case a, b, c }
    var set: CodeSet
    switch values.first {
    case 103: set = .a
    case 104: set = .b
    case 105: set = .c
    default: return nil
    }
    guard values.count >= 2 else { return nil }
    var bytes: [UInt8] = []
    var shifted = false
    var extended = false
    for value in values.dropFirst().dropLast() {
        // SHIFT and FNC4 must each be followed by a data character: the standard does not say
        // how they combine (FNC4 SHIFT x, SHIFT FNC4 x), so the encoder never combines them.
        if (shifted || extended) && value >= 96 { return nil }
        let current = shifted ? (set == .a ? CodeSet.b : .a) : set
        shifted = false
        if current == .c {
            switch value {
            case 0..<100: bytes += [UInt8(0x30 + value / 10), UInt8(0x30 + value % 10)]
            case 100: set = .b
            case 101: set = .a
            case 102: bytes.append(0x1D)
            default: return nil
            }
            continue
        }
        switch value {
        case 0..<96:
            let ascii = current == .b ? value + 32 : (value < 64 ? value + 32 : value - 64)
            bytes.append(UInt8(ascii + (extended ? 128 : 0)))
            extended = false
        case 98: shifted = true
        case 99: set = .c
        case 100: if current == .a { set = .b } else { extended = true }
        case 101: if current == .b { set = .a } else { extended = true }
        case 102: bytes.append(0x1D)
        default: return nil  // FNC2/FNC3 are never produced
        }
    }
    return bytes
}

/// A plain greedy encoder in the spirit of ISO/IEC 15417 Annex E, to bound the optimal one:
/// set C for runs of four or more digits (an odd first digit in the current set), SHIFT for a
/// lone character of the other set, a switch otherwise, FNC4 for the Latin-1 upper half.
/// Returns symbol values from start to last data character, no check.
func greedyCode128Values(_ bytes: [UInt8]) -> [Int] {
    func inA(_ byte: UInt8) -> Bool { byte & 0x7F < 96 }
    func inB(_ byte: UInt8) -> Bool { byte & 0x7F >= 32 }
    func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
    func digitRun(from index: Int) -> Int {
        var end = index
        while isDigit(end) { end += 1 }
        return end - index
    }
    func value(_ byte: UInt8, in set: String) -> Int {
        let low = Int(byte & 0x7F)
        return set == "B" ? low - 32 : (low < 32 ? low + 64 : low - 32)
    }

    var values: [Int] = []
    var set: String
    let leadingDigits = digitRun(from: 0)
    if leadingDigits >= 4 && leadingDigits.isMultiple(of: 2) || leadingDigits == bytes.count && leadingDigits == 2 {
        set = "C"
        values.append(105)
    } else if let first = bytes.first, !inB(first) {
        set = "A"
        values.append(103)
    } else {
        set = "B"
        values.append(104)
    }
    var index = 0
    while index < bytes.count {
        let run = digitRun(from: index)
        if set == "C" {
            if run >= 2 {
                values.append((Int(bytes[index]) - 0x30) * 10 + Int(bytes[index + 1]) - 0x30)
                index += 2
                continue
            }
            set = inB(bytes[index]) ? "B" : "A"
            values.append(set == "B" ? 100 : 101)
        }
        if run >= 4 {
            if !run.isMultiple(of: 2) {
                values.append(value(bytes[index], in: set))
                index += 1
            }
            values.append(99)
            set = "C"
            continue
        }
        let byte = bytes[index]
        let fits = set == "A" ? inA(byte) : inB(byte)
        if !fits {
            let other = set == "A" ? "B" : "A"
            let nextNeedsOther = index + 1 < bytes.count && !(set == "A" ? inA(bytes[index + 1]) : inB(bytes[index + 1]))
            if byte < 0x80 && !nextNeedsOther {
                values += [98, value(byte, in: other)]
                index += 1
                continue
            }
            values.append(set == "A" ? 100 : 101)
            set = other
        }
        if byte >= 0x80 { values.append(set == "A" ? 101 : 100) }
        values.append(value(byte, in: set))
        index += 1
    }
    return values
}

