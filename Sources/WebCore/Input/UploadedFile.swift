import Foundation
import Hummingbird
import NIOCore
import Uploads

/// A file sent to Bottega — a photo to scan or verify, a spreadsheet for the back office: the
/// file field of a `multipart/form-data` form (the screens work without JavaScript), or the raw
/// body of an API request.
package struct UploadedFile: Sendable {
    package init(bytes: [UInt8], filename: String? = nil) {
        self.bytes = bytes
        self.filename = filename
    }

    package let bytes: [UInt8]
    /// The name the browser gave the file, when it was a form's file field.
    package var filename: String?

    /// A phone photo is a few megabytes; anything above this is refused before it is read.
    package static let limit = 16 * 1024 * 1024

    package enum Failure: PublicFailure, Equatable {
        case tooLarge
        case missing(field: String)
        case unreadableForm(String)
        /// Too many uploads (or other slow work) are being read; try again.
        case busy

        package var message: String {
            switch self {
            case .tooLarge: "The file is larger than \(UploadedFile.limit / 1_048_576) MB; send a smaller one."
            case .missing(let field): "No file was sent: choose one for the “\(field)” field."
            case .unreadableForm(let reason): "The upload could not be read (\(reason)); send the form again."
            case .busy: SlowWork.Busy().message
            }
        }

        package var status: HTTPResponse.Status {
            switch self {
            case .tooLarge: .contentTooLarge
            case .missing, .unreadableForm: .badRequest
            case .busy: .serviceUnavailable
            }
        }

        package var code: String {
            switch self {
            case .tooLarge: "too_large"
            case .missing, .unreadableForm: "bad_upload"
            case .busy: "busy"
            }
        }

        package var headers: HTTPFields { self == .busy ? SlowWork.Busy().headers : [:] }
    }

    /// The body of a request: a form's `field` when it is multipart, else the whole body.
    package static func read(from request: Request, field: String) async throws(Failure) -> UploadedFile {
        try await readForm(from: request, file: field, texts: []).file
    }

    /// The file of a form and its text fields named `texts` (each at most
    /// `InputLimits.textField` characters, "" when absent).
    package static func readForm(from request: Request, file field: String, texts: [String]) async throws(Failure) -> (file: UploadedFile, texts: [String: String]) {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw .tooLarge
        }
        let contentType = request.headers[.contentType] ?? ""
        guard contentType.lowercased().hasPrefix("multipart/form-data") else {
            guard buffer.readableBytes > 0 else { throw .missing(field: field) }
            return (UploadedFile(bytes: Array(buffer: buffer)), [:])
        }
        // On the slow-work threads: MultipartKit's parser takes most of a second of CPU on a 16 MB
        // body made to slow it (Fuzz/'s MultipartFuzzer), too long for a thread answering requests.
        let parsed: Result<((body: ByteBuffer, filename: String?)?, [String: String]), MultipartFormError>
        do {
            parsed = try await SlowWork.current.result { () throws(MultipartFormError) in
                let boundary = try MultipartForm.boundary(in: contentType)
                let file = try MultipartForm.part(named: field, in: buffer, boundary: boundary)
                var values: [String: String] = [:]
                for name in texts {
                    guard let part = try MultipartForm.file(named: name, in: buffer, boundary: boundary) else { continue }
                    values[name] = String(String(decoding: part.readableBytesView, as: UTF8.self).prefix(InputLimits.textField))
                }
                return (file, values)
            }
        } catch {
            throw .busy
        }
        let file: (body: ByteBuffer, filename: String?)?
        let values: [String: String]
        switch parsed {
        case .success(let found): (file, values) = found
        case .failure(let error): throw .unreadableForm(error.reason)
        }
        guard let file, file.body.readableBytes > 0 else { throw .missing(field: field) }
        return (UploadedFile(bytes: Array(buffer: file.body), filename: file.filename), values)
    }
}
