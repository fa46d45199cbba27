import Foundation
import FuzzerDriver
import ScholarKit

/// Any bytes read as a BibTeX upload must give publications or a typed ImportProblem: never a
/// crash, a hang (scripts/fuzz's -timeout) or memory beyond -rss_limit_mb, and every kept field
/// within ImportFieldLimits (issue 36).
func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    for lenient in [false, true] {
        do {
            let result = try PublicationImporter.read(contents: bytes, file: "upload.bib", format: .bibtex, options: ImportOptions(skipBadRecords: lenient))
            for publication in result.publications {
                precondition(publication.title.unicodeScalars.count <= ImportFieldLimits.title)
                precondition(publication.authors.allSatisfy { $0.unicodeScalars.count <= ImportFieldLimits.authorName })
            }
            for problem in result.skipped + result.changed { precondition(!problem.message.isEmpty) }
        } catch let problem as ImportProblem {
            precondition(!problem.message.isEmpty)
        } catch {
            preconditionFailure("not an ImportProblem: \(error)")
        }
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { testOneInput($0, $1) })
