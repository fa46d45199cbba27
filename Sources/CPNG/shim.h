#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// libpng reports errors by longjmp-ing out of the failing call, which Swift cannot catch.
// These wrappers use libpng's "simplified API" (png_image_*, libpng 1.6), which does the
// setjmp itself and turns every error into a zero return plus image.message, so no longjmp
// ever crosses a Swift frame. They return 0 on success and a BOTTEGA_PNG_* code otherwise.
//
// SwiftPM does not track a system library's headers: after editing this file, grey_row.h,
// unfilter.h or image_data.h, touch Sources/RasterLinuxCodecs/LibPNG.swift, or the next
// incremental build keeps the old code.

enum {
    BOTTEGA_PNG_OK = 0,
    /// libpng rejected the data or the image; `message` holds its reason.
    BOTTEGA_PNG_LIBPNG_ERROR = 1,
    /// The decoded image would exceed `max_pixels`; `width` and `height` are set.
    BOTTEGA_PNG_TOO_LARGE = 2,
    BOTTEGA_PNG_OUT_OF_MEMORY = 3,
};

#include "grey_row.h"
#include "unfilter.h"
#include "image_data.h"

static inline void bottega_png_copy_message(const png_image *image, char *message, size_t capacity) {
    if (message == NULL || capacity == 0) return;
    strncpy(message, image->message, capacity - 1);
    message[capacity - 1] = '\0';
}

/// Encodes 8-bit non-premultiplied RGBA rows (width * 4 bytes each, top row first) as a PNG
/// in memory. On success `*out` is a malloc'd buffer of `*out_length` bytes that the caller
/// releases with bottega_png_free.
static inline int bottega_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height,
                                          uint8_t **out, size_t *out_length,
                                          char *message, size_t capacity) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    // A first call without a buffer only measures the compressed size (libpng manual,
    // png_image_write_to_memory).
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, pixels, 0, NULL)) {
        bottega_png_copy_message(&image, message, capacity);
        return BOTTEGA_PNG_LIBPNG_ERROR;
    }
    uint8_t *buffer = malloc(size);
    if (buffer == NULL) return BOTTEGA_PNG_OUT_OF_MEMORY;
    if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, 0, NULL)) {
        bottega_png_copy_message(&image, message, capacity);
        free(buffer);
        return BOTTEGA_PNG_LIBPNG_ERROR;
    }
    *out = buffer;
    *out_length = size;
    return BOTTEGA_PNG_OK;
}

/// Reads the header of a PNG held in memory into `image`, sets `width` and `height`, and
/// refuses images of more than `max_pixels` pixels before anything is allocated, so a corrupt
/// header cannot ask for gigabytes. On any status but BOTTEGA_PNG_OK `image` is already freed.
static inline int bottega_png_begin_read(png_image *image, const uint8_t *data, size_t length, uint64_t max_pixels,
                                         uint32_t *width, uint32_t *height, char *message, size_t capacity) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(image, data, length)) {
        bottega_png_copy_message(image, message, capacity);
        png_image_free(image);
        return BOTTEGA_PNG_LIBPNG_ERROR;
    }
    *width = image->width;
    *height = image->height;
    if ((uint64_t)image->width * (uint64_t)image->height > max_pixels) {
        png_image_free(image);
        return BOTTEGA_PNG_TOO_LARGE;
    }
    return BOTTEGA_PNG_OK;
}

/// Decodes a PNG held in memory, of any colour type and bit depth, to 8-bit non-premultiplied
/// RGBA. On success `*out` is a malloc'd buffer of width * height * 4 bytes that the caller
/// releases with bottega_png_free. Images of more than `max_pixels` pixels are refused before
/// anything is allocated, so a corrupt header cannot ask for gigabytes.
static inline int bottega_png_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels,
                                          uint8_t **out, uint32_t *width, uint32_t *height,
                                          char *message, size_t capacity) {
    png_image image;
    int status = bottega_png_begin_read(&image, data, length, max_pixels, width, height, message, capacity);
    if (status != BOTTEGA_PNG_OK) return status;
    image.format = PNG_FORMAT_RGBA;
    uint8_t *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (buffer == NULL) {
        png_image_free(&image);
        return BOTTEGA_PNG_OUT_OF_MEMORY;
    }
    // A NULL background keeps the alpha channel as stored; 0 stride means tightly packed rows.
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        bottega_png_copy_message(&image, message, capacity);
        free(buffer);
        png_image_free(&image);
        return BOTTEGA_PNG_LIBPNG_ERROR;
    }
    *out = buffer;
    return BOTTEGA_PNG_OK;
}

