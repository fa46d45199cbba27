#include <stddef.h>
#include <stdint.h>
#include <string.h>

// One row of 8-bit samples turned into grey: the arithmetic of bottega_png_decode_gray_image (see
// there for why luma on the gamma-encoded values, composited on white), shared by the row readers.

typedef uint8_t bottega_png_bytes48 __attribute__((ext_vector_type(48)));
typedef uint8_t bottega_png_bytes16 __attribute__((ext_vector_type(16)));
typedef uint32_t bottega_png_words16 __attribute__((ext_vector_type(16)));

/// The grey of sixteen RGB pixels (48 bytes): BT.601 weights in 16-bit fixed point, rounded, as
/// libjpeg's rgb_gray_convert.
static inline void bottega_png_luma16(const uint8_t *pixels, uint8_t *grey) {
    bottega_png_bytes48 rgb;
    memcpy(&rgb, pixels, sizeof rgb);
    bottega_png_words16 red = __builtin_convertvector(__builtin_shufflevector(rgb, rgb, 0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45), bottega_png_words16);
    bottega_png_words16 green = __builtin_convertvector(__builtin_shufflevector(rgb, rgb, 1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46), bottega_png_words16);
    bottega_png_words16 blue = __builtin_convertvector(__builtin_shufflevector(rgb, rgb, 2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35, 38, 41, 44, 47), bottega_png_words16);
    bottega_png_words16 luma = (19595u * red + 38470u * green + 7471u * blue + 32768u) >> 16;
    bottega_png_bytes16 bytes = __builtin_convertvector(luma, bottega_png_bytes16);
    memcpy(grey, &bytes, sizeof bytes);
}

/// The grey of `columns` pixels of `channels` 8-bit samples each (1 grey or palette index, 2 grey
/// and alpha, 3 RGB, 4 RGBA). A palette image passes its 256 greys in `palette_grey`, others NULL.
/// `samples` and `grey` may be the same buffer when `channels` is 1.
static inline void bottega_png_grey_row(const uint8_t *samples, size_t channels, size_t columns,
                                        const uint8_t *palette_grey, uint8_t *grey) {
    if (channels == 1) {
        if (palette_grey != NULL) {
            for (size_t x = 0; x < columns; x++) grey[x] = palette_grey[samples[x]];
        } else if (samples != grey) {
            memcpy(grey, samples, columns);
        }
        return;
    }
    if (channels == 3) {
        size_t x = 0;
        // Most photos are RGB: sixteen pixels at a time in clang's portable vectors, the same
        // integer arithmetic as the loop below (the compiler does not vectorise that loop's
        // three-byte stride on plain x86-64 by itself).
        for (; x + 16 <= columns; x += 16) {
            bottega_png_luma16(samples + x * 3, grey + x);
        }
        for (; x < columns; x++) {
            const uint8_t *pixel = samples + x * 3;
            grey[x] = (uint8_t)((19595u * pixel[0] + 38470u * pixel[1] + 7471u * pixel[2] + 32768u) >> 16);
        }
        return;
    }
    int colour = channels >= 3;
    for (size_t x = 0; x < columns; x++) {
        const uint8_t *pixel = samples + x * channels;
        uint32_t luma = colour
            ? (19595u * pixel[0] + 38470u * pixel[1] + 7471u * pixel[2] + 32768u) >> 16
            : pixel[0];
        uint32_t opacity = pixel[channels - 1];
        grey[x] = (uint8_t)((luma * opacity + 255u * (255u - opacity) + 127u) / 255u);
    }
}
