extension Int {
    /// "65,536": a count or limit as an import message writes it (English grouping, no locale,
    /// so a message reads the same on every machine).
    var groupedDigits: String {
        let digits = String(self.magnitude)
        var result = self < 0 ? "-" : ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
