import Foundation
import Testing

/// Node, to run a browser module's rules outside the browser.
package enum NodeRunner {
    package static var path: String? {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/node" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Writes the vectors and the checking script to a scratch folder, runs the script on them,
    /// and reads the JSON it prints (`{"checked": N, "mismatches": [...]}`).
    package static func check(_ vectors: some Encodable, node: String, script: String) throws -> [String: Any] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("node-vectors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("vectors.json")
        try JSONEncoder().encode(vectors).write(to: file)
        let check = folder.appendingPathComponent("check.mjs")
        try script.write(to: check, atomically: true, encoding: .utf8)
        let output = try run(node, [check.path, file.path])
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "node printed: \(output)")
    }

    /// A module's URL as a JavaScript string literal, for an `import`.
    package static func literal(_ module: URL) -> String {
        String(decoding: (try? JSONEncoder().encode(module.absoluteString)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    package static func run(_ node: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
