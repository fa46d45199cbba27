import Foundation
import PropertyBased
import Testing
@testable import ScholarKit
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36, item 5: what an upload costs is within k × its size, for generated inputs of every
/// Scholar import format that include the attacks of the issue: macro chains and repeated large
/// macros, nested accents, very long fields, values wrapped over many RIS lines, huge quoted CSV
/// fields. Measured deterministically where it can be: the text the import keeps (memory) and
/// the bytes the BibTeX scanner copies; CPU only with a bound a loaded debug build meets ten
/// times over (1 s plus 5 µs per input byte; a quadratic reading of these inputs takes minutes).
@Suite struct ImportAmplificationPropertyTests {
    /// An input and the name that chooses its format.
    struct Upload: Sendable, CustomStringConvertible {
        let file: String
        let bytes: [UInt8]
        var description: String { "\(file), \(bytes.count) bytes: \(String(decoding: bytes.prefix(160), as: UTF8.self).debugDescription)…" }
    }

    /// Kept text may be k × the input plus a constant: the constant covers the BibTeX expansion
    /// allowance's 1 MiB and titles cut to 4,000 characters from short macro references.
    static let keptTextFactor = 8
    static let keptTextConstant = 2 << 20

    static func text(_ count: Int, seed: Int) -> String {
        let words = ["map", "flow", "géographie", "Ωmega", "of", "the", "a", "migration", "\u{1F30D}", "cartogram"]
        return (0..<max(1, count / 6)).map { words[($0 * 7 + seed) % words.count] }.joined(separator: " ")
    }

    // MARK: Generators, one per format: an attack chosen by number, its size by another.

    static let bibtex = zip(Gen.int(in: 0...5), Gen.int(in: 1...40), Gen.int(in: 1...200_000)).map { kind, small, large -> Upload in
        let body: String
        switch kind {
        case 0:   // the issue's doubling chain, at any depth
            body = BibTeXExpansionLimitTests.macroChain(depth: small)
        case 1:   // one large macro referred to again and again
            body = "@string{big = {\(text(large / 4, seed: small))}}\n" + (0..<(small * 5)).map { "@misc{k\($0), title = big # big, author = big}\n" }.joined()
        case 2:   // accents nested deep
            body = "@article{k, title = {" + String(repeating: "\\'{", count: large / 8) + "e" + String(repeating: "}", count: large / 8) + "}}\n"
        case 3:   // one very long field
            body = "@article{k, title = {\(text(large, seed: small))}, author = {\(text(large / 2, seed: 1)) and B C}, year = 2000}\n"
        case 4:   // many small entries joining macros
            body = "@string{j = \"Journal\"}\n" + (0..<(large / 60)).map { "@article{k\($0), title = j # { \($0)} # j, month = jan}\n" }.joined()
        default:  // an unterminated entry followed by many @ lines
            body = "@article{k, title = {" + String(repeating: "\n@x", count: large / 3)
        }
        return Upload(file: "u.bib", bytes: Array(body.utf8))
    }

    static let ris = zip(Gen.int(in: 0...3), Gen.int(in: 1...200_000)).map { kind, large -> Upload in
        let body: String
        switch kind {
        case 0:   // an abstract wrapped over very many lines
            body = "TY  - JOUR\nTI  - t\nAB  - a\n" + String(repeating: "wrapped line\n", count: large / 13) + "ER  - \n"
        case 1:   // very long tag values
            body = "TY  - JOUR\nTI  - \(text(large, seed: 3))\nAU  - \(text(large / 3, seed: 4))\nER  - \n"
        case 2:   // very many authors
            body = "TY  - JOUR\nTI  - t\n" + String(repeating: "AU  - Tobler, W.\n", count: large / 17) + "ER  - \n"
        default:  // stray tag lines and records without ER
            body = String(repeating: "TY  - JOUR\nTI  - x\nKW  - k\n", count: large / 25)
        }
        return Upload(file: "u.ris", bytes: Array(body.utf8))
    }

