import Foundation

/// PrestaShop's rounding (`Tools::ps_round`) in the shop's `PS_PRICE_ROUND_MODE`, on `Double`
/// as PHP computes, with PHP's pre-rounding to 15 significant digits so that 1.005 rounds
/// to 1.01 as it does in the shop (PHP's `round` before 8.4).
public enum PriceRoundingMode: Int, Sendable, Hashable, Codable {
    case up = 0
    case down = 1
    case halfUp = 2
    case halfDown = 3
    case halfEven = 4
    case halfOdd = 5

    public func round(_ value: Double, places: Int) -> Double {
        guard value.isFinite, value != 0 else { return value }
        switch self {
        case .up: return Self.ceiling(value, places: places)
        case .down: return Self.floor(value, places: places)
        default: return phpRound(value, places: places)
        }
    }

    /// `Tools::ceilf`: a value that already has the precision is kept as it is.
    private static func ceiling(_ value: Double, places: Int) -> Double {
        let factor = Foundation.pow(10, Double(places))
        let scaled = preRounded(value * factor)
        return scaled == scaled.rounded(.towardZero) ? value : scaled.rounded(.up) / factor
    }

    private static func floor(_ value: Double, places: Int) -> Double {
        let factor = Foundation.pow(10, Double(places))
        let scaled = preRounded(value * factor)
        return scaled == scaled.rounded(.towardZero) ? value : scaled.rounded(.down) / factor
    }

    /// The 15 significant digits PHP prints a float with (`(string) $tmp` in `ceilf`).
    private static func preRounded(_ value: Double) -> Double {
        Double(String(format: "%.15g", value)) ?? value
    }

    /// PHP's `_php_math_round`: pre-round to the precision a double holds, then round.
    private func phpRound(_ value: Double, places: Int) -> Double {
        let magnitude = Int(Foundation.floor(Foundation.log10(Swift.abs(value))))
        let precisionPlaces = 14 - magnitude
        var scaled: Double
        if precisionPlaces > places && precisionPlaces - 15 < places {
            scaled = helper(Self.shift(value, by: precisionPlaces))
            scaled = Self.shift(scaled, by: places - precisionPlaces)
        } else {
            scaled = Self.shift(value, by: places)
            if Swift.abs(scaled) >= 1e15 { return value }
        }
        scaled = helper(scaled)
        return Self.shift(scaled, by: -places)
    }

    private static func shift(_ value: Double, by places: Int) -> Double {
        let factor = Foundation.pow(10, Double(Swift.abs(places)))
        return places >= 0 ? value * factor : value / factor
    }

    private func helper(_ value: Double) -> Double {
        let floorValue = value.rounded(.down)
        let fraction = value - floorValue
        switch self {
        case .halfDown:
            return value >= 0 ? (value - 0.5).rounded(.up) : (value + 0.5).rounded(.down)
        case .halfEven:
            if fraction == 0.5 { return floorValue.truncatingRemainder(dividingBy: 2) == 0 ? floorValue : floorValue + 1 }
            return value.rounded(.toNearestOrAwayFromZero)
        case .halfOdd:
            if fraction == 0.5 { return floorValue.truncatingRemainder(dividingBy: 2) != 0 ? floorValue : floorValue + 1 }
            return value.rounded(.toNearestOrAwayFromZero)
        default:
            return value >= 0 ? (value + 0.5).rounded(.down) : (value - 0.5).rounded(.up)
        }
    }
}

/// `PS_ROUND_TYPE`: where a cart's amounts are rounded.
public enum PriceRoundingType: Int, Sendable, Hashable, Codable {
    /// Each unit price, then multiplied by the quantity.
    case item = 1
    /// Each line (unit price × quantity).
    case line = 2
    /// Only the cart's totals.
    case total = 3
}
