import Foundation
import FuzzerDriver
import ImportFuzzing

/// Any bytes read as a CSV upload (`checkImport`).
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { checkImport($0, $1, as: .csv, file: "upload.csv") })
