extension RGBAImage {
    /// Draws `text` in the embedded 5×7 ``BitmapFont`` with its top-left corner at (`x`, `y`),
    /// each font unit `scale` × `scale` pixels. Ink stays inside the box that
    /// ``BitmapFont/size(of:scale:)`` reports; pixels outside the image are clipped.
    public mutating func drawText(_ text: String, x: Int, y: Int, scale: Int = 1, color: RGBAColor) {
        let scale = max(1, scale)
        for (index, character) in BitmapFont.printable(text).enumerated() {
            let left = x + index * BitmapFont.advance * scale
            for (row, bits) in BitmapFont.rows(of: character).enumerated() {
                for column in 0..<BitmapFont.glyphWidth where bits & (0x10 >> column) != 0 {
                    fillRectangle(x: left + column * scale, y: y + row * scale, width: scale, height: scale, color: color)
                }
            }
        }
    }
}
