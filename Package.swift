// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Bottega",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ScholarKit", targets: ["ScholarKit"]),
        .executable(name: "bottega", targets: ["bottega"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(name: "ScholarKit"),
        .executableTarget(
            name: "bottega",
            dependencies: [
                "ScholarKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "ScholarKitTests",
            dependencies: [
                "ScholarKit",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "bottegaTests", dependencies: ["bottega"]),
        .executableTarget(
            name: "ScholarBenchmarks",
            dependencies: [
                "ScholarKit",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ScholarBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
