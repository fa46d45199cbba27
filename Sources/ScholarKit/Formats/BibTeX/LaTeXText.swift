import Foundation

/// The LaTeX markup BibTeX values carry, turned into plain Unicode text and back.
///
/// Reading covers what real exports contain: accents in all their spellings (`\'e`, `\'{e}`,
/// `{\'e}`, `{\' e}`, `\'{\i}`), the special letters (`\ss`, `\o`, `\aa`, `\l`, …), TeX's dash
/// and quote ligatures, escaped specials (`\&`, `\_`, …), and grouping braces (`{DNA}`), which
/// only protect case and are dropped. Writing escapes what BibTeX would misread and keeps
/// everything else as UTF-8, which biber and modern BibTeX read.
enum LaTeXText {
    /// Plain text for a BibTeX value: markup decoded, whitespace runs collapsed to one space,
    /// ends trimmed, NFC (precomposed) so that "é" compares equal however it was written.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        decodeCountingWork(bytes).text
    }

    /// `decode`, and the bytes its decoders read: the value's own, plus those of every accent
    /// argument read again by a nested decoder. Tests hold it within a small multiple of the input.
    static func decodeCountingWork(_ bytes: ArraySlice<UInt8>) -> (text: String, work: Int) {
        var decoder = LaTeXDecoder(input: bytes, depth: 0)
        decoder.run()
        return (normalized(decoder.output), bytes.count + decoder.nestedWork)
    }

    /// Accent arguments nest at most this deep (`\'{\"{a}}` is 2). Each level reads its group
    /// again, so `\'{\'{\'{…}}}` n deep cost O(n²) time and n stack frames, enough to crash on a
    /// long title; beyond the limit a group is read as plain text and its accent dropped.
    /// Real exports nest one deep (`\'{\i}` is one accent on a control word, not nesting).
    static let maxAccentNesting = 4

    /// Plain text for a verbatim value (url, doi): only `\_`-style escapes and braces are
    /// removed, and all whitespace, which exports insert when they wrap long lines.
    /// `~` and `--` stay as they are, since they are common in URLs.
    static func decodeVerbatim(_ bytes: ArraySlice<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "\\") where index < bytes.endIndex && escapedSpecials.contains(bytes[index]):
                output.append(bytes[index])
                index += 1
            default:
                output.append(byte)
            }
        }
        return normalized(output)
    }

    /// Text escaped for a braced BibTeX value: `& % $ # _ { }` get a backslash, `\ ~ ^` become
    /// their text commands, and TeX's ligatures (`--`, ` `` `, `''`) are broken with `{}` so the
    /// text reads back exactly. Non-ASCII characters are kept as UTF-8.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + 8)
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&", "%", "$", "#", "_", "{", "}":
                output.append("\\")
                output.unicodeScalars.append(scalar)
            case "\\": output.append("\\textbackslash{}")
            case "~": output.append("\\textasciitilde{}")
            case "^": output.append("\\textasciicircum{}")
            case "\u{00A0}": output.append("~")
            case "\n", "\r", "\t": output.append(" ")
            case "-", "`", "'":
                if previous == scalar { output.append("{}") }
                output.unicodeScalars.append(scalar)
            default:
                output.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return output
    }

    /// Characters that `\` escapes in BibTeX values.
    static let escapedSpecials: Set<UInt8> = Set("&%$#_{}~".utf8)

    /// The decoded bytes as a String in NFC. Foundation's normalisation is costly on Linux,
    /// so it runs only when a character could change: everything below U+0300 and general
    /// punctuation (dashes, quotes) is already NFC (Unicode's NFC_Quick_Check = Yes).
    private static func normalized(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(where: { $0 >= 0x80 }) else { return text }
        let alreadyComposed = text.unicodeScalars.allSatisfy { $0.value < 0x300 || (0x2002...0x2069).contains($0.value) }
        return alreadyComposed ? text : text.precomposedStringWithCanonicalMapping
    }
}

/// One pass over a value's bytes, writing decoded UTF-8 into `output`.
private struct LaTeXDecoder {
    let input: ArraySlice<UInt8>
    var index: Int
    var output: [UInt8] = []
    /// Whitespace seen since the last output: written as one space before the next character,
    /// and never at either end.
    private var pendingSpace = false
    private var inMath = false
    /// How many accent arguments this decoder is inside.
    private let depth: Int
    /// Bytes read again by the nested decoders of accent arguments (`LaTeXText.decodeCountingWork`).
    private(set) var nestedWork = 0

    init(input: ArraySlice<UInt8>, depth: Int) {
        self.input = input
        self.index = input.startIndex
        self.depth = depth
        output.reserveCapacity(input.count)
    }

