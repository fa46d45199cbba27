import Testing
@testable import ScholarKit

/// The LaTeX in BibTeX values, decoded to plain NFC text and escaped back (`LaTeXText`).
@Suite struct BibTeXLaTeXTextTests {
    func decode(_ latex: String) -> String { LaTeXText.decode(Array(latex.utf8)[...]) }

    /// Compares scalar by scalar: `==` on Strings would accept a decomposed "é" as well.
    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test(arguments: [
        ("\\'e", "\u{E9}"), ("\\'{e}", "\u{E9}"), ("{\\'e}", "\u{E9}"), ("{\\' e}", "\u{E9}"), ("{\\'{e}}", "\u{E9}"),
        ("\\'{\\i}", "\u{ED}"), ("{\\\"u}", "\u{FC}"), ("{\\\"{u}}", "\u{FC}"), ("\\\"U", "\u{DC}"),
        ("\\v{c}", "\u{10D}"), ("\\v c", "\u{10D}"), ("{\\v{S}}", "\u{160}"), ("{\\ss}", "\u{DF}"),
        ("\\`a", "\u{E0}"), ("\\^o", "\u{F4}"), ("\\~n", "\u{F1}"), ("\\=a", "\u{101}"), ("\\.z", "\u{17C}"),
        ("\\c{c}", "\u{E7}"), ("\\H{o}", "\u{151}"), ("\\k{a}", "\u{105}"), ("\\u{g}", "\u{11F}"), ("\\r{a}", "\u{E5}"),
        ("{\\o}", "\u{F8}"), ("{\\O}", "\u{D8}"), ("{\\aa}", "\u{E5}"), ("{\\AA}", "\u{C5}"), ("{\\l}", "\u{142}"),
        ("{\\ae}", "\u{E6}"), ("{\\oe}", "\u{153}"),
    ])
    func accentsDecodeToOnePrecomposedCharacter(latex: String, expected: String) {
        #expect(scalars(decode(latex)) == scalars(expected))
    }

    @Test func accentsInsideWords() {
        #expect(scalars(decode("Erd{\\H o}s and G{\\\"o}del, Stra\\ss e, Dvo\\v{r}\\'ak")) == scalars("Erd\u{151}s and G\u{F6}del, Stra\u{DF}e, Dvo\u{159}\u{E1}k"))
    }

    @Test func decomposedUTF8InputComesOutComposed() {
        #expect(scalars(decode("Cafe\u{301} Mu\u{308}ller")) == scalars("Caf\u{E9} M\u{FC}ller"))
    }

    @Test func groupingBracesAreDropped() {
        #expect(decode("{Bayesian} analysis of {DNA} in {{E. coli}}") == "Bayesian analysis of DNA in E. coli")
    }

    @Test func whitespaceCollapsesAndTildeIsASpace() {
        #expect(decode("  A title\n     wrapped\tover~lines  ") == "A title wrapped over lines")
    }

    @Test func ligaturesBecomeDashesAndQuotes() {
        #expect(decode("pages 1--2 --- ``quoted'' and `single' and it's") == "pages 1\u{2013}2 \u{2014} \u{201C}quoted\u{201D} and `single' and it's")
    }

    @Test func escapedSpecialsLoseTheirBackslash() {
        #expect(decode("A \\& B, 50\\% of \\$5, \\#1, a\\_b, \\{x\\}") == "A & B, 50% of $5, #1, a_b, {x}")
    }

    @Test func mathMarkupIsDropped() {
        #expect(decode("CO$_2$ and $\\alpha$-helix in H$_2$O at 10$^{-3}$") == "CO2 and \u{3B1}-helix in H2O at 10-3")
    }

    @Test func formattingCommandsKeepTheirArgument() {
        #expect(decode("\\emph{Drosophila} and \\textbf{bold} \\textit{italic} {\\em em}") == "Drosophila and bold italic em")
    }

    @Test func linksKeepTheirTextOnly() {
        #expect(decode("See \\href{https://example.org}{the site}") == "See the site")
    }

    @Test func anUnknownCommandKeepsItsName() {
        #expect(decode("the \\foo{} method") == "the foo method")
    }

    @Test func symbolCommands() {
        #expect(decode("\\textendash{} \\textemdash{} \\ldots{} \\texteuro{}5 \\S 3 \\textbackslash") == "\u{2013} \u{2014} \u{2026} \u{20AC}5 \u{A7}3 \\")
    }

    @Test func verbatimValuesKeepTildesAndDashesButNotSpaces() {
        func verbatim(_ text: String) -> String { LaTeXText.decodeVerbatim(Array(text.utf8)[...]) }
        #expect(verbatim("10.1007/978-3-642-60831-5\\_34") == "10.1007/978-3-642-60831-5_34")
        #expect(verbatim("https://example.org/~user/a--b/{x}?q=1\n   &r=2") == "https://example.org/~user/a--b/x?q=1&r=2")
        #expect(verbatim("10.1002/x;2-\\#") == "10.1002/x;2-#")
    }

    @Test func escapeProtectsWhatBibTeXWouldMisread() {
        #expect(LaTeXText.escape("A & B 50% $5 #1 a_b {x}") == "A \\& B 50\\% \\$5 \\#1 a\\_b \\{x\\}")
        #expect(LaTeXText.escape("a\\b ~ ^") == "a\\textbackslash{}b \\textasciitilde{} \\textasciicircum{}")
        #expect(LaTeXText.escape("1--2 ``q'' ---") == "1-{}-2 `{}`q'{}' -{}-{}-")
        #expect(LaTeXText.escape("Zoë Ørsted") == "Zoë Ørsted")
    }

    @Test(arguments: [
        "Plain title",
        "Sets {x} and {} with 100% of $5 & #1 items_under_score",
        "a\\b ~x^2",
        "1--2, a---b, ``q'', `s', it's",
        "Über Größe: Ångström, Dvořák, Łódź, naïve café — ‘quoted’",
        "α-helix 研究 in CO₂",
        "{Bayesian}",
        "\\emph{not markup}",
    ])
    func decodeUndoesEscape(text: String) {
        #expect(scalars(LaTeXText.decode(Array(LaTeXText.escape(text).utf8)[...])) == scalars(text))
    }
}
