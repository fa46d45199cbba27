import Foundation

/// The outcome of running the real `bottega` executable.
struct CommandLineRun {
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// The directory SwiftPM built the products into: the test runner lives there too.
    static let productsDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

    /// Runs `bottega` with `arguments` in `directory`, as a user would from a shell.
    static func bottega(_ arguments: String..., in directory: URL? = nil, environment: [String: String] = [:]) throws -> CommandLineRun {
        try bottega(arguments: arguments, in: directory, environment: environment)
    }

    /// `environment` is added to the test's own environment; `input`, when given, is the
    /// command's standard input.
    static func bottega(arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], input: String? = nil) throws -> CommandLineRun {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("bottega")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let standardInput = Pipe()
        if input != nil { process.standardInput = standardInput }
        try process.run()
        if let input {
            standardInput.fileHandleForWriting.write(Data(input.utf8))
            try standardInput.fileHandleForWriting.close()
        }
        // Read both pipes before waiting, so a large output cannot fill a pipe and block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandLineRun(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }
}

/// A fresh folder under the system's temporary directory, removed when the test ends.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("bottega-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `contents` to a file called `name` in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)
        return file.path
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

extension CommandLineRun {
    /// Runs `bottega` on a Dispatch thread, so that waiting for it does not hold one of the
    /// few concurrency threads a local test server in this process needs to answer it.
    static func bottegaAsync(arguments: [String], environment: [String: String] = [:]) async throws -> CommandLineRun {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try bottega(arguments: arguments, environment: environment) })
            }
        }
    }
}
