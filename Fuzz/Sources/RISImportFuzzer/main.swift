import Foundation
import FuzzerDriver
import ImportFuzzing

/// Any bytes read as a RIS upload (`checkImport`).
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { checkImport($0, $1, as: .ris, file: "upload.ris") })