    mutating func run() {
        while index < input.endIndex {
            let byte = input[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "}"):
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "~"):
                // `~` is TeX's unbreakable space; a plain space is what matching and display want.
                pendingSpace = true
                index += 1
            case UInt8(ascii: "$"):
                inMath.toggle()
                index += 1
            case UInt8(ascii: "^") where inMath, UInt8(ascii: "_") where inMath:
                index += 1   // CO$_2$ → CO2
            case UInt8(ascii: "-"):
                let run = countRun(of: byte)
                index += run
                switch run {
                case 2: emit("\u{2013}")
                case 3: emit("\u{2014}")
                default: for _ in 0..<run { emit(byte) }
                }
            case UInt8(ascii: "`"), UInt8(ascii: "'"):
                let isPair = index + 1 < input.endIndex && input[index + 1] == byte
                index += isPair ? 2 : 1
                if isPair { emit(byte == UInt8(ascii: "`") ? "\u{201C}" : "\u{201D}") } else { emit(byte) }
            case UInt8(ascii: "\\"):
                index += 1
                controlSequence()
            default:
                emit(byte)
                index += 1
            }
        }
    }

    // MARK: Control sequences

    private mutating func controlSequence() {
        guard index < input.endIndex else { return }
        let byte = input[index]
        if isLetter(byte) {
            let name = readCommandName()
            if let mark = LaTeXTables.letterAccents[name] {
                accent(mark, spacing: nil)
            } else if let symbol = LaTeXTables.symbols[name] {
                skipSpaces()
                emit(symbol)
            } else if LaTeXTables.formatting.contains(name) {
                skipSpaces()   // the argument, if any, is read as ordinary grouped text
            } else if name == "href" || name == "noopsort" {
                skipSpaces()
                _ = skipGroup()   // a link's URL, a sort key: not part of the text
            } else {
                emit(name)     // unknown: keep its name rather than lose a word silently
            }
            return
        }
        index += 1
        if let mark = LaTeXTables.symbolAccents[byte] {
            accent(mark, spacing: byte)
        } else if LaTeXText.escapedSpecials.contains(byte) {
            emit(byte)
        } else {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
                pendingSpace = true   // line break, control space, thin spaces
            case UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "@"), UInt8(ascii: "!"):
                break                 // hyphenation hint, italic correction, spacing hints
            default:
                emit(byte)
            }
        }
    }

    /// Puts `mark` (a combining character) after the first character of the accent's argument:
    /// `{e}`, `e`, `\i` or ` e`. An empty argument (`\~{}`) stands for the accent itself.
    private mutating func accent(_ mark: String, spacing: UInt8?) {
        skipSpaces()
        var base: [UInt8] = []
        if index < input.endIndex {
            switch input[index] {
            case UInt8(ascii: "{"):
                // Too deep: the main loop reads the group as text, the accent is dropped.
                guard depth < LaTeXText.maxAccentNesting else { return }
                let group = skipGroup()
                var inner = LaTeXDecoder(input: input[group], depth: depth + 1)
                inner.run()
                nestedWork += group.count + inner.nestedWork
                base = inner.output
            case UInt8(ascii: "\\"):
                index += 1
                if index < input.endIndex, isLetter(input[index]) {
                    let name = readCommandName()
                    skipSpaces()
                    base = Array((LaTeXTables.symbols[name] ?? name).utf8)
                }
            case UInt8(ascii: "}"):
                break
            default:
                let length = scalarLength(input[index])
                base = Array(input[index..<min(index + length, input.endIndex)])
                index += length
            }
        }
        guard !base.isEmpty else {
            if let spacing { emit([spacing]) }
            return
        }
        // Dotless i and j exist so that accents sit on them: \'{\i} is í, not ı́.
        if base.starts(with: [0xC4, 0xB1]) { base.replaceSubrange(0..<2, with: [UInt8(ascii: "i")]) }
        if base.starts(with: [0xC8, 0xB7]) { base.replaceSubrange(0..<2, with: [UInt8(ascii: "j")]) }
        let first = min(scalarLength(base[0]), base.count)
        emit(Array(base[..<first]) + Array(mark.utf8) + Array(base[first...]))
    }

    private mutating func readCommandName() -> String {
        let start = index
        while index < input.endIndex, isLetter(input[index]) { index += 1 }
        return String(decoding: input[start..<index], as: UTF8.self)
    }

    /// Skips a balanced `{…}` group at `index`, if there is one, and returns what was inside it.
    private mutating func skipGroup() -> Range<Int> {
        guard index < input.endIndex, input[index] == UInt8(ascii: "{") else { return index..<index }
        let start = index + 1
        var depth = 0
        while index < input.endIndex {
            let byte = input[index]
            index += 1
            if byte == UInt8(ascii: "\\") {
                index += 1
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return start..<(index - 1) }
            }
        }
        index = input.endIndex
        return start..<index
    }

    /// TeX ignores spaces after a control word and between an accent and its argument.
    private mutating func skipSpaces() {
        while index < input.endIndex, input[index] == UInt8(ascii: " ") || (0x09...0x0D).contains(input[index]) {
            index += 1
        }
    }

    // MARK: Output

    private mutating func emit(_ text: String) { emit(Array(text.utf8)) }

    private mutating func emit(_ bytes: [UInt8]) {
        writePendingSpace()
        output.append(contentsOf: bytes)
    }

    private mutating func emit(_ byte: UInt8) {
        writePendingSpace()
        output.append(byte)
    }

    private mutating func writePendingSpace() {
        guard pendingSpace else { return }
        if !output.isEmpty { output.append(UInt8(ascii: " ")) }
        pendingSpace = false
    }

    private func countRun(of byte: UInt8) -> Int {
        var end = index
        while end < input.endIndex, input[end] == byte { end += 1 }
        return end - index
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Bytes in the UTF-8 sequence that starts with `lead`.
    private func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}

