#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>   // jpeglib.h needs FILE and size_t declared first
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

// libjpeg reports a fatal error by calling error_exit, which by default prints and exits the
// process, and a damaged file by a warning after which it carries on with grey filler. The
// wrapper below installs an error manager whose error_exit longjmps back to the setjmp in
// bottega_jpeg_decode_gray itself: every longjmp starts and ends inside this header, so none
// crosses a Swift frame. It returns 0 on success and a BOTTEGA_JPEG_* code otherwise.

enum {
    BOTTEGA_JPEG_OK = 0,
    /// libjpeg rejected the data; `message` holds its reason.
    BOTTEGA_JPEG_LIBJPEG_ERROR = 1,
    /// The image would exceed `max_pixels`; `width` and `height` are set.
    BOTTEGA_JPEG_TOO_LARGE = 2,
    BOTTEGA_JPEG_OUT_OF_MEMORY = 3,
    /// The data ends before the image does (libjpeg's JWRN_JPEG_EOF).
    BOTTEGA_JPEG_TRUNCATED = 4,
};

/// Progressive JPEGs may hold any number of scans, and each one walks the whole coefficient
/// buffer again, so a small hostile file can cost minutes. Real encoders write about 10
/// (ITU-T T.81 Annex G; libjpeg's default script has 10); djpeg offers the same kind of cap
/// as -maxscans.
#define BOTTEGA_JPEG_MAXIMUM_SCANS 256

struct bottega_jpeg_error_manager {
    struct jpeg_error_mgr base;   // first, so libjpeg's cinfo->err points at the whole struct
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    int status;
    char message[JMSG_LENGTH_MAX];
};

static inline void bottega_jpeg_fail(j_common_ptr cinfo, int status) {
    struct bottega_jpeg_error_manager *manager = (struct bottega_jpeg_error_manager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, manager->message);
    manager->status = status;
    longjmp(manager->jump, 1);
}

static inline void bottega_jpeg_error_exit(j_common_ptr cinfo) {
    bottega_jpeg_fail(cinfo, BOTTEGA_JPEG_LIBJPEG_ERROR);
}

/// Warnings (level -1) are counted as libjpeg's own handler does; the end of the data before
/// the end of the image is fatal, because libjpeg would otherwise fill the rest of the image
/// with grey and report success. Other warnings (extraneous bytes between markers, a marker
/// inside entropy-coded data) leave a usable picture and are common in real photos.
static inline void bottega_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;   // trace messages
    cinfo->err->num_warnings++;
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) bottega_jpeg_fail(cinfo, BOTTEGA_JPEG_TRUNCATED);
}

static inline void bottega_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

static inline void bottega_jpeg_progress(j_common_ptr cinfo) {
    if (cinfo->is_decompressor && ((j_decompress_ptr)cinfo)->input_scan_number > BOTTEGA_JPEG_MAXIMUM_SCANS) {
        struct bottega_jpeg_error_manager *manager = (struct bottega_jpeg_error_manager *)cinfo->err;
        snprintf(manager->message, sizeof manager->message, "more than %d progressive scans", BOTTEGA_JPEG_MAXIMUM_SCANS);
        manager->status = BOTTEGA_JPEG_LIBJPEG_ERROR;
        longjmp(manager->jump, 1);
    }
}

/// Luminance of one CMYK pixel as Adobe writes it (inverted: 255 is no ink) or, without the
/// Adobe marker, as plain CMYK; the weights are ITU-R BT.601's, as libjpeg uses for YCbCr.
static inline uint8_t bottega_jpeg_cmyk_luma(const uint8_t *cmyk, int inverted) {
    unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
    if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
    unsigned r = c * k / 255, g = m * k / 255, b = y * k / 255;
    return (uint8_t)((299 * r + 587 * g + 114 * b + 500) / 1000);
}

