import Foundation
import Testing

/// The Bologna thesis's example body of a `sync` answer (§3.2.2, UC3), copied verbatim from
/// `../shared/seeds/002_a048b90d67646e59.txt` — wrapped as the thesis prints it, each wrapped
/// line ending in `||`.
enum ThesisExample {
    static let syncBody = """
        ins||fornitore||nomeF||respF||000111222||333444555||
        667788||fornitore@fornitore.it||indirizzoF||cittaF||
        azien111||10
        ins||cliente||nomeC||respC||00000||11111||222111000||
        555444333||887766||cittaC||indirizzoC||noteC||
        cliente@cliente.it||55555||CC||99999||azien111||20
        upd||prodotto||codP||descP||1||2||azien111||30
        del||sconto||1||2||3||15||10||5||azien111||40
        """

    /// The same four lines unwrapped: what a server sends.
    static var lines: [String] {
        syncBody.replacingOccurrences(of: "||\n", with: "||").split(separator: "\n").map(String.init)
    }

    static let company = "azien111"

    /// `../shared/seeds/002_…txt`, relative to the package root.
    static let seedURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../shared/seeds/002_a048b90d67646e59.txt").standardized
    static var seedExists: Bool { FileManager.default.fileExists(atPath: seedURL.path) }
}

@Suite struct ThesisExampleTests {
    @Test(.enabled(if: ThesisExample.seedExists, "../shared/seeds/002_a048b90d67646e59.txt is absent: nothing to compare the example with"))
    func theExampleIsTheSeedsOwnText() throws {
        let seed = try String(contentsOf: ThesisExample.seedURL, encoding: .utf8)
        #expect(seed.contains("```\n" + ThesisExample.syncBody + "\n```"))
        #expect(seed.contains("***La sottoscrizione non è più attiva oppure il tuo account non è più valido."))
        #expect(seed.contains("*** Password errata"))
    }
}
