extension Double {
    /// The value truncated toward zero as an `Int`, for pixel coordinates and counts computed
    /// from a geometry estimate. A degenerate image (found by fuzzing) can send a perspective
    /// estimate to infinity or NaN, on which `Int(_:)` traps; here they become ±2³⁰ (NaN the
    /// negative end), far outside any image, so the caller's bounds checks reject them.
    @inline(__always)
    var clampedInt: Int {
        let limit = 1_073_741_824.0
        guard self > -limit else { return -1_073_741_824 }  // also NaN
        return self < limit ? Int(self) : 1_073_741_824
    }
}
