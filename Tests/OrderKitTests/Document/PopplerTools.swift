import Foundation

/// Runs poppler-utils' `pdftotext`, `pdfinfo`, `pdffonts` and `pdfimages` on a PDF, as an independent reader of what the
/// writer produced. They must be installed (Debian: `apt-get install poppler-utils`; .ci/run
/// installs them): a missing tool fails the test with that message, it never skips silently.
enum PopplerTools {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The tool's path on PATH.
    static func executable(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(description: "\(name) is not on PATH: install poppler-utils (apt-get install poppler-utils) to run the PDF tests")
    }

    /// What the tool printed on standard output and standard error, for the PDF `bytes`.
    static func run(_ name: String, _ arguments: [String], pdf bytes: [UInt8]) throws -> (output: String, errors: String) {
        let tool = try executable(name)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orderkit-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("document.pdf")
        try Data(bytes).write(to: file)
        let errorFile = folder.appendingPathComponent("stderr.txt")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
            throw Failure(description: "cannot create \(errorFile.path)")
        }

        let process = Process()
        process.executableURL = tool
        process.arguments = arguments + [file.path] + (name == "pdftotext" ? ["-"] : [])
        let output = Pipe()
        process.standardOutput = output
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardError = errorHandle
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        let errors = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(name) exited with \(process.terminationStatus): \(errors)")
        }
        return (String(decoding: data, as: UTF8.self), errors)
    }

    /// pdftotext's UTF-8 text; pages are separated by form feeds.
    static func text(of pdf: [UInt8], layout: Bool = false) throws -> String {
        let result = try run("pdftotext", (layout ? ["-layout"] : []) + ["-enc", "UTF-8"], pdf: pdf)
        try requireNoComplaints(result.errors, from: "pdftotext")
        return result.output
    }

    /// pdfinfo's "Key: value" lines as a dictionary.
    static func info(of pdf: [UInt8]) throws -> [String: String] {
        let result = try run("pdfinfo", ["-enc", "UTF-8"], pdf: pdf)
        try requireNoComplaints(result.errors, from: "pdfinfo")
        var fields: [String: String] = [:]
        for line in result.output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// Each word pdftotext -bbox finds, with its box as poppler measured it (PDF points, y down).
    static func words(of pdf: [UInt8]) throws -> [(text: String, xMin: Double, xMax: Double, yMin: Double)] {
        let result = try run("pdftotext", ["-bbox", "-enc", "UTF-8"], pdf: pdf)
        try requireNoComplaints(result.errors, from: "pdftotext -bbox")
        var words: [(String, Double, Double, Double)] = []
        for line in result.output.split(separator: "\n") where line.contains("<word ") {
            func attribute(_ name: String) -> Double? {
                guard let start = line.range(of: "\(name)=\"") else { return nil }
                let rest = line[start.upperBound...]
                return rest.firstIndex(of: "\"").flatMap { Double(rest[..<$0]) }
            }
            guard let open = line.range(of: "\">"), let close = line.range(of: "</word>"),
                  let xMin = attribute("xMin"), let xMax = attribute("xMax"), let yMin = attribute("yMin") else { continue }
            let text = String(line[open.upperBound..<close.lowerBound])
                .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            words.append((text, xMin, xMax, yMin))
        }
        return words
    }

    /// pdffonts' table: one row per font, its columns split on spaces (name, type…, emb, sub, uni,
    /// object, generation; the type and encoding may be several words, so read emb/sub from the end).
    static func fonts(of pdf: [UInt8]) throws -> [[String]] {
        let result = try run("pdffonts", [], pdf: pdf)
        try requireNoComplaints(result.errors, from: "pdffonts")
        return result.output.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
    }

    /// pdfimages -list's table: one row per image or soft mask (page, num, type, width, height…).
    static func images(of pdf: [UInt8]) throws -> [[String]] {
        let result = try run("pdfimages", ["-list"], pdf: pdf)
        try requireNoComplaints(result.errors, from: "pdfimages")
        return result.output.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
    }

    /// Poppler reports a damaged file ("Syntax Error", "Invalid XRef entry"…) on standard error
    /// and carries on; a well-formed file gives it nothing to say.
    private static func requireNoComplaints(_ errors: String, from tool: String) throws {
        let trimmed = errors.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { throw Failure(description: "\(tool) complained: \(trimmed)") }
    }
}
