// Raw DEFLATE streams (RFC 1951, no zlib or gzip wrapper) from the zlib that is already installed
// (`libz.so.1`, which libcurl itself links), loaded at run time with dlopen. Nothing here needs
// zlib's headers or development package to build.
//
// A stream is opaque: the shim allocates zlib's `z_stream` itself, so Swift never sees its
// layout. Every symbol is prefixed `nzlib_`/`NZLIB_`, so none can capture another library's calls
// into zlib. `Sources/CZlibShim/verify/check_layout.c` checks the hand-declared layout and
// constants against the real zlib.h at compile time (run `.ci/check-zlib-layout.sh`).
//
// On platforms other than Linux this header declares nothing.
#ifndef NZLIB_SHIM_H
#define NZLIB_SHIM_H

#if defined(__linux__)

#include <stddef.h>
#include <stdint.h>

typedef struct nzlib_stream nzlib_stream;

/// Loads libz.so.1 and resolves every function used here, once. Returns 1 when usable, 0 when not
/// (see nzlib_load_error).
int nzlib_load(void);
/// Why loading failed, or NULL.
const char *nzlib_load_error(void);

/// A raw deflate (compression) stream with a window of 2^window_bits bytes (9...15), at `level`
/// (-1 for zlib's default, 0...9) and `mem_level` (1...9); NULL when zlib is not loaded, the
/// parameters are refused or memory runs out.
nzlib_stream *nzlib_deflater(int window_bits, int level, int mem_level);
/// A raw inflate (decompression) stream accepting windows up to 2^window_bits bytes (8...15);
/// NULL when zlib is not loaded, the parameter is refused or memory runs out.
nzlib_stream *nzlib_inflater(int window_bits);
/// Ends the stream (deflateEnd or inflateEnd) and frees it. NULL is ignored.
void nzlib_free(nzlib_stream *stream);
/// Forgets the stream's history (deflateReset or inflateReset), keeping its parameters.
int nzlib_reset(nzlib_stream *stream);
/// One call of deflate() or inflate() with `flush`: reads from `input` (at most `input_length`
/// bytes), writes to `output` (at most `output_length`), and tells how many bytes it consumed and
/// produced. Returns zlib's status (NZLIB_OK, NZLIB_STREAM_END, NZLIB_BUF_ERROR, or an error).
int nzlib_process(nzlib_stream *stream, const uint8_t *input, size_t input_length, size_t *consumed,
                  uint8_t *output, size_t output_length, size_t *produced, int flush);

// zlib's status codes and flush values (checked against zlib.h by verify/check_layout.c).
#define NZLIB_OK 0
#define NZLIB_STREAM_END 1
#define NZLIB_NEED_DICT 2
#define NZLIB_STREAM_ERROR (-2)
#define NZLIB_DATA_ERROR (-3)
#define NZLIB_MEM_ERROR (-4)
#define NZLIB_BUF_ERROR (-5)
#define NZLIB_NO_FLUSH 0
#define NZLIB_SYNC_FLUSH 2
#define NZLIB_DEFAULT_COMPRESSION (-1)

#endif  // __linux__
#endif  // NZLIB_SHIM_H
