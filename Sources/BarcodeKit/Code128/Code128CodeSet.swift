/// The three Code 128 code sets and the symbol values whose meaning depends on them
/// (ISO/IEC 15417:2007 §4.3.1, Table 1).
///
/// Code set A holds ASCII 0–95 (capitals, digits, punctuation and control characters), code
/// set B ASCII 32–127 (capitals, lower case, punctuation, DEL) and code set C the digit pairs
/// 00–99. Values 96–105 are special characters whose meaning changes with the set.
public enum Code128CodeSet: Sendable, Hashable, CaseIterable {
    case a, b, c

    /// The start character that selects this set at the left of the symbol (§4.3.3.1).
    public var startValue: Int {
        switch self {
        case .a: 103
        case .b: 104
        case .c: 105
        }
    }

    /// The code set a start value selects, or `nil` if `value` is not a start character.
    public init?(startValue: Int) {
        switch startValue {
        case 103: self = .a
        case 104: self = .b
        case 105: self = .c
        default: return nil
        }
    }

    /// The value that, in this set, switches the rest of the symbol to `target` (§4.3.4.3):
    /// CODE A is 101 in B and C, CODE B is 100 in A and C, CODE C is 99 in A and B.
    public func switchValue(to target: Code128CodeSet) -> Int? {
        switch (self, target) {
        case (.b, .a), (.c, .a): 101
        case (.a, .b), (.c, .b): 100
        case (.a, .c), (.b, .c): 99
        default: nil
        }
    }

    /// The value of one ASCII byte in this set, or `nil` if the set does not hold it (Table 1).
    public func value(ofASCII byte: UInt8) -> Int? {
        switch self {
        case .a:
            // Space…underscore are values 0–63, NUL…US follow as 64–95.
            if byte < 32 { return Int(byte) + 64 }
            if byte < 96 { return Int(byte) - 32 }
            return nil
        case .b:
            if byte >= 32 && byte < 128 { return Int(byte) - 32 }
            return nil
        case .c:
            return nil
        }
    }

    /// The ASCII byte a data value stands for in set A or B; `nil` for special characters and
    /// for set C, whose data values are digit pairs.
    public func ascii(ofValue value: Int) -> UInt8? {
        guard value >= 0 && value < 96 else { return nil }
        switch self {
        case .a: return UInt8(value < 64 ? value + 32 : value - 64)
        case .b: return UInt8(value + 32)
        case .c: return nil
        }
    }

    /// SHIFT (98): in A or B, the next symbol character alone is read in the other of the two
    /// sets (§4.3.4.2).
    public static let shift = 98
    /// FNC1 (102) in every set: in the first data position it marks GS1-128, later a GS1
    /// field separator (§4.3.4.1, GS1 General Specifications §5.4.3).
    public static let fnc1 = 102
    /// The stop character (§4.3.3.2).
    public static let stop = Code128Patterns.stop

    /// FNC4 (101 in A, 100 in B): adds 128 to the next data character, reaching ISO 8859-1's
    /// upper half (§4.3.4.4). Set C has none.
    public var fnc4Value: Int? {
        switch self {
        case .a: 101
        case .b: 100
        case .c: nil
        }
    }

    /// The other of sets A and B, the one SHIFT reaches.
    var shiftTarget: Code128CodeSet? {
        switch self {
        case .a: .b
        case .b: .a
        case .c: nil
        }
    }
}
