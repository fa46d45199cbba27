// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for Bottega, in a package of their own so the normal build never compiles
// them: they only link with `-sanitize=fuzzer`. Build and run one with
// `scripts/fuzz TARGET SECONDS` from the repository root.
//
// To add a target: a folder Sources/<Name>/ with a main.swift that passes its test function to
// `LLVMFuzzerRunDriver` (copy ImageLoaderFuzzer's), and one line in `targets` below.
let package = Package(
    name: "BottegaFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Bottega", path: "..")],
    targets: [
        .target(name: "FuzzerDriver"),
        fuzzer("ImageLoaderFuzzer", uses: "BarcodeKit"),
        fuzzer("BarcodeDecoderFuzzer", uses: "BarcodeKit"),
        fuzzer("MultipartFuzzer", uses: "Uploads"),
        fuzzer("BibTeXImportFuzzer", uses: "ScholarKit"),
        fuzzer("RISImportFuzzer", uses: "ScholarKit"),
        fuzzer("CSVImportFuzzer", uses: "ScholarKit"),
    ]
)

/// An executable that hands its command line to libFuzzer, with one library of the root package.
func fuzzer(_ name: String, uses library: String) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzerDriver", .product(name: library, package: "Bottega")])
}