/// Decodes a PNG held in memory, of any colour type and bit depth, to 8-bit greyscale (one
/// byte per pixel, rows top to bottom). On success `*out` is a malloc'd buffer of
/// width * height bytes that the caller releases with bottega_png_free. The header is read
/// first and images of more than `max_pixels` pixels are refused (with `width` and `height`
/// set) before the pixel buffer is allocated.
///
/// libpng reads the file as grey + alpha or, when it has colour, as RGBA, both 8-bit sRGB;
/// the reduction to one byte is done here, on those gamma-encoded values, for two reasons:
/// libpng's own colour-to-grey path (format PNG_FORMAT_GRAY) goes through 8-bit linear light
/// and crushes the darkest sRGB levels to 0 (a (14, 14, 16) pixel comes out 0), which loses
/// the contrast of dim photos; and luma from gamma-encoded RGB with the ITU-R BT.601 weights is
/// what a JPEG's Y channel holds, so both formats give the same grey. Transparent and
/// translucent pixels are composited on white, because a barcode drawn on a transparent
/// background is meant to be seen on paper.
/// (The whole-image reference: see bottega_png_decode_gray for the row-by-row reading used first.)
static inline int bottega_png_decode_gray_image(const uint8_t *data, size_t length, uint64_t max_pixels,
                                                uint8_t **out, uint32_t *width, uint32_t *height,
                                                char *message, size_t capacity) {
    png_image image;
    int status = bottega_png_begin_read(&image, data, length, max_pixels, width, height, message, capacity);
    if (status != BOTTEGA_PNG_OK) return status;
    int colour = (image.format & PNG_FORMAT_FLAG_COLOR) != 0;
    image.format = colour ? PNG_FORMAT_RGBA : PNG_FORMAT_GA;
    size_t channels = colour ? 4 : 2;
    size_t count = (size_t)image.width * (size_t)image.height;
    uint8_t *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (buffer == NULL) {
        png_image_free(&image);
        return BOTTEGA_PNG_OUT_OF_MEMORY;
    }
    // A NULL background keeps the alpha channel, which is composited below.
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        bottega_png_copy_message(&image, message, capacity);
        free(buffer);
        png_image_free(&image);
        return BOTTEGA_PNG_LIBPNG_ERROR;
    }
    // The whole image as one row, in place: pixel i is written at byte i, never ahead of pixel i's
    // own bytes (grey_row.h reads each pixel before it writes its grey).
    bottega_png_grey_row(buffer, channels, count, NULL, buffer);
    uint8_t *shrunk = realloc(buffer, count > 0 ? count : 1);
    *out = shrunk != NULL ? shrunk : buffer;
    return BOTTEGA_PNG_OK;
}

// Row by row, for the common case: the same grey as bottega_png_decode_gray_image, with no RGBA
// copy of the image and no Adler-32 pass (libpng 1.6's PNG_IGNORE_ADLER32: every compressed
// byte is already covered by its IDAT chunk's CRC-32, which is still checked). libpng reads the
// chunks before the image data; the image data of 8-bit files is then read by
// bottega_png_read_image_data (image_data.h), of others by libpng row by row. It needs libpng's
// own error handling, so the setjmp lives here and every libpng call is made from this
// function: a longjmp lands back in C, never across Swift.

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
    char *message;
    size_t capacity;
} bottega_png_reader;

static inline void bottega_png_read_bytes(png_structp png, png_bytep out, size_t count) {
    bottega_png_reader *reader = (bottega_png_reader *)png_get_io_ptr(png);
    if (count > reader->length - reader->offset) png_error(png, "PNG file is truncated");
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
}

static inline void bottega_png_fail(png_structp png, png_const_charp text) {
    bottega_png_reader *reader = (bottega_png_reader *)png_get_error_ptr(png);
    if (reader->message != NULL && reader->capacity > 0) {
        strncpy(reader->message, text, reader->capacity - 1);
        reader->message[reader->capacity - 1] = '\0';
    }
    png_longjmp(png, 1);
}

static inline void bottega_png_ignore_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

enum { BOTTEGA_PNG_NOT_HANDLED = -1 };