    static let csv = zip(Gen.int(in: 0...3), Gen.int(in: 1...200_000)).map { kind, large -> Upload in
        let body: String
        switch kind {
        case 0:   // one huge quoted field full of escaped quotes and line breaks
            body = "Title,Authors,Cites\n\"" + String(repeating: "\"\"a,\n", count: large / 5) + "\",A B,3\n"
        case 1:   // a long title and a long author list
            body = "Title,Authors\n\(text(large, seed: 5)),\"\(String(repeating: "A Bee, ", count: large / 14))\"\n"
        case 2:   // very many columns
            body = "Title," + String(repeating: "x,", count: large / 4) + "\nt," + String(repeating: "1,", count: large / 4) + "\n"
        default:  // very many short rows
            body = "Title,Cites,Year\n" + String(repeating: "t,1,2000\n", count: large / 9)
        }
        return Upload(file: "u.csv", bytes: Array(body.utf8))
    }

    static let json = zip(Gen.int(in: 0...2), Gen.int(in: 1...200_000)).map { kind, large -> Upload in
        let body: String
        switch kind {
        case 0:   // a long title full of escapes
            body = "[{\"title\": \"" + String(repeating: "\\u00e9\\n", count: large / 8) + "\", \"authors\": [\"A B\"]}]"
        case 1:   // many authors
            body = "[{\"title\": \"t\", \"authors\": [" + Array(repeating: "\"W Tobler\"", count: large / 11).joined(separator: ",") + "]}]"
        default:  // many records
            body = "[" + Array(repeating: "{\"title\":\"t\",\"citations\":1}", count: large / 28).joined(separator: ",") + "]"
        }
        return Upload(file: "u.json", bytes: Array(body.utf8))
    }

    // MARK: The property

    /// The text a publication keeps, in bytes.
    static func keptText(_ publication: Publication) -> Int {
        let details = publication.details
        let optional = [publication.venue, publication.publisher, publication.articleURL, publication.citesURL, publication.doi, publication.type,
                        publication.clusterID, details?.volume, details?.issue, details?.pages, details?.issn, details?.abstract, details?.queryDate]
        return publication.title.utf8.count + publication.authors.reduce(0) { $0 + $1.utf8.count }
            + optional.reduce(0) { $0 + ($1?.utf8.count ?? 0) } + (details?.keywords.reduce(0) { $0 + $1.utf8.count } ?? 0)
    }

    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func expectBoundedCost(_ upload: Upload) {
        let size = upload.bytes.count
        let start = threadCPUSeconds()
        let outcome = Result { try PublicationImporter.read(contents: upload.bytes, file: upload.file, options: ImportOptions(skipBadRecords: true)) }
        let seconds = threadCPUSeconds() - start
        #expect(seconds <= 1 + 5e-6 * Double(size), "\(upload): \(seconds) s of CPU")
        switch outcome {
        case .success(let result):
            let kept = result.publications.reduce(0) { $0 + keptText($1) }
                + (result.skipped + result.changed).reduce(0) { $0 + $1.message.utf8.count }
            #expect(kept <= keptTextFactor * size + keptTextConstant, "\(upload): kept \(kept) bytes of text")
            // Every kept field is within its limit.
            #expect(result.publications.allSatisfy { !ImportFieldLimits.exceeds($0.title, ImportFieldLimits.title) }, "\(upload)")
        case .failure(let error):
            // A refusal is a typed problem that says what is wrong.
            #expect((error as? ImportProblem)?.message.isEmpty == false, "\(upload): \(error)")
        }
        if upload.file.hasSuffix(".bib") {
            var scanner = BibTeXScanner(bytes: upload.bytes)
            while scanner.next() != nil {}
            #expect(scanner.expandedBytes <= BibTeXExpansionLimits.totalBytes(forFileOf: size), "\(upload)")
        }
    }

    @Test func bibTeXCostsAtMostKTimesItsSize() async {
        await propertyCheck(count: 40, input: Self.bibtex) { Self.expectBoundedCost($0) }
    }

    @Test func risCostsAtMostKTimesItsSize() async {
        await propertyCheck(count: 30, input: Self.ris) { Self.expectBoundedCost($0) }
    }

    @Test func csvCostsAtMostKTimesItsSize() async {
        await propertyCheck(count: 30, input: Self.csv) { Self.expectBoundedCost($0) }
    }

    @Test func jsonCostsAtMostKTimesItsSize() async {
        await propertyCheck(count: 20, input: Self.json) { Self.expectBoundedCost($0) }
    }
}
