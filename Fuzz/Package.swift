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
        .target(name: "ImportFuzzing", dependencies: [.product(name: "ScholarKit", package: "Bottega")]),
        fuzzer("BibTeXImportFuzzer", uses: "ImportFuzzing"),
        fuzzer("RISImportFuzzer", uses: "ImportFuzzing"),
        fuzzer("CSVImportFuzzer", uses: "ImportFuzzing"),
    ]
)

/// An executable that hands its command line to libFuzzer, with one library of the root package
/// (or of this one: ImportFuzzing, the importers' shared check).
func fuzzer(_ name: String, uses library: String) -> Target {
    let dependency: Target.Dependency = library == "ImportFuzzing" ? "ImportFuzzing" : .product(name: library, package: "Bottega")
    return .executableTarget(name: name, dependencies: ["FuzzerDriver", dependency])
}
