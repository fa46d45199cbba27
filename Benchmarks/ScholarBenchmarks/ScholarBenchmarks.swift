import Benchmark
import ScholarKit

let benchmarks: @Sendable () -> Void = {
}
