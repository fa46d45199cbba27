#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The image data of an 8-bit, non-interlaced PNG read into grey without libpng: its IDAT chunks
// inflated by ISA-L (libpng inflates only through the system zlib, row by row, which took a third
// of `bottega barcode decode`'s time; ISA-L's inflate does the same work in 0.36× the time), their
// filters undone (unfilter.h), each row turned grey (grey_row.h). libpng has read and checked
// every chunk before the image data; this reads only what follows.

enum {
    BOTTEGA_PNG_IMAGE_DATA_OK = 0,
    BOTTEGA_PNG_IMAGE_DATA_CORRUPT = 1,
    BOTTEGA_PNG_IMAGE_DATA_OUT_OF_MEMORY = 2,
};

static inline uint32_t bottega_png_big_endian(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | (uint32_t)bytes[3];
}

static inline void bottega_png_say(char *message, size_t capacity, const char *text) {
    if (message != NULL && capacity > 0) snprintf(message, capacity, "%s", text);
}

/// The image data's chunks, one after another, from the first IDAT chunk's start.
typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
} bottega_png_idat_walk;

/// Points `state` at the next IDAT chunk's data once its CRC-32 is checked. Returns 1 when it did,
/// 0 when the next chunk is not an IDAT (the image data has ended), -1 for a cut file or a CRC
/// that does not match (the message says which).
static inline int bottega_png_next_idat(bottega_png_idat_walk *walk, struct inflate_state *state, char *message, size_t capacity) {
    if (walk->length - walk->offset < 8) {
        bottega_png_say(message, capacity, "PNG file is truncated");
        return -1;
    }
    const uint8_t *header = walk->data + walk->offset;
    if (memcmp(header + 4, "IDAT", 4) != 0) return 0;
    uint32_t size = bottega_png_big_endian(header);
    // PNG caps a chunk at 2^31 - 1 bytes (clause 5.3).
    if (size > 0x7FFFFFFFu || walk->length - walk->offset - 8 < (size_t)size + 4) {
        bottega_png_say(message, capacity, "PNG file is truncated");
        return -1;
    }
    // The CRC covers the chunk's type and data (clause 5.3), as zlib's crc32 and ISA-L's
    // reflected gzip CRC both compute it.
    uint32_t expected = bottega_png_big_endian(header + 8 + size);
    if (crc32_gzip_refl(0, header + 4, (uint64_t)size + 4) != expected) {
        bottega_png_say(message, capacity, "IDAT: CRC error");
        return -1;
    }
    state->next_in = (uint8_t *)(header + 8);
    state->avail_in = size;
    walk->offset += 12 + (size_t)size;
    return 1;
}

static inline const char *bottega_png_inflate_failure(int status) {
    switch (status) {
    case ISAL_INVALID_BLOCK: return "IDAT: invalid deflate block";
    case ISAL_INVALID_SYMBOL: return "IDAT: invalid deflate symbol";
    case ISAL_INVALID_LOOKBACK: return "IDAT: invalid distance too far back";
    default: return "IDAT: damaged compressed data";
    }
}

/// Checks the zlib header (RFC 1950, 2.2) that starts the image data: deflate, a window of at most
/// 32 KB, a valid check, no preset dictionary. ISA-L is then given the raw deflate stream, whose
/// Adler-32 it never computes: libpng 1.6 skips that check too when asked (PNG_IGNORE_ADLER32),
/// as the libpng reader here does, since every compressed byte is already covered by its chunk's
/// CRC-32.
static inline int bottega_png_check_zlib_header(const uint8_t header[2], char *message, size_t capacity) {
    uint32_t method = header[0], flags = header[1];
    int deflate = (method & 0x0F) == 8 && (method >> 4) <= 7;
    if (!deflate || (method << 8 | flags) % 31 != 0 || (flags & 0x20) != 0) {
        bottega_png_say(message, capacity, deflate ? "IDAT: incorrect zlib header" : "IDAT: unknown compression method");
        return -1;
    }
    return 0;
}

