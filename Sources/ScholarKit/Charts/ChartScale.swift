/// Axis arithmetic shared by the charts: round tick steps, number formatting, text widths.
enum ChartScale {
    /// Ticks from 0 to the first multiple of the step at or above `maximum`, with a step of
    /// 1, 2 or 5 times a power of ten (never below 1: counts are whole numbers) and at most
    /// `maximumIntervals` intervals. A maximum of 0 still gives an axis, 0 to 1.
    static func ticks(upTo maximum: Int, maximumIntervals: Int = 5) -> [Int] {
        let maximum = max(1, maximum)
        let intervals = max(1, maximumIntervals)
        let step = niceStep(atLeast: Double(maximum) / Double(intervals))
        let top = (maximum + step - 1) / step * step
        return Array(stride(from: 0, through: top, by: step))
    }

    /// The smallest of 1, 2, 5, 10, 20, 50, … that is ≥ `minimum`.
    static func niceStep(atLeast minimum: Double) -> Int {
        var magnitude = 1
        while true {
            for factor in [1, 2, 5] where Double(factor * magnitude) >= minimum {
                return factor * magnitude
            }
            guard magnitude <= Int.max / 100 else { return magnitude * 10 }
            magnitude *= 10
        }
    }

    /// `1338` → `1,338`: the charts' text is English, and a fixed separator keeps SVG and PNG
    /// output identical whatever the server's locale.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// `1 paper`, `2 papers`.
    static func counted(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(grouped(value)) \(value == 1 ? singular : plural)"
    }

    /// A width `text` will not exceed at `fontSize`, in either renderer: 0.65 em per character
    /// covers a sans-serif font's digits and lowercase, DejaVu Sans's (the PNG's) digits included
    /// (0.636 em).
    static func estimatedWidth(of text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.65
    }

    /// `text` shortened with an ellipsis so that its estimated width fits `width`.
    static func truncated(_ text: String, toWidth width: Double, fontSize: Double) -> String {
        guard estimatedWidth(of: text, fontSize: fontSize) > width else { return text }
        let keep = max(0, Int(width / (fontSize * 0.65)) - 1)
        return String(text.prefix(keep)).trimmingSuffixWhitespace() + "…"
    }
}

private extension String {
    func trimmingSuffixWhitespace() -> String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