/// Whether libpng's simplified API would change this file's values on the way to 8-bit sRGB:
/// it does for 16-bit samples (read as linear light) and may for a gAMA chunk without an sRGB
/// one. Such files, and interlaced ones, are left to bottega_png_decode_gray_image.
static inline int bottega_png_needs_conversion(png_structp png, png_infop info) {
    if (png_get_bit_depth(png, info) > 8) return 1;
    if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) return 1;
    return png_get_valid(png, info, PNG_INFO_gAMA) && !png_get_valid(png, info, PNG_INFO_sRGB);
}

/// The grey of each of a palette's 256 possible indices, as bottega_png_decode_gray_image gives
/// a pixel of that index: libpng expands an index to the palette's colour, and to black past
/// the palette's end (it keeps the palette in a zeroed table of 256); with a tRNS chunk, to the
/// chunk's alpha, and opaque past the chunk's end (png_do_expand_palette); the grey is then
/// composited on white as for any translucent pixel.
static inline void bottega_png_palette_greys(png_structp png, png_infop info, uint8_t grey[256]) {
    png_colorp palette = NULL;
    int palette_count = 0;
    png_bytep alphas = NULL;
    int alpha_count = 0;
    if (!png_get_PLTE(png, info, &palette, &palette_count)) palette_count = 0;
    int transparency = png_get_tRNS(png, info, &alphas, &alpha_count, NULL) != 0 && alphas != NULL;
    for (int index = 0; index < 256; index++) {
        uint32_t luma = 0;
        if (index < palette_count) {
            const png_color colour = palette[index];
            luma = (19595u * colour.red + 38470u * colour.green + 7471u * colour.blue + 32768u) >> 16;
        }
        uint32_t alpha = transparency && index < alpha_count ? alphas[index] : 255u;
        grey[index] = transparency ? (uint8_t)((luma * alpha + 255u * (255u - alpha) + 127u) / 255u) : (uint8_t)luma;
    }
}

/// `libpng_image_data` set: libpng reads the image data too, as it did before ISA-L (the oracle
/// that damaged files are checked against, since it skips the Adler-32 as this reader does).
static inline int bottega_png_decode_gray_rows(const uint8_t *data, size_t length, uint64_t max_pixels,
                                        uint8_t **out, uint32_t *width, uint32_t *height,
                                        char *message, size_t capacity, int libpng_image_data) {
    bottega_png_reader reader = { data, length, 0, message, capacity };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, bottega_png_fail, bottega_png_ignore_warning);
    if (png == NULL) return BOTTEGA_PNG_OUT_OF_MEMORY;
    png_infop info = png_create_info_struct(png);
    // Changed after setjmp and read after a longjmp, so kept out of registers.
    uint8_t *volatile pixels = NULL;
    uint8_t *volatile row = NULL;
    volatile int status = BOTTEGA_PNG_LIBPNG_ERROR;
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return BOTTEGA_PNG_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        free(pixels);
        free(row);
        png_destroy_read_struct(&png, &info, NULL);
        return status;
    }
    png_set_read_fn(png, &reader, bottega_png_read_bytes);
