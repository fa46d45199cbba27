import Foundation
import Hummingbird
import NIOCore
import Uploads

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
        let file: ByteBuffer?
        do throws(MultipartFormError) {
            file = try MultipartForm.file(named: field, in: buffer, boundary: try MultipartForm.boundary(in: contentType))
        } catch {
            throw .unreadableForm(error.reason)
        }
        guard let file, file.readableBytes > 0 else { throw .missing(field: field) }
        return UploadedFile(bytes: Array(buffer: file))
    }
}
