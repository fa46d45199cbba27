@preconcurrency import Benchmark

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(5), maxIterations: 200)
    encodeBenchmarks()
    batchEncodeBenchmarks()
    decodeBenchmarks()
    loadBenchmarks()
}