/// Reads `rows` rows of `columns` pixels of `channels` 8-bit samples into `grey` (columns × rows
/// bytes), from `data[idat_offset]`, the first IDAT chunk's length field. A palette image passes its
/// 256 greys in `palette_grey` (grey_row.h). The rows are inflated into a strip of about 64 KB,
/// which stays in the cache while it is unfiltered and turned grey, and no copy of the whole
/// image's samples is ever made.
static inline int bottega_png_read_image_data(const uint8_t *data, size_t length, size_t idat_offset,
                                              uint32_t columns, uint32_t rows, size_t channels,
                                              const uint8_t *palette_grey, uint8_t *grey,
                                              char *message, size_t capacity) {
    size_t row_bytes = (size_t)columns * channels;
    // Each row is stored after its filter-type byte (clause 7.3).
    size_t stored_row = row_bytes + 1;
    size_t strip_rows = 65536 / stored_row > 0 ? 65536 / stored_row : 1;
    size_t strip_size = strip_rows * stored_row;
    uint8_t *strip = malloc(strip_size);
    // The row above the next one to unfilter: zeros above the first row (clause 9.2).
    uint8_t *above = calloc(row_bytes > 0 ? row_bytes : 1, 1);
    struct inflate_state *state = malloc(sizeof *state);
    if (strip == NULL || above == NULL || state == NULL) {
        free(strip);
        free(above);
        free(state);
        return BOTTEGA_PNG_IMAGE_DATA_OUT_OF_MEMORY;
    }
    isal_inflate_init(state);
    // The zlib header is checked here (bottega_png_check_zlib_header); ISA-L reads raw deflate.
    state->crc_flag = ISAL_DEFLATE;
    bottega_png_idat_walk walk = { data, length, idat_offset };
    int status = BOTTEGA_PNG_IMAGE_DATA_CORRUPT;
    int more_chunks = 1;
    // The zlib header's two bytes, which an encoder may split across two IDAT chunks.
    uint8_t header[2];
    size_t header_taken = 0;
    size_t filled = 0;
    size_t row = 0;
    while (row < rows) {
        if (state->avail_in == 0 && more_chunks) {
            int next = bottega_png_next_idat(&walk, state, message, capacity);
            if (next < 0) goto done;
            more_chunks = next;
        }
        if (header_taken < 2) {
            while (header_taken < 2 && state->avail_in > 0) {
                header[header_taken++] = *state->next_in++;
                state->avail_in--;
            }
            if (header_taken < 2 && more_chunks) continue;
            if (header_taken < 2) {
                bottega_png_say(message, capacity, "Not enough image data");
                goto done;
            }
            if (bottega_png_check_zlib_header(header, message, capacity) != 0) goto done;
        }
        // Never more than the image's rows: data past them is ignored, as libpng does.
        size_t wanted = (rows - row) * stored_row;
        size_t room = (wanted < strip_size ? wanted : strip_size) - filled;
        state->next_out = strip + filled;
        state->avail_out = (uint32_t)room;
        uint32_t input_before = state->avail_in;
        int inflated = isal_inflate(state);
        if (inflated < 0) {
            bottega_png_say(message, capacity, bottega_png_inflate_failure(inflated));
            goto done;
        }
        size_t produced = room - state->avail_out;
        filled += produced;
        size_t complete = filled / stored_row;
        for (size_t k = 0; k < complete; k++, row++) {
            uint8_t *stored = strip + k * stored_row;
            const uint8_t *previous = k == 0 ? above : stored - stored_row + 1;
            if (bottega_png_unfilter_row(stored[0], stored + 1, previous, row_bytes, channels) != 0) {
                bottega_png_say(message, capacity, "bad adaptive filter value");
                goto done;
            }
            bottega_png_grey_row(stored + 1, channels, columns, palette_grey, grey + row * (size_t)columns);
        }
        if (complete > 0) {
            memcpy(above, strip + (complete - 1) * stored_row + 1, row_bytes);
            size_t rest = filled - complete * stored_row;
            memmove(strip, strip + complete * stored_row, rest);
            filled = rest;
        }
        // Nothing came out and nothing more can go in: the stream has ended, or the file has, before
        // the last row. (An empty IDAT chunk with more to follow is not that.)
        int ended = state->block_state == ISAL_BLOCK_FINISH;
        int starved = state->avail_in == input_before && (input_before != 0 || !more_chunks);
        int stuck = produced == 0 && (ended || starved);
        if (row < rows && stuck) {
            bottega_png_say(message, capacity, "Not enough image data");
            goto done;
        }
    }
    status = BOTTEGA_PNG_IMAGE_DATA_OK;
done:
    free(strip);
    free(above);
    free(state);
    return status;
}
