/// Chooses the start character, code switches, SHIFTs and FNC4s that carry a sequence of
/// elements in the fewest symbol characters.
///
/// ISO/IEC 15417:2007 Annex E gives a greedy rule set that "minimises the symbol length" in
/// common cases but not always. Here a dynamic programme over (position, current code set)
/// finds the true minimum of the moves the standard allows:
/// - a data character of the current set (§4.3.1), one symbol;
/// - a digit pair in set C, one symbol;
/// - SHIFT plus one character of the other of sets A/B (§4.3.4.2), two symbols;
/// - FNC4 plus a character with 128 added, for ISO 8859-1's upper half (§4.3.4.4), two symbols;
/// - FNC1 in any set (§4.3.4.1), one symbol;
/// - CODE A/B/C, switching the set for the rest of the symbol (§4.3.4.3), one symbol.
/// Every Annex E encoding is a path through these moves, so the result is never longer. Not
/// used: the FNC4 latch (two FNC4s in a row), which pays off only for long runs of Latin-1
/// upper-half characters, and SHIFT combined with FNC4, whose meaning the standard leaves open
/// and readers interpret differently.
///
/// On a tie the plan stays in its current set rather than switching, and starts in C, then B,
/// then A, as Annex E would.
enum Code128CodeSetPlanner {
    /// Symbol values from the start character up to the last data character (no check
    /// character, no stop), or `nil` if some element cannot be carried — which
    /// ``Code128Element/bytes(of:)`` already rules out.
    static func values(for elements: [Code128Element]) -> [Int]? {
        let plan = Plan(elements)
        let startOrder: [Code128CodeSet] = [.c, .b, .a]
        guard let start = startOrder.min(by: { plan.cost(0, $0) < plan.cost(0, $1) }),
            plan.cost(0, start) < Plan.unreachable
        else { return nil }

        var values = [start.startValue]
        var set = start
        var position = 0
        while position < elements.count {
            let target = plan.cost(position, set)
            if let move = plan.move(position, set), move.cost == target {
                values += move.values
                position += move.advance
                continue
            }
            // Switching is only ever chosen when staying is dearer.
            guard
                let next = Plan.switchOrder.first(where: {
                    $0 != set && plan.move(position, $0).map { 1 + $0.cost } == target
                }),
                let switchValue = set.switchValue(to: next)
            else { return nil }
            values.append(switchValue)
            set = next
        }
        return values
    }

    /// A way to carry the elements at one position without changing set, and what it costs
    /// from there to the end.
    private struct Move {
        var values: [Int]
        var advance: Int
        var cost: Int
    }

    /// `costs[i][s]`: fewest symbols carrying elements `i...` when the current set is `s`.
    private struct Plan {
        static let unreachable = Int.max / 4
        static let switchOrder: [Code128CodeSet] = [.b, .c, .a]

        let elements: [Code128Element]
        private var costs: [[Int]]

        init(_ elements: [Code128Element]) {
            self.elements = elements
            costs = [[Int]](repeating: [0, 0, 0], count: elements.count + 1)
            // Backwards, so every move's continuation is already known.
            for position in stride(from: elements.count - 1, through: 0, by: -1) {
                let staying = Code128CodeSet.allCases.map { move(position, $0)?.cost ?? Self.unreachable }
                for set in Code128CodeSet.allCases {
                    let switching = Code128CodeSet.allCases.filter { $0 != set }.map { 1 + staying[$0.index] }
                    costs[position][set.index] = min(staying[set.index], switching.min() ?? Self.unreachable)
                }
            }
        }

        func cost(_ position: Int, _ set: Code128CodeSet) -> Int {
            costs[position][set.index]
        }

        /// The cheapest way to carry the element at `position` in `set` without switching.
        func move(_ position: Int, _ set: Code128CodeSet) -> Move? {
            let rest = { (advance: Int) in self.costs[position + advance][set.index] }
            switch elements[position] {
            case .fnc1:
                return Move(values: [Code128CodeSet.fnc1], advance: 1, cost: 1 + rest(1))
            case .byte(let byte) where set == .c:
                guard position + 1 < elements.count, elements[position].isDigit, elements[position + 1].isDigit,
                    case .byte(let second) = elements[position + 1]
                else { return nil }
                let pair = Int(byte - 0x30) * 10 + Int(second - 0x30)
                return Move(values: [pair], advance: 2, cost: 1 + rest(2))
            case .byte(let byte) where byte >= 0x80:
                guard let fnc4 = set.fnc4Value, let value = set.value(ofASCII: byte - 0x80) else { return nil }
                return Move(values: [fnc4, value], advance: 1, cost: 2 + rest(1))
            case .byte(let byte):
                if let value = set.value(ofASCII: byte) {
                    return Move(values: [value], advance: 1, cost: 1 + rest(1))
                }
                guard let other = set.shiftTarget, let value = other.value(ofASCII: byte) else { return nil }
                return Move(values: [Code128CodeSet.shift, value], advance: 1, cost: 2 + rest(1))
            }
        }
    }
}

extension Code128CodeSet {
    fileprivate var index: Int {
        switch self {
        case .a: 0
        case .b: 1
        case .c: 2
        }
    }
}
