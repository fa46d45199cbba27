import ArgumentParser
import BarcodeKit
import Foundation

enum BatchFileFormat: String, ExpressibleByArgument, CaseIterable { case svg, png }

/// One text of a batch and where it came from, so a refusal can name it.
struct BatchText {
    /// "line 7" for standard input, "argument 3" for the command line.
    let place: String
    let text: String

    /// Standard input's texts, one per line (LF or CRLF); blank lines are skipped but counted.
    static func lines(of input: [UInt8]) -> [BatchText] {
        var texts: [BatchText] = []
        var lineNumber = 0
        for line in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var bytes = line[...]
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
            let text = String(decoding: bytes, as: UTF8.self)
            if text.allSatisfy(\.isWhitespace) { continue }
            texts.append(BatchText(place: "line \(lineNumber)", text: text))
        }
        return texts
    }
}

/// File names from a batch's `--name` template.
enum BatchFileNames {
    static let placeholders = ["{n}", "{text}", "{type}"]

    static func check(template: String) throws {
        var rest = template
        for placeholder in placeholders { rest = rest.replacingOccurrences(of: placeholder, with: "") }
        if rest.contains("{") || rest.contains("}") {
            throw ValidationError("--name \(template): the placeholders are {n}, {text} and {type}.")
        }
        if template.contains("/") { throw ValidationError("--name \(template): a name cannot hold '/'; --output-dir chooses the folder.") }
        if !template.contains("{n}"), !template.contains("{text}") {
            throw ValidationError("--name \(template): every file would get the same name; use {n} or {text}.")
        }
    }

    /// The name of the `index`-th (0-based) of `count` files.
    static func name(template: String, index: Int, count: Int, text: String, type: String, format: BatchFileFormat) -> String {
        let width = String(count).count
        let number = String(index + 1)
        let padded = String(repeating: "0", count: max(0, width - number.count)) + number
        let name = template
            .replacingOccurrences(of: "{n}", with: padded)
            .replacingOccurrences(of: "{text}", with: safe(text))
            .replacingOccurrences(of: "{type}", with: type)
        return name + "." + format.rawValue
    }

    /// The text as a file name: letters, digits, '.', '-' and '_' kept, the rest '_', at most 100
    /// characters, never "." or "..".
    static func safe(_ text: String) -> String {
        let kept = text.unicodeScalars.prefix(100).map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        }
        let name = String(kept)
        return name.allSatisfy { $0 == "." } ? name.replacingOccurrences(of: ".", with: "_") : name
    }
}

extension BarcodeEncodeCommand {
    /// Writes one file per text; a text that cannot be encoded is reported and skipped, and the
    /// batch then ends with exit status 1 after every good one is written.
    func runBatch(into directory: String) throws {
        let batch = stdin
            ? BatchText.lines(of: Array(FileHandle.standardInput.readDataToEndOfFile()))
            : texts.enumerated().map { BatchText(place: "argument \($0.offset + 1)", text: $0.element) }
        if batch.isEmpty { throw CommandFailure("standard input holds no text to encode (blank lines are skipped)") }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot make the folder \(directory): \(error.localizedDescription)")
        }
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        let names = batch.indices.map {
            BatchFileNames.name(template: name, index: $0, count: batch.count, text: batch[$0].text, type: symbology.rawValue, format: format)
        }
        try refuseSharedNames(names, batch: batch)
        var failures = 0
        for (item, fileName) in zip(batch, names) {
            let drawing: Drawing
            do {
                drawing = try encode(item.text)
            } catch {
                failures += 1
                StandardError.write("\(item.place): \(error.localizedDescription); skipped")
                continue
            }
            let bytes = switch format {
            case .svg: Array(drawing.svg().utf8)
            case .png: try drawing.png(scale: scale)
            }
            do {
                // Not atomic: a thousand renames cost more than the files, and a batch re-run rewrites them.
                try Data(bytes).write(to: folder.appendingPathComponent(fileName))
            } catch {
                throw CommandFailure("cannot write \(folder.appendingPathComponent(fileName).path): \(error.localizedDescription)")
            }
        }
        StandardError.write("wrote \(batch.count - failures) of \(batch.count) codes to \(directory)")
        if failures > 0 { throw ExitCode.failure }
    }

    /// Two texts with one file name would leave only the last: refused before anything is written.
    private func refuseSharedNames(_ names: [String], batch: [BatchText]) throws {
        var firstPlace: [String: String] = [:]
        for (item, fileName) in zip(batch, names) {
            if let earlier = firstPlace[fileName] {
                throw CommandFailure("\(earlier) and \(item.place) would both be written to \(fileName); add {n} to --name")
            }
            firstPlace[fileName] = item.place
        }
    }
}
