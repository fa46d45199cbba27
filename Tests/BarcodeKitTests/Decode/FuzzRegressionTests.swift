@testable import BarcodeKit
import Foundation
import Testing

/// Inputs the fuzzer (Fuzz/, scripts/fuzz) found crashing, kept so they never crash again.
@Suite struct FuzzRegressionTests {
    /// 88 × 26 raw grey pixels on which a QR mapping's estimate went to infinity and
    /// `Int(_:)` trapped while sampling (QRSymbolLocator → BinaryImage.isDark).
    static let degenerateMappingPixels: [String] = [
        "TkcNChoKAAAADUlIRFIAAABNAAAATQgAAAArAMZitmwAAAaTSURBVHgBlZgv8LM6EEWvjMQikWgcMjISiZ8aZGUssg6FHyQSWYlD",
        "I3FoJHJf73SnyfuV798xIQFOoWyySfBNLWJZNhKxImZnU43fEmwFy5tE7Ig5f21LXIQFbXcedsE1Tz2Qs7EEy3FaaIN1EQlIJTG0",
        "fcEL0eszDrwopw0SU4E4iTgubPrmLY8WoAu2QyIc1NbVbxa1tfVNiNf25IdtHJ5qW/SKLrLxgIxqK/QlMkQEG1HbCBJJXPg8k9os",
        "0vMUWmE+tOeLGehYqk2mEAi/ttFypy07P3hD1O/+zQa8bCUy+dAgwv6rzY1jRts6jgdtQ/Um+3ebQtsdWCTC/94W7h7UlgOKEWmB",
        "48uWq20AoT3YlunNrrZ5GgDHlsE5P021a4Tc3IsMGKZZbbveuQTbVV8A7lr3jLv008OIkOu+YI+IHbSdx5YkzXGIbKAtR87GI08S",
        "wCTJxlM1sB8RFhdo9Ip0wBLbPLAJo1ck1a/wF1Tas3pg1TctaGv4ZluwVfim/qIX9vphaOu6G/q69sOQ0ja+TvU+2Pr6C8gvAMfe",
        "TCOEEUEMEGwX/MZW/7RpHA60ObkC9oNn/bS2Fbk8sAmjVyTVr/AXVNqzemDVNy1oa/hmW7BV+Kb+ohf2+mFo67ob+rr2w5DSNr5O",
        "9T7Y+voLyC8Ax95MI4QRQQwQbBf8xlb/tGkcDrQ5uQL2g2f9tLYVuVv3fG4iy3MOtt5aAx6yTKyd5MVsid5kEXA8e+hXMKIE2x0x",
        "OrJH41sJIE2T8C2PfUvT276XSPf9UFuXvij3vQESvRj6xvvOnkVJve98MpFnsDk+06D123c+3WVBbDMg0U0SDwOW9SHUAwfIFtuY",
        "bdTI9XphGnqtVCDtMIosw3DQVta10fXC+badt5ul7TpSCGJ2UWgjupY51AZybas1ziLWK1sdbEZtl2tAchwP4KmtImuSPNT2OI6U",
        "tpPtE7gmBGH5y70anXwqW9Qn4m/6RMz12lnknKYbsLBcRZ5cQ48se+cm2nK9wwOFe1EApXOX63r933R9ehNJdIQCMh2pIuYQb5d7",
        "DgT6RW3xNw3Qxr8py2qRGli3XWTfXhz8tglLvmH2oeP5KSMgj20TObftFNm2PsuGbdNhNM4PtZY32jKJSZFrSTTXD3IC1fsmIbfI",
        "xjJXW/nDZrQORTh6zqxrlmlJAdy9b1tPRpHek7ZNeffctofaHr4TmXgd4RU1ULM+0BZnuol/ZER/nU/jeRsUIcGmIRPZtIclIi37",
        "Z8Q91JNPz1LbShxtx7rWeUQKDOszz/3rfF6JdNqeqM3neeinE9tDaqRec35gkV3zKd8YHw696avXr+tb93xuIstzDrbeWgMeskys",
        "neTFbIneZBFwPHvoVzCiBNsdMTqyR+NbCSBNk/Atj31L09u+l0j3/VBbl74o970BEr0Y+sb7zp5FSb3vfDKRZ7A5PtOg9dt3Pt1l",
        "QWwzINFNEg8DlvUh1AMHyBbbmG3Udgbb2hCg6DrfNF3XNm/G4Bo6D5RNc9Bmm8YgbZpZ5N64YHMviSiGzc8/5tPlR4QswbZE8RZy",
        "lvtNPv2yjSC0YRJBUTQivijn5cUhsiybSFM4IXXxxsS2jPWkKCbWj4WI2gCU7MCQmBJJiH1FbfE3DdDGvynLapEaWLddZN9eHPy2",
        "CUsUNI17p0LaeubTJ22G+VTGrv2/TfOob6pgm7quURCows/oiP7ijGzhzUHURhARbJXmqrCu34PtoTbOBqObiAkWuxMDk6YGSMnE",
        "li4lYPtKW8LKT5tJCQLl98PObHmE+qZjSWS7xtq7EGcjes4pRx6VIP1zsDYDSluoLdErcyDXsrAWcoWunXVE0v7aMq42tTk9P0No",
        "YXJhY3Rla6d+6qzmivwrLSXsSdg+sxobBsNRbZPI9XphGnqtVCDtMIosw3DQVta10fXC+badt5ul7TpSCGJ2UWgjupY51AZybas1",
        "ziLWK1sdbEZtl2tAchwP4KmtImuSPNT2OI6UtpPtE7gmBKglnrTkkINVf8ju/SzStYPacl7xEFm8z65mNWT9xJuJI4Mzh/CMYdKn",
        "F1/bNO46HqXywWteeARbGEsGKCbLqJcpy16WjZxyZNmdR3NGNtmyrN22MnPvsSWr1WZ58YtzI5F+BMb4GW/hWRdZwTfMUAgxDITb",
        "xbKqKHLQtix9Ucw69q7LsygeLEcgLYrth80V9bI4/Zu2ZREFOtSfIddzRIrWMrRIsIXs8h1eanuKGH1ovSANo6KPbWXI1tGMQRQ0",
        "jXunQtp65tMnbYb5VMau/b9N86hvqmCbuq5REKjCz+iI/uKMbOHNQdRGEBFsleaqsK7fg+2hNs4Go5uICRa7EwOTpgZIycSWLiVg",
        "+0pbwspPm0kJAuX3w85seYT6pmNJZLvG2rsQZyN6zilHHpUg/XOwNgNKW6gt0StzINeysBZyha6ddUTS/toyrja1OT0/Q2hhcmFj",
        "dGVrp37qrOaK/CstJexJ2D6zGhsGw1Ftk8j1emEaeq1UIO0wiizDcNBW1rXR9cL5tp23m6XtOlIIYnZRaCO6ljnUBnJtqzXOItYr",
        "Wx1sRm2Xa0ByHA/gqa0ia5I81PY4jpS2k+0TuCYEYfnLvRqdfCpb1Cfib/pEzPXaWeScphuwsFxFnlxDjyx75ybacr3DA4V7UQCl",
        "c5frev3fdH16E0l0hAIyHaki5hBvl3sOBPpFbfE3DdDGvynLapEaWLddZN9eHPy2CUu+Yfah4/kpIyCPbRM5t+0U2bY+y4Zt02E0",
        "zg+1ljfaMolJkWtJNNcPcgLV+yYht8jGMldb+cNmtA5FOHrOrGuWaUkB3L1vW09Gkd6Ttk1599y2h9oevhOZeB3hFTVQsz7QFme6",
        "iX9kRH+dT+N5GxQhwaYhE9m0hyUiLftnxD3Uk0/PUttKHG3HutZ5RAoM6zPP/et8Xol02p6ozed56KcT20NqpF5zfmCRXfMp3xgf",
        "Dr3pq9ev6xZsjT4TUZvRPgDYf7DF+0ixLVVbAhfb5D87fE7Sgtk=",
    ]

    @Test func anImageWhoseQRMappingDegeneratesDecodesWithoutCrashing() throws {
        let bytes = try #require(Data(base64Encoded: Self.degenerateMappingPixels.joined()))
        let image = try GrayImage(width: 88, height: 26, pixels: Array(bytes))
        let results = BarcodeReader().decode(image)
        #expect(results.allSatisfy { !$0.text.isEmpty })
    }

    @Test func coordinatesBeyondAnyImageClampInsteadOfTrapping() {
        #expect(Double.nan.clampedInt < 0)
        #expect(Double.infinity.clampedInt == 1 << 30)
        #expect((-Double.infinity).clampedInt == -(1 << 30))
        #expect(1e300.clampedInt == 1 << 30)
        #expect(12.9.clampedInt == 12)
        #expect((-3.5).clampedInt == -3)
        let image = BinaryImage(width: 4, height: 4, bits: [Bool](repeating: true, count: 16))
        #expect(!image.isDark(at: .infinity, 1) && !image.isDark(at: 1, .nan) && image.isDark(at: 1.5, 2.5))
    }
}
