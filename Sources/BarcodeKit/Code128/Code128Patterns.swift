/// The 107 Code 128 symbol patterns, typed from ISO/IEC 15417:2007 Table 1 ("Code 128
/// character set"), as element widths in modules.
///
/// Values 0–105 are six elements (bar, space, bar, space, bar, space) of 11 modules; value 106
/// is the stop pattern, whose seven elements include the final bar and make 13 modules (§4.4.4).
/// The bars of every 11-module symbol add up to an even number of modules (§4.4.2), which the
/// tests check together with the widths so that a mistyped row cannot go unnoticed.
///
/// A decoder measures six element widths and looks them up with ``value(forWidths:)``.
public enum Code128Patterns {
    /// The value of the stop pattern (ISO/IEC 15417 §4.3.3.2): not a symbol character proper,
    /// but kept in the same table so that a decoder finds it with the same lookup.
    public static let stop = 106

    /// Number of modules in one symbol character (§4.3.1).
    public static let symbolModules = 11
    /// Number of modules in the stop pattern including its final bar (§4.3.3.2).
    public static let stopModules = 13

    /// `widths[value]` lists the element widths of symbol value 0…106, starting with a bar.
    public static let widths: [[Int]] = rows.map { row in row.compactMap { $0.wholeNumberValue } }

    /// The symbol value whose element widths are `widths`, or `nil` if none has them.
    public static func value(forWidths widths: [Int]) -> Int? {
        valueByWidths[widths]
    }

    /// Bars and spaces of symbol value `value` as modules, `true` for a bar.
    public static func modules(for value: Int) -> [Bool] {
        var modules: [Bool] = []
        for (index, width) in widths[value].enumerated() {
            modules += [Bool](repeating: index.isMultiple(of: 2), count: width)
        }
        return modules
    }

    private static let valueByWidths: [[Int]: Int] = Dictionary(
        uniqueKeysWithValues: widths.enumerated().map { ($0.element, $0.offset) })

    // Table 1 in value order, ten rows to a line (value 0 first).
    private static let rows: [String] = [
        "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",  // 0–9
        "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",  // 10–19
        "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",  // 20–29
        "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",  // 30–39
        "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",  // 40–49
        "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",  // 50–59
        "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",  // 60–69
        "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",  // 70–79
        "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",  // 80–89
        "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",  // 90–99
        "114131", "311141", "411131", "211412", "211214", "211232", "2331112",  // 100–106
    ]
}
