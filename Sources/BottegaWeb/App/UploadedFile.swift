import Foundation
import Hummingbird
import MultipartKit
import NIOCore

/// A file sent to Bottega — a photo to scan or verify, a spreadsheet for the back office: the
/// file field of a `multipart/form-data` form (the screens work without JavaScript), or the raw
/// body of an API request.
struct UploadedFile: Sendable {
    let bytes: [UInt8]

    /// A phone photo is a few megabytes; anything above this is refused before it is read.
    static let limit = 16 * 1024 * 1024

    enum Failure: Error, Equatable {
        case tooLarge
        case missing(field: String)
        case unreadableForm(String)

        var message: String {
            switch self {
            case .tooLarge: "The file is larger than \(UploadedFile.limit / 1_048_576) MB; send a smaller one."
            case .missing(let field): "No file was sent: choose one for the “\(field)” field."
            case .unreadableForm(let reason): "The upload could not be read (\(reason)); send the form again."
            }
        }
    }

    /// The body of a request: a form's `field` when it is multipart, else the whole body.
    static func read(from request: Request, field: String) async throws(Failure) -> UploadedFile {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw .tooLarge
        }
        let contentType = request.headers[.contentType] ?? ""
        guard contentType.lowercased().hasPrefix("multipart/form-data") else {
            guard buffer.readableBytes > 0 else { throw .missing(field: field) }
            return UploadedFile(bytes: Array(buffer: buffer))
        }
        guard let boundary = boundary(in: contentType) else { throw .unreadableForm("no multipart boundary") }
        let parts: [MultipartPart]
        do {
            parts = try MultipartParts.parse(buffer, boundary: boundary)
        } catch {
            throw .unreadableForm(String(describing: error))
        }
        guard let part = parts.firstPart(named: field), part.body.readableBytes > 0 else { throw .missing(field: field) }
        return UploadedFile(bytes: Array(buffer: part.body))
    }

    /// The boundary parameter of `multipart/form-data; boundary=…` (quoted or not).
    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}

/// The parts of a multipart body, through MultipartKit's streaming parser.
enum MultipartParts {
    static func parse(_ buffer: ByteBuffer, boundary: String) throws -> [MultipartPart] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [MultipartPart] = []
        var headers = HTTPHeaders()
        var body = ByteBuffer()
        parser.onHeader = { name, value in headers.add(name: name, value: value) }
        parser.onBody = { chunk in body.writeBuffer(&chunk) }
        parser.onPartComplete = {
            parts.append(MultipartPart(headers: headers, body: body))
            headers = HTTPHeaders()
            body = ByteBuffer()
        }
        try parser.execute(buffer)
        return parts
    }
}
