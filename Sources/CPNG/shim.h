#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// libpng reports errors by longjmp-ing out of the failing call, which Swift cannot catch.
// These wrappers use libpng's "simplified API" (png_image_*, libpng 1.6), which does the
// setjmp itself and turns every error into a zero return plus image.message, so no longjmp
// ever crosses a Swift frame. They return 0 on success and a BOTTEGA_PNG_* code otherwise.

enum {
    BOTTEGA_PNG_OK = 0,
    /// libpng rejected the data or the image; `message` holds its reason.
    BOTTEGA_PNG_LIBPNG_ERROR = 1,
    /// The decoded image would exceed `max_pixels`; `width` and `height` are set.
    BOTTEGA_PNG_TOO_LARGE = 2,
    BOTTEGA_PNG_OUT_OF_MEMORY = 3,
};

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

/// Decodes a PNG held in memory, of any colour type and bit depth, to 8-bit non-premultiplied
/// RGBA. On success `*out` is a malloc'd buffer of width * height * 4 bytes that the caller
/// releases with bottega_png_free. Images of more than `max_pixels` pixels are refused before
/// anything is allocated, so a corrupt header cannot ask for gigabytes.
static inline int bottega_png_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels,
                                          uint8_t **out, uint32_t *width, uint32_t *height,
                                          char *message, size_t capacity) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length)) {
        bottega_png_copy_message(&image, message, capacity);
        png_image_free(&image);
        return BOTTEGA_PNG_LIBPNG_ERROR;
    }
    *width = image.width;
    *height = image.height;
    if ((uint64_t)image.width * (uint64_t)image.height > max_pixels) {
        png_image_free(&image);
        return BOTTEGA_PNG_TOO_LARGE;
    }
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

/// Releases a buffer returned by bottega_png_encode_rgba or bottega_png_decode_rgba.
static inline void bottega_png_free(void *buffer) { free(buffer); }
