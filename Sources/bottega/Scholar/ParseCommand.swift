import ArgumentParser
import Foundation
import ScholarKit

/// `bottega scholar parse FILE.html`: read a saved Google Scholar results, profile or article page.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Read a saved Google Scholar results page, profile page or article page.",
        discussion: """
            Exit status 3 means Google blocked the request that produced the page (CAPTCHA, \
            "unusual traffic", an error page): the page holds no results, not zero results.
            """
    )

    /// The exit status of a blocked page, so scripts can tell "wait and retry" from "bad file".
    static let blockedExitCode: Int32 = 3

    @Argument(help: "A page saved from scholar.google.com (HTML).")
    var file: String

    @Option(help: "text: a readable list; json: one object with a fixed set of keys.")
    var format: OutputFormat = .text

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw ScholarPageFileError(message: "cannot read \(file): \(error.localizedDescription)")
        }
        let page: ScholarPage
        do {
            page = try ScholarPage.parse(html: bytes)
        } catch GoogleScholarParseError.blocked(let reason) {
            StandardError.write("\(file): blocked by Google Scholar: \(reason).")
            StandardError.write("Open Scholar in a browser, solve the check, wait a while, and fetch or save the page again.")
            throw ExitCode(Self.blockedExitCode)
        } catch {
            throw ScholarPageFileError(message: "\(file): \(error.localizedDescription)")
        }
        if page.looksTruncated {
            StandardError.write("warning: \(file) stops before </html>; it may hold only part of the page.")
        }
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(ParsedScholarPage(page)), as: UTF8.self))
        case .text:
            print(ScholarPageText.render(page), terminator: "")
        }
    }
}

/// A page that could not be read, with the file named; ArgumentParser prints it and exits with 1
/// (a `ValidationError` would print the usage, which is no help for a bad file).
struct ScholarPageFileError: LocalizedError, CustomStringConvertible {
    let message: String
    var errorDescription: String? { message }
    var description: String { message }
}

extension ScholarPage {
    var looksTruncated: Bool {
        switch self {
        case .results(let page): page.looksTruncated
        case .profile(let page): page.looksTruncated
        case .articleDetail: false
        }
    }
}