/// Decodes a baseline, extended or progressive JPEG held in memory to 8-bit greyscale (one
/// byte per pixel, rows top to bottom): libjpeg keeps the Y channel of YCbCr, converts RGB,
/// and CMYK/YCCK is reduced here. On success `*out` is a malloc'd buffer of width * height
/// bytes that the caller releases with bottega_jpeg_free. The header is read first and images
/// of more than `max_pixels` pixels are refused, with `width` and `height` set, before
/// jpeg_start_decompress allocates anything the size of the image.
static inline int bottega_jpeg_decode_gray(const uint8_t *data, size_t length, uint64_t max_pixels,
                                           uint8_t **out, uint32_t *width, uint32_t *height,
                                           char *message, size_t capacity) {
    struct jpeg_decompress_struct cinfo;
    struct bottega_jpeg_error_manager manager;
    // Changed after setjmp and read after a longjmp, so volatile (C11 7.13.2.1).
    uint8_t *volatile buffer = NULL;
    uint8_t *volatile row = NULL;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&manager, 0, sizeof manager);
    cinfo.err = jpeg_std_error(&manager.base);
    manager.base.error_exit = bottega_jpeg_error_exit;
    manager.base.emit_message = bottega_jpeg_emit_message;
    manager.base.output_message = bottega_jpeg_output_message;
    manager.progress.progress_monitor = bottega_jpeg_progress;
    *width = 0;
    *height = 0;
    if (setjmp(manager.jump)) {
        if (message != NULL && capacity > 0) {
            strncpy(message, manager.message, capacity - 1);
            message[capacity - 1] = '\0';
        }
        free(buffer);
        free(row);
        jpeg_destroy_decompress(&cinfo);
        return manager.status;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.progress = &manager.progress;
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    (void)jpeg_read_header(&cinfo, TRUE);   // TRUE: a tables-only file is an error
    *width = cinfo.image_width;
    *height = cinfo.image_height;
    if ((uint64_t)cinfo.image_width * (uint64_t)cinfo.image_height > max_pixels) {
        jpeg_destroy_decompress(&cinfo);
        return BOTTEGA_JPEG_TOO_LARGE;
    }
    // libjpeg converts YCbCr, RGB and grey to grey itself but not CMYK (JERR_CONVERSION_NOTIMPL).
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_GRAYSCALE;
    jpeg_start_decompress(&cinfo);
    size_t columns = cinfo.output_width;
    size_t rows = cinfo.output_height;
    buffer = malloc(columns * rows);
    if (cmyk) row = malloc(columns * 4);
    if (buffer == NULL || (cmyk && row == NULL)) {
        free(buffer);
        free(row);
        jpeg_destroy_decompress(&cinfo);
        return BOTTEGA_JPEG_OUT_OF_MEMORY;
    }
    while (cinfo.output_scanline < rows) {
        size_t line = cinfo.output_scanline;
        JSAMPROW target = cmyk ? row : buffer + line * columns;
        // A memory source never suspends, so no line means libjpeg has given up.
        if (jpeg_read_scanlines(&cinfo, &target, 1) != 1) {
            snprintf(manager.message, sizeof manager.message, "libjpeg returned no scanline %zu", line);
            manager.status = BOTTEGA_JPEG_LIBJPEG_ERROR;
            longjmp(manager.jump, 1);
        }
        if (cmyk) {
            for (size_t x = 0; x < columns; x++) {
                buffer[line * columns + x] = bottega_jpeg_cmyk_luma(row + 4 * x, cinfo.saw_Adobe_marker);
            }
        }
    }
    // Reads on to the EOI marker, so a file cut after its last scanline is still refused.
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *width = (uint32_t)columns;
    *height = (uint32_t)rows;
    *out = buffer;
    return BOTTEGA_JPEG_OK;
}

/// Releases a buffer returned by bottega_jpeg_decode_gray.
static inline void bottega_jpeg_free(void *buffer) { free(buffer); }
