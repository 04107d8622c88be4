// Loads libz.so.1 with dlopen and drives raw deflate streams through it. See CZlibShim.h.
#if defined(__linux__)

#include "CZlibShim.h"
#include "nzlib_layout.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static struct {
    const char *(*version)(void);
    int (*deflate_init2)(nzlib_z_stream *, int, int, int, int, int, const char *, int);
    int (*deflate)(nzlib_z_stream *, int);
    int (*deflate_reset)(nzlib_z_stream *);
    int (*deflate_end)(nzlib_z_stream *);
    int (*inflate_init2)(nzlib_z_stream *, int, const char *, int);
    int (*inflate)(nzlib_z_stream *, int);
    int (*inflate_reset)(nzlib_z_stream *);
    int (*inflate_end)(nzlib_z_stream *);
} api;

/// A stream and which of the two kinds it is.
struct nzlib_stream {
    nzlib_z_stream z;
    int deflating;
};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

#define RESOLVE(field, name)                                                               \
    do {                                                                                   \
        *(void **)(&api.field) = dlsym(handle, name);                                       \
        if (api.field == NULL) {                                                           \
            snprintf(load_error, sizeof load_error, "libz.so.1 has no symbol %s", name);   \
            return;                                                                        \
        }                                                                                  \
    } while (0)

static void load(void) {
    // The instance libcurl already loaded, when it did; never unloaded.
    void *handle = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason ? reason : "dlopen(libz.so.1) failed");
        return;
    }
    RESOLVE(version, "zlibVersion");
    // The functions behind zlib's deflateInit2 and inflateInit2 macros.
    RESOLVE(deflate_init2, "deflateInit2_");
    RESOLVE(deflate, "deflate");
    RESOLVE(deflate_reset, "deflateReset");
    RESOLVE(deflate_end, "deflateEnd");
    RESOLVE(inflate_init2, "inflateInit2_");
    RESOLVE(inflate, "inflate");
    RESOLVE(inflate_reset, "inflateReset");
    RESOLVE(inflate_end, "inflateEnd");
    // zlib refuses a stream whose caller was built against another major version.
    const char *version = api.version();
    if (version == NULL || version[0] != '1') {
        snprintf(load_error, sizeof load_error, "libz.so.1 is version %s, not 1.x", version ? version : "?");
        return;
    }
    loaded = 1;
}

int nzlib_load(void) {
    pthread_once(&load_once, load);
    return loaded;
}

const char *nzlib_load_error(void) {
    pthread_once(&load_once, load);
    return loaded ? NULL : load_error;
}

nzlib_stream *nzlib_deflater(int window_bits, int level, int mem_level) {
    if (!nzlib_load()) return NULL;
    nzlib_stream *stream = calloc(1, sizeof *stream);
    if (stream == NULL) return NULL;
    stream->deflating = 1;
    // A negative window size asks for raw deflate, without the zlib header and checksum.
    int code = api.deflate_init2(&stream->z, level, NZLIB_DEFLATED, -window_bits, mem_level, NZLIB_DEFAULT_STRATEGY,
                                 api.version(), (int)sizeof stream->z);
    if (code != NZLIB_OK) {
        free(stream);
        return NULL;
    }
    return stream;
}

nzlib_stream *nzlib_inflater(int window_bits) {
    if (!nzlib_load()) return NULL;
    nzlib_stream *stream = calloc(1, sizeof *stream);
    if (stream == NULL) return NULL;
    int code = api.inflate_init2(&stream->z, -window_bits, api.version(), (int)sizeof stream->z);
    if (code != NZLIB_OK) {
        free(stream);
        return NULL;
    }
    return stream;
}

void nzlib_free(nzlib_stream *stream) {
    if (stream == NULL) return;
    if (stream->deflating) {
        api.deflate_end(&stream->z);
    } else {
        api.inflate_end(&stream->z);
    }
    free(stream);
}

int nzlib_reset(nzlib_stream *stream) {
    return stream->deflating ? api.deflate_reset(&stream->z) : api.inflate_reset(&stream->z);
}

int nzlib_process(nzlib_stream *stream, const uint8_t *input, size_t input_length, size_t *consumed,
                  uint8_t *output, size_t output_length, size_t *produced, int flush) {
    // zlib counts in unsigned int: a longer buffer is offered in part, and the caller loops.
    unsigned int in = input_length > UINT_MAX ? UINT_MAX : (unsigned int)input_length;
    unsigned int out = output_length > UINT_MAX ? UINT_MAX : (unsigned int)output_length;
    stream->z.next_in = input;
    stream->z.avail_in = in;
    stream->z.next_out = output;
    stream->z.avail_out = out;
    int code = stream->deflating ? api.deflate(&stream->z, flush) : api.inflate(&stream->z, flush);
    *consumed = in - stream->z.avail_in;
    *produced = out - stream->z.avail_out;
    stream->z.next_in = NULL;
    stream->z.next_out = NULL;
    return code;
}

#endif  // __linux__
