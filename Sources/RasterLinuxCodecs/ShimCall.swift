/// A C message buffer as text, or `fallback` when the library left it empty.
func messageText(_ message: [CChar], fallback: String) -> String {
    let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let reason = String(decoding: bytes, as: UTF8.self)
    return reason.isEmpty ? fallback : reason
}

/// The signature every decoder of the CPNG and CJPEG shims has: bytes in; a status, the pixel
/// buffer (allocated by the shim), its size and a message out.
typealias ShimDecoder = (
    UnsafePointer<UInt8>?, Int, UInt64, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<UInt32>?,
    UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<CChar>?, Int
) -> Int32

/// What one shim call gave: its status, the width and height it read from the header (set even
/// when the image is refused as too large), the pixels on success, and its message.
struct ShimOutcome {
    let status: Int
    let width: Int
    let height: Int
    let pixels: [UInt8]?
    let message: [CChar]
}

/// Calls `decode` on `bytes`, copies the `channels`-byte pixels it allocated and frees them with `free`.
func callShim(
    _ decode: ShimDecoder, free: (UnsafeMutableRawPointer?) -> Void, bytes: [UInt8], maximumPixelCount: Int, channels: Int,
    messageCapacity: Int
) -> ShimOutcome {
    var output: UnsafeMutablePointer<UInt8>?
    var width: UInt32 = 0
    var height: UInt32 = 0
    var message = [CChar](repeating: 0, count: messageCapacity)
    let limit = UInt64(max(0, maximumPixelCount))
    let status = bytes.withUnsafeBufferPointer { data in
        decode(data.baseAddress, data.count, limit, &output, &width, &height, &message, messageCapacity)
    }
    defer { free(output) }
    let pixels = output.map { Array(UnsafeBufferPointer(start: $0, count: Int(width) * Int(height) * channels)) }
    return ShimOutcome(status: Int(status), width: Int(width), height: Int(height), pixels: pixels, message: message)
}
