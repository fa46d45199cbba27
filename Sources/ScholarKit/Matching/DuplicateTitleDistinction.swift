/// Tells apart titles that are close in characters but name different works, so a fuzzy
/// match does not pair the parts of a series or one study in two species.
enum DuplicateTitleDistinction {
    /// True when `first` and `second` (normalised titles) differ in a way a typo does not
    /// explain: both carry part or volume numbers and these differ ("… part i" and "… part
    /// ii"; "… 1" and "… 2"), or exactly one word was swapped for an unrelated one ("… in
    /// mice" and "… in rats"). A swap between words that are alike ("geographic",
    /// "geographical") stays a variant; so, unavoidably, does "cats" and "rats".
    static func namesDifferentWorks(_ first: String, _ second: String) -> Bool {
        let firstWords = first.split(separator: " "), secondWords = second.split(separator: " ")
        let firstNumbers = firstWords.filter(isNumbering), secondNumbers = secondWords.filter(isNumbering)
        if !firstNumbers.isEmpty, !secondNumbers.isEmpty, firstNumbers.sorted() != secondNumbers.sorted() {
            return true
        }
        let (onlyFirst, onlySecond) = unmatchedWords(firstWords, secondWords)
        guard onlyFirst.count == 1, onlySecond.count == 1 else { return false }
        return TitleSimilarity.ratio(String(onlyFirst[0]), String(onlySecond[0])) < wordSwapSimilarity
    }

    /// Below this, two words are different words rather than one word misspelt: one edit in a
    /// four-letter word ("mice"/"nice") is 0.75, "complete"/"computer" 0.625, "mice"/"rats" 0.
    static let wordSwapSimilarity = 0.5

    private static let romanNumerals: Set<Substring> = [
        "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii",
    ]

    private static func isNumbering(_ word: Substring) -> Bool {
        romanNumerals.contains(word) || word.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// The words of each title that the other does not have, counting repeats.
    private static func unmatchedWords(_ first: [Substring], _ second: [Substring]) -> ([Substring], [Substring]) {
        var counts: [Substring: Int] = [:]
        for word in second { counts[word, default: 0] += 1 }
        var onlyFirst: [Substring] = []
        for word in first {
            if let count = counts[word], count > 0 { counts[word] = count - 1 } else { onlyFirst.append(word) }
        }
        let onlySecond = second.filter { word in
            guard let count = counts[word], count > 0 else { return false }
            counts[word] = count - 1
            return true
        }
        return (onlyFirst, onlySecond)
    }
}
