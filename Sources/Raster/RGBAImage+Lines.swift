extension RGBAImage {
    /// Draws a straight line between two pixel centres, `thickness` pixels wide, both ends
    /// included. Axis-aligned lines are exact rectangles; other lines step along the major axis
    /// (Bresenham 1965) and stamp a square at each step, which is all a chart's diagonal needs.
    public mutating func drawLine(fromX x0: Int, y y0: Int, toX x1: Int, y y1: Int, thickness: Int = 1, color: RGBAColor) {
        let thickness = max(1, thickness)
        let before = (thickness - 1) / 2
        if y0 == y1 {
            fillRectangle(x: min(x0, x1), y: y0 - before, width: abs(x1 - x0) + 1, height: thickness, color: color)
            return
        }
        if x0 == x1 {
            fillRectangle(x: x0 - before, y: min(y0, y1), width: thickness, height: abs(y1 - y0) + 1, color: color)
            return
        }
        // Stamps overlap along the line, so a translucent colour would darken where they do;
        // each pixel is painted once by collecting them first.
        var painted = Set<Int>()
        let deltaX = abs(x1 - x0), deltaY = -abs(y1 - y0)
        let stepX = x0 < x1 ? 1 : -1, stepY = y0 < y1 ? 1 : -1
        var error = deltaX + deltaY
        var x = x0, y = y0
        while true {
            for row in (y - before)..<(y - before + thickness) {
                for column in (x - before)..<(x - before + thickness) where contains(x: column, y: row) {
                    painted.insert(row * width + column)
                }
            }
            if x == x1 && y == y1 { break }
            let doubled = 2 * error
            if doubled >= deltaY { error += deltaY; x += stepX }
            if doubled <= deltaX { error += deltaX; y += stepY }
        }
        for index in painted {
            blend(color, x: index % width, y: index / width)
        }
    }
}
