import BarcodeKit
import Foundation
import FuzzerDriver

/// Any bytes at all must give an image or a typed ImageError: never a crash, a sanitizer
/// report, a hang or an image beyond the loader's limit.
func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    do {
        let image = try ImageLoader.load(bytes)
        // The promise every decoder relies on.
        precondition(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height)
        precondition(image.pixels.count <= GrayImage.maximumPixelCount)
    } catch {
        precondition(error.errorDescription?.isEmpty == false)
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { testOneInput($0, $1) })
