import OrderKit
import Foundation
import Markup
import ZIPFoundation

/// The parts of an XLSX file (a ZIP archive, ECMA-376 Part 2 "Open Packaging Conventions"),
/// read in memory with ZIPFoundation, each parsed as XML with libxml2.
///
/// Every byte unzipped counts against `limits.maximumBytes`, checked against the size the ZIP
/// directory declares before unzipping and again while unzipping (a ZIP bomb may declare a
/// small size and inflate to gigabytes), so no more than the limit is ever held in memory.
final class XLSXPackage {
    private let archive: Archive
    private let limits: SpreadsheetLimits
    private var bytesRead = 0
    /// Part names in the archive, for case-insensitive look-ups (some writers capitalise).
    private let entryNames: [String: String]

    init(_ bytes: [UInt8], limits: SpreadsheetLimits) throws(SpreadsheetError) {
        do {
            archive = try Archive(data: Data(bytes), accessMode: .read)
        } catch {
            throw .damagedArchive(reason: "no ZIP directory was found")
        }
        self.limits = limits
        var names: [String: String] = [:]
        for entry in archive where entry.type == .file {
            names[entry.path.lowercased()] = entry.path
        }
        entryNames = names
    }

    var partNames: [String] { Array(entryNames.values) }

    func contains(_ part: String) -> Bool {
        entryNames[part.lowercased()] != nil
    }

    /// The part's bytes; nil when the archive has no such part.
    func bytes(of part: String) throws(SpreadsheetError) -> [UInt8]? {
        guard let name = entryNames[part.lowercased()], let entry = archive[name] else { return nil }
        let remaining = limits.maximumBytes - bytesRead
        guard entry.uncompressedSize <= UInt64(max(remaining, 0)) else { throw .tooLarge(limit: limits.maximumBytes) }
        var result: [UInt8] = []
        result.reserveCapacity(Int(entry.uncompressedSize))
        var exceeded = false
        do {
            let checksum = try archive.extract(entry) { chunk in
                guard result.count + chunk.count <= remaining else {
                    exceeded = true
                    throw CancellationError()
                }
                result.append(contentsOf: chunk)
            }
            // `extract` computes the CRC-32 but leaves comparing it to the caller.
            guard checksum == entry.checksum else { throw Archive.ArchiveError.invalidCRC32 }
        } catch {
            if exceeded { throw .tooLarge(limit: limits.maximumBytes) }
            throw .damagedPart(part, reason: Self.describe(error))
        }
        bytesRead += result.count
        return result
    }

    /// The part parsed as XML; nil when the archive has no such part.
    func xml(_ part: String) throws(SpreadsheetError) -> MarkupDocument? {
        guard let bytes = try bytes(of: part) else { return nil }
        do {
            let document = try MarkupDocument.xml(bytes)
            guard document.root != nil else { throw MarkupError.unparsable(reason: "no root element") }
            return document
        } catch {
            throw .damagedPart(part, reason: "not well-formed XML")
        }
    }

    /// The part parsed as XML, or an error naming it when it is absent.
    func requiredXML(_ part: String) throws(SpreadsheetError) -> MarkupDocument {
        guard let document = try xml(part) else { throw .missingPart(part) }
        return document
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case Archive.ArchiveError.invalidCRC32: "its checksum does not match"
        case Archive.ArchiveError.invalidCompressionMethod: "it uses a compression method other than deflate"
        default: "it cannot be unzipped"
        }
    }
}
