extension Money {
    /// "1.234,50 €": the amount as an Italian order or invoice prints it — a point between
    /// thousands, a comma before the two decimals, then a space and the euro sign.
    ///
    /// Written by hand rather than with a `NumberFormatter` for the "it_IT" locale, so the text
    /// is the same on every machine and operating system (ICU versions disagree on the grouping
    /// and on whether the space before "€" is a no-break space). The space is a plain U+0020:
    /// order documents put amounts in their own table cells, never where a line could break.
    public var formattedItalian: String {
        italianNumber + " €"
    }

    /// "1.234,50": the Italian number without the currency sign, for columns headed "€".
    public var italianNumber: String {
        let euro = String(cents / 100)
        var grouped = ""
        for (index, digit) in euro.enumerated() {
            if index > 0 && (euro.count - index) % 3 == 0 { grouped += "." }
            grouped.append(digit)
        }
        let hundredths = cents % 100
        return grouped + "," + (hundredths < 10 ? "0" : "") + String(hundredths)
    }
}
