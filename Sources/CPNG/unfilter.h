#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

// PNG's five row filters undone (PNG specification, 2nd edition, clause 9.2), for rows of whole
// bytes: 8-bit samples, 1 to 4 per pixel. Used by bottega_png_read_image_data, which inflates the
// image data through ISA-L because libpng can only inflate through zlib; for every other file
// libpng unfilters as before.

enum {
    BOTTEGA_PNG_FILTER_NONE = 0,
    BOTTEGA_PNG_FILTER_SUB = 1,
    BOTTEGA_PNG_FILTER_UP = 2,
    BOTTEGA_PNG_FILTER_AVERAGE = 3,
    BOTTEGA_PNG_FILTER_PAETH = 4,
};

/// The Paeth predictor (clause 9.4) without branches: a, b and c are the bytes to the left,
/// above and above-left. Ties go to a, then b, as the specification orders them.
static inline uint8_t bottega_png_paeth(int left, int above, int upper_left) {
    int distance_left = abs(above - upper_left);
    int distance_above = abs(left - upper_left);
    int distance_upper_left = abs(left + above - upper_left - upper_left);
    int nearer = distance_left <= distance_above ? left : above;
    int nearer_distance = distance_left <= distance_above ? distance_left : distance_above;
    return (uint8_t)(nearer_distance <= distance_upper_left ? nearer : upper_left);
}

// One body per filter and pixel size: with the pixel's byte count a constant, the compiler keeps
// a pixel's channels in registers and interleaves their dependency chains, which is twice as fast
// on RGB photos as one loop over bytes.
#define BOTTEGA_PNG_SUB_ROW(BPP) \
    for (size_t i = (BPP); i < length; i++) row[i] += row[i - (BPP)];
#define BOTTEGA_PNG_AVERAGE_ROW(BPP) \
    for (size_t i = 0; i < (BPP) && i < length; i++) row[i] += above[i] >> 1; \
    for (size_t i = (BPP); i < length; i += (BPP)) \
        for (size_t k = 0; k < (BPP); k++) row[i + k] += (uint8_t)(((unsigned)row[i + k - (BPP)] + above[i + k]) >> 1);
#define BOTTEGA_PNG_PAETH_ROW(BPP) \
    for (size_t i = 0; i < (BPP) && i < length; i++) row[i] += above[i]; \
    for (size_t i = (BPP); i < length; i += (BPP)) \
        for (size_t k = 0; k < (BPP); k++) row[i + k] += bottega_png_paeth(row[i + k - (BPP)], above[i + k], above[i + k - (BPP)]);
#define BOTTEGA_PNG_BY_PIXEL_SIZE(BODY) \
    switch (pixel_bytes) { \
    case 1: BODY(1) break; \
    case 2: BODY(2) break; \
    case 3: BODY(3) break; \
    default: BODY(4) break; \
    }

/// Undoes `filter` on `row` (`length` bytes, its filter byte already taken off) in place, given
/// the row above it already unfiltered (all zeros for the first row). `length` is a whole number
/// of pixels of `pixel_bytes` (1 to 4) bytes. Returns 0, or -1 for a filter type PNG does not have.
static inline int bottega_png_unfilter_row(uint8_t filter, uint8_t *row, const uint8_t *above, size_t length, size_t pixel_bytes) {
    switch (filter) {
    case BOTTEGA_PNG_FILTER_NONE:
        return 0;
    case BOTTEGA_PNG_FILTER_SUB:
        BOTTEGA_PNG_BY_PIXEL_SIZE(BOTTEGA_PNG_SUB_ROW)
        return 0;
    case BOTTEGA_PNG_FILTER_UP:
        for (size_t i = 0; i < length; i++) row[i] += above[i];
        return 0;
    case BOTTEGA_PNG_FILTER_AVERAGE:
        BOTTEGA_PNG_BY_PIXEL_SIZE(BOTTEGA_PNG_AVERAGE_ROW)
        return 0;
    case BOTTEGA_PNG_FILTER_PAETH:
        BOTTEGA_PNG_BY_PIXEL_SIZE(BOTTEGA_PNG_PAETH_ROW)
        return 0;
    default:
        return -1;
    }
}

#undef BOTTEGA_PNG_SUB_ROW
#undef BOTTEGA_PNG_AVERAGE_ROW
#undef BOTTEGA_PNG_PAETH_ROW
#undef BOTTEGA_PNG_BY_PIXEL_SIZE