#ifdef PNG_IGNORE_ADLER32
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_read_info(png, info);
    uint32_t columns = png_get_image_width(png, info);
    uint32_t rows = png_get_image_height(png, info);
    *width = columns;
    *height = rows;
    if ((uint64_t)columns * (uint64_t)rows > max_pixels) {
        png_destroy_read_struct(&png, &info, NULL);
        return BOTTEGA_PNG_TOO_LARGE;
    }
    if (bottega_png_needs_conversion(png, info)) {
        png_destroy_read_struct(&png, &info, NULL);
        return BOTTEGA_PNG_NOT_HANDLED;
    }
    int colour_type = png_get_color_type(png, info);
    int file_bit_depth = png_get_bit_depth(png, info);
    int transparent_colour = colour_type != PNG_COLOR_TYPE_PALETTE && png_get_valid(png, info, PNG_INFO_tRNS);
    // A palette image is read as its indices, one byte each, and each index turned grey through
    // a table of the palette's 256 greys: libpng's expansion to RGB(A) and the per-pixel luma
    // (and compositing) cost several times what the table does, for the same values.
    uint8_t palette_grey[256];
    int indexed = colour_type == PNG_COLOR_TYPE_PALETTE;
    if (indexed) {
        bottega_png_palette_greys(png, info, palette_grey);
        png_set_packing(png);
    }
    if (colour_type == PNG_COLOR_TYPE_GRAY) png_set_expand_gray_1_2_4_to_8(png);
    if (transparent_colour) png_set_tRNS_to_alpha(png);
    png_read_update_info(png, info);
    size_t channels = png_get_channels(png, info);
    status = BOTTEGA_PNG_OUT_OF_MEMORY;
    pixels = malloc((size_t)columns * (size_t)rows > 0 ? (size_t)columns * (size_t)rows : 1);
    if (pixels == NULL) png_longjmp(png, 1);
    status = BOTTEGA_PNG_LIBPNG_ERROR;
    // Whole-byte samples that libpng would pass through untransformed; a row within ISA-L's 32-bit
    // output count.
    int whole_bytes = file_bit_depth == 8 && !transparent_colour && (size_t)columns * channels < 0x40000000u && !libpng_image_data;
    if (whole_bytes) {
        // libpng has read every chunk up to the image data, and the first IDAT chunk's length and
        // type: the image data is read from that chunk's start on, without libpng.
        size_t idat_offset = reader.offset - 8;
        png_destroy_read_struct(&png, &info, NULL);
        int read = bottega_png_read_image_data(data, length, idat_offset, columns, rows, channels,
                                               indexed ? palette_grey : NULL, pixels, message, capacity);
        if (read != BOTTEGA_PNG_IMAGE_DATA_OK) {
            free(pixels);
            return read == BOTTEGA_PNG_IMAGE_DATA_OUT_OF_MEMORY ? BOTTEGA_PNG_OUT_OF_MEMORY : BOTTEGA_PNG_LIBPNG_ERROR;
        }
        *out = pixels;
        return BOTTEGA_PNG_OK;
    }
    status = BOTTEGA_PNG_OUT_OF_MEMORY;
    row = malloc(png_get_rowbytes(png, info) > 0 ? png_get_rowbytes(png, info) : 1);
    if (row == NULL) png_longjmp(png, 1);
    status = BOTTEGA_PNG_LIBPNG_ERROR;
    for (uint32_t y = 0; y < rows; y++) {
        uint8_t *grey = pixels + (size_t)y * columns;
        // Grey without transparency, or palette indices: libpng writes the row where it belongs.
        uint8_t *target = channels == 1 ? grey : row;
        png_read_row(png, target, NULL);
        bottega_png_grey_row(target, channels, columns, indexed ? palette_grey : NULL, grey);
    }
    free(row);
    png_destroy_read_struct(&png, &info, NULL);
    *out = pixels;
    return BOTTEGA_PNG_OK;
}

/// Decodes a PNG held in memory, of any colour type and bit depth, to 8-bit greyscale (see
/// bottega_png_decode_gray_image for the grey it computes): row by row when the file's values
/// need no conversion, which is nearly always, otherwise through libpng's simplified API.
static inline int bottega_png_decode_gray(const uint8_t *data, size_t length, uint64_t max_pixels,
                                          uint8_t **out, uint32_t *width, uint32_t *height,
                                          char *message, size_t capacity) {
    int status = bottega_png_decode_gray_rows(data, length, max_pixels, out, width, height, message, capacity, 0);
    if (status != BOTTEGA_PNG_NOT_HANDLED) return status;
    return bottega_png_decode_gray_image(data, length, max_pixels, out, width, height, message, capacity);
}

/// bottega_png_decode_gray with libpng reading every file's image data: what the tests compare
/// the ISA-L reading with on damaged files.
static inline int bottega_png_decode_gray_libpng_rows(const uint8_t *data, size_t length, uint64_t max_pixels,
                                                      uint8_t **out, uint32_t *width, uint32_t *height,
                                                      char *message, size_t capacity) {
    int status = bottega_png_decode_gray_rows(data, length, max_pixels, out, width, height, message, capacity, 1);
    if (status != BOTTEGA_PNG_NOT_HANDLED) return status;
    return bottega_png_decode_gray_image(data, length, max_pixels, out, width, height, message, capacity);
}

/// Releases a buffer returned by bottega_png_encode_rgba, bottega_png_decode_rgba,
/// bottega_png_decode_gray, bottega_png_decode_gray_libpng_rows or bottega_png_decode_gray_image.
static inline void bottega_png_free(void *buffer) { free(buffer); }
