// The hand-declared layout of zlib's `z_stream` (zlib.h, unchanged since zlib 1.0) and the
// constants the shim passes to zlib. Checked against the real header by verify/check_layout.c.
#ifndef NZLIB_LAYOUT_H
#define NZLIB_LAYOUT_H

#if defined(__linux__)

/// struct z_stream_s: `uInt` is unsigned int and `uLong` unsigned long on every Linux ABI.
typedef struct {
    const unsigned char *next_in;
    unsigned int avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned int avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *(*zalloc)(void *, unsigned int, unsigned int);
    void (*zfree)(void *, void *);
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
} nzlib_z_stream;

#define NZLIB_DEFLATED 8
#define NZLIB_DEFAULT_STRATEGY 0

#endif  // __linux__
#endif  // NZLIB_LAYOUT_H
