import ArgumentParser
import Foundation
import ShopKit

/// `bottega shop …`: the PrestaShop webservice SDK from a shell.
struct ShopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shop",
        abstract: "Read PrestaShop webservice documents, fetch them from a shop, or replay recorded ones.",
        subcommands: [ShopDecodeCommand.self, ShopGetCommand.self, ShopQuoteCommand.self, ShopReplayCommand.self]
    )
}

/// `bottega shop decode FILE.xml|FILE.json [--format json|text]`.
struct ShopDecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Print the records a webservice document holds, as ShopKit's models.",
        discussion: """
            JSON (the default) uses the models' field names (camelCase; money as decimal strings; \
            texts by language id). `text` prints one line per record or reference. A document of \
            the shop's errors prints them and exits 3; a file that is not a webservice document exits 1.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    @Argument(help: "A webservice answer saved as XML (default output) or JSON (output_format=JSON).") var file: String
    @Option(help: "json: the models; text: one line per record.") var format: Format = .json

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw CommandFailure("cannot read \(file): \(error.localizedDescription)")
        }
        let document: WebserviceDocument
        do throws(DocumentError) {
            document = try Self.isJSON(bytes) ? WebserviceDocument(json: bytes) : WebserviceDocument(xml: bytes)
        } catch .shopErrors(let errors) {
            // The shop answered with its own error document: a result, not an unreadable file.
            for error in errors { print("error \(error.code.map(String.init) ?? "-"): \(error.message)") }
            throw ExitCode(3)
        } catch {
            throw CommandFailure("\(file): \(error.localizedDescription)")
        }
        switch format {
        case .text:
            for line in Self.lines(document) { print(line) }
        case .json:
            do {
                print(try ShopModels.json(try ShopModels.decode(document)))
            } catch let error as ModelError {
                throw CommandFailure("\(file): \(error.localizedDescription)")
            }
        }
    }

    /// JSON begins with `{` or `[`; everything else is read as XML (whose errors then say why).
    static func isJSON(_ bytes: [UInt8]) -> Bool {
        let first = bytes.drop(while: { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }).first
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    static func lines(_ document: WebserviceDocument) -> [String] {
        document.contents.flatMap { content -> [String] in
            switch content {
            case .record(let record): [line(record)]
            case .records(_, let records): records.map(line)
            case .references(_, let references): references.map { "\($0.element) \($0.id)\($0.name.map { "\t\($0)" } ?? "")" }
            case .emptyList(let wrapper): ["(no \(wrapper ?? "records"))"]
            case .api(let index): ["shop \(index.shopName ?? "?")"] + index.resources.map { "\($0.name)\t\($0.methods.sorted().joined(separator: ","))" }
            }
        }
    }

    private static func line(_ record: WebserviceRecord) -> String {
        let name = ["name", "firstname", "lastname", "email", "reference", "iso_code"].compactMap { key -> String? in
            guard let field = record.field(key) else { return nil }
            switch field.value {
            case .text(let text): return text.isEmpty ? nil : text
            case .languages(let values): return values.first(where: { !$0.text.isEmpty })?.text
            case .nested: return nil
            }
        }.joined(separator: " ")
        return "\(record.element) \(record.id.map(String.init) ?? "-")\(name.isEmpty ? "" : "\t\(name)")"
    }
}
