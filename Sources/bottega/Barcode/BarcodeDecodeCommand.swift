import ArgumentParser
import BarcodeKit
import Dispatch
import Foundation
import Synchronization

/// `bottega barcode decode IMAGE…`.
struct BarcodeDecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Find and read the barcodes and QR Codes in PNG, JPEG, PGM or raw greyscale images.",
        discussion: """
        Exit status: 0 when something was found, 1 when nothing was found in any image, 2 when an \
        image could not be read (damaged, not an image, too large). UPC-A and UPC-E texts are their \
        13-digit GTIN; an EAN add-on's digits follow the main number. In JSON, `rawBytes` is base64.
        """
    )

    @Argument(help: "The image files.") var images: [String]
    @Option(help: "text or json.") var format: OutputFormat = .text
    @Option(name: .customLong("type"), parsing: .upToNextOption, help: "Only these symbologies: ean13, ean8, upca, upce, code128, qr, microqr.")
    var symbologies: [DecodedSymbology] = []
    @Option(name: .customLong("addon"), help: "EAN-2/EAN-5 add-ons after EAN-13, UPC-A and UPC-E: ignore, read (default) or require, as zxing-cpp's Eanaddonsymbol.")
    var addOn: AddOnChoice = .read
        @Option(help: "Read the files as raw 8-bit greyscale pixels of this size, e.g. 640x480.") var raw: RawSize?
    @Option(help: "Images decoded at once (default: one per core); the output keeps the files' order.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    /// What `--type` names: what `encode` writes, and Micro QR, which BarcodeKit reads only.
    enum DecodedSymbology: String, ExpressibleByArgument, CaseIterable {
        case ean13, ean8, upca, upce, code128, qr, microqr

        var format: BarcodeFormat {
            // Every name but microqr is one `encode` draws, and means what it means there.
            BarcodeEncodeCommand.Symbology(rawValue: rawValue)?.format ?? .microQRCode
        }
    }

    enum AddOnChoice: String, ExpressibleByArgument, CaseIterable {
        case ignore, read, require

        var policy: LinearReader.AddOnPolicy {
            switch self {
            case .ignore: .ignore
            case .read: .read
            case .require: .require
            }
        }
    }

    /// `--raw 640x480`.
    struct RawSize: ExpressibleByArgument {
        let width: Int
        let height: Int
        init?(argument: String) {
            let parts = argument.lowercased().split(separator: "x")
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else { return nil }
            self.width = width
            self.height = height
        }
    }

    struct FileDocument: Encodable {
        let file: String
        let results: [ResultDocument]
        var error: String?
    }

    struct ResultDocument: Encodable {
        let format: String
        let text: String
        let rawBytes: String
        let symbologyIdentifier: String
        let position: [ImagePoint]
        let addOn: String?
        let qrVersion: Int?
        let errorCorrection: String?
        let structuredAppend: StructuredAppendDocument?

        init(_ barcode: DecodedBarcode) {
            format = barcode.format.rawValue
            text = barcode.text
            rawBytes = Data(barcode.rawBytes).base64EncodedString()
            symbologyIdentifier = barcode.symbologyIdentifier
            position = barcode.position
            addOn = barcode.details.addOn
            qrVersion = barcode.details.qrVersion
            errorCorrection = barcode.details.errorCorrection?.letter
            structuredAppend = barcode.details.structuredAppend.map {
                StructuredAppendDocument(index: $0.index, count: $0.count, parity: Int($0.parity))
            }
        }
    }

    struct StructuredAppendDocument: Encodable {
        let index: Int
        let count: Int
        let parity: Int
    }

    func validate() throws {
        if images.isEmpty { throw ValidationError("Give at least one image file.") }
        if !(1...256).contains(jobs) { throw ValidationError("--jobs \(jobs) must be between 1 and 256.") }
    }

    func run() throws {
        let reader = BarcodeReader(formats: symbologies.isEmpty ? Set(BarcodeFormat.allCases) : Set(symbologies.map(\.format)), addOns: addOn.policy)
        let documents = decodeAll(with: reader)
        switch format {
        case .json:
            try JSONOutput.print(documents)
        case .text:
            for document in documents {
                if let error = document.error {
                    StandardError.write("\(document.file): \(error)")
                } else if document.results.isEmpty {
                    print("\(document.file): nothing found")
                }
                for result in document.results {
                    print("\(document.file): \(result.format) \(result.text)")
                }
            }
        }
        if documents.contains(where: { $0.error != nil }) { throw ExitCode(2) }
        if documents.allSatisfy({ $0.results.isEmpty }) { throw ExitCode.failure }
    }

    /// Every image, `jobs` at a time: each worker takes the next file not yet taken (photos
    /// differ tenfold in cost, so fixed shares would leave a core idle), and writes its own slot.
    private func decodeAll(with reader: BarcodeReader) -> [FileDocument] {
        let paths = images, raw = raw
        let workers = min(jobs, paths.count)
        guard workers > 1 else { return paths.map { Self.decode($0, raw: raw, with: reader) } }
        var documents = [FileDocument?](repeating: nil, count: paths.count)
        let next = Atomic<Int>(0)
        documents.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < paths.count else { return }
                    slots[index] = Self.decode(paths[index], raw: raw, with: reader)
                }
            }
        }
        return documents.map { $0! }
    }

    private static func decode(_ path: String, raw: RawSize?, with reader: BarcodeReader) -> FileDocument {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            return FileDocument(file: path, results: [], error: "cannot read the file: \(error.localizedDescription)")
        }
        do {
            let found = if let raw {
                reader.decode(try ImageLoader.loadRaw(bytes, width: raw.width, height: raw.height))
            } else {
                try reader.decode(imageFile: bytes)
            }
            return FileDocument(file: path, results: found.map(ResultDocument.init))
        } catch {
            return FileDocument(file: path, results: [], error: error.localizedDescription)
        }
    }
}

extension BarcodeEncodeCommand.Symbology {
    var format: BarcodeFormat {
        switch self {
        case .ean13: .ean13
        case .ean8: .ean8
        case .upca: .upcA
        case .upce: .upcE
        case .code128: .code128
        case .qr: .qrCode
        }
    }
}
