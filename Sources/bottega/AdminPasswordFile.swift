import ArgumentParser
import Foundation

/// An admin password read from a file: a flag would show it to every user of the machine in `ps`.
enum AdminPasswordFile {
    /// The file's first line, or nil when no file is given; an unreadable or empty file is a usage error.
    static func read(_ path: String?, option: String) throws -> String? {
        guard let path else { return nil }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ValidationError("\(option) \(path) cannot be read: \(error.localizedDescription)")
        }
        let password = String(text.split(whereSeparator: \.isNewline).first ?? "")
        guard !password.isEmpty else { throw ValidationError("\(option) \(path) is empty: put the password on its first line.") }
        return password
    }
}
