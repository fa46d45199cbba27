import ScholarKit

/// What every importer fuzzer checks (issue 36): any bytes read as an upload of `format` give
/// publications or a typed ImportProblem, strictly and leniently — never a crash, a hang
/// (scripts/fuzz's -timeout) or memory beyond -rss_limit_mb — and every kept field is within
/// ImportFieldLimits.
public func checkImport(_ data: UnsafePointer<UInt8>?, _ count: Int, as format: PublicationFormat, file: String) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    for lenient in [false, true] {
        do {
            let result = try PublicationImporter.read(contents: bytes, file: file, format: format, options: ImportOptions(skipBadRecords: lenient))
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