/// The commands LaTeXText knows, after the LaTeX2e font encoding tables (`t1enc.def`) and
/// what bibliography exports actually write.
private enum LaTeXTables {
    /// Accents written with a symbol: \'e \`a \^o \"u \~n \=a \.z.
    static let symbolAccents: [UInt8: String] = [
        UInt8(ascii: "'"): "\u{0301}", UInt8(ascii: "`"): "\u{0300}", UInt8(ascii: "^"): "\u{0302}",
        UInt8(ascii: "\""): "\u{0308}", UInt8(ascii: "~"): "\u{0303}", UInt8(ascii: "="): "\u{0304}",
        UInt8(ascii: "."): "\u{0307}",
    ]

    /// Accents written with a letter: \u{g} \v{s} \H{o} \c{c} \k{a} \r{a} \d{s} \b{b} \t{oo}.
    static let letterAccents: [String: String] = [
        "u": "\u{0306}", "v": "\u{030C}", "H": "\u{030B}", "c": "\u{0327}", "k": "\u{0328}",
        "r": "\u{030A}", "d": "\u{0323}", "b": "\u{0331}", "t": "\u{0361}",
    ]

    static let symbols: [String: String] = [
        "i": "ı", "j": "ȷ", "ss": "ß", "SS": "SS", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å",
        "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "l": "ł", "L": "Ł", "dh": "ð", "DH": "Ð",
        "th": "þ", "TH": "Þ", "dj": "đ", "DJ": "Đ", "ng": "ŋ", "NG": "Ŋ",
        "textendash": "\u{2013}", "textemdash": "\u{2014}", "textquoteleft": "\u{2018}", "textquoteright": "\u{2019}",
        "textquotedblleft": "\u{201C}", "textquotedblright": "\u{201D}", "guillemotleft": "«", "guillemotright": "»",
        "textbackslash": "\\", "textasciitilde": "~", "textasciicircum": "^", "textunderscore": "_",
        "textbar": "|", "textless": "<", "textgreater": ">", "textdegree": "°", "textregistered": "®",
        "texttrademark": "™", "textcopyright": "©", "copyright": "©", "S": "§", "P": "¶", "dag": "†", "ddag": "‡",
        "pounds": "£", "euro": "€", "texteuro": "€", "ldots": "…", "dots": "…", "textellipsis": "…",
        "LaTeX": "LaTeX", "TeX": "TeX", "BibTeX": "BibTeX",
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ",
        "eta": "η", "theta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ",
        "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ",
        "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
        "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
        "times": "×", "pm": "±", "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "infty": "∞",
        "cdot": "·", "to": "→", "rightarrow": "→", "approx": "≈", "sim": "∼",
    ]

    /// Commands that only change how their argument looks: dropped, argument kept.
    static let formatting: Set<String> = [
        "emph", "textit", "textbf", "textsc", "textrm", "textsf", "texttt", "textup", "textsl", "textmd",
        "textnormal", "textsuperscript", "textsubscript", "text", "mbox", "hbox", "mathrm", "mathit", "mathbf",
        "mathsf", "mathtt", "mathcal", "mathbb", "mathnormal", "operatorname", "url", "path", "nolinkurl",
        "em", "it", "bf", "sc", "rm", "sf", "tt", "sl", "up", "normalfont", "relax", "protect",
        "ensuremath", "uppercase", "lowercase", "MakeUppercase", "MakeLowercase",
    ]
}
