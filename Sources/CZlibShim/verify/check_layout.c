// Compile-time check that the layout and constants hand-declared in CZlibShim.h and
// nzlib_layout.h match zlib's real header. Not part of the build (the package needs no zlib
// headers); compile it with .ci/check-zlib-layout.sh. It fails to compile on a mismatch.
#include <stddef.h>
#include <zlib.h>

#include "../include/CZlibShim.h"
#include "../nzlib_layout.h"

#define SAME(ours, theirs) _Static_assert((ours) == (theirs), #ours " != " #theirs)
#define SAME_FIELD(field) \
    SAME(offsetof(nzlib_z_stream, field), offsetof(z_stream, field)); \
    SAME(sizeof(((nzlib_z_stream *)0)->field), sizeof(((z_stream *)0)->field))

SAME(sizeof(nzlib_z_stream), sizeof(z_stream));
SAME_FIELD(next_in);
SAME_FIELD(avail_in);
SAME_FIELD(total_in);
SAME_FIELD(next_out);
SAME_FIELD(avail_out);
SAME_FIELD(total_out);
SAME_FIELD(msg);
SAME_FIELD(state);
SAME_FIELD(zalloc);
SAME_FIELD(zfree);
SAME_FIELD(opaque);
SAME_FIELD(data_type);
SAME_FIELD(adler);
SAME_FIELD(reserved);

SAME(NZLIB_OK, Z_OK);
SAME(NZLIB_STREAM_END, Z_STREAM_END);
SAME(NZLIB_NEED_DICT, Z_NEED_DICT);
SAME(NZLIB_STREAM_ERROR, Z_STREAM_ERROR);
SAME(NZLIB_DATA_ERROR, Z_DATA_ERROR);
SAME(NZLIB_MEM_ERROR, Z_MEM_ERROR);
SAME(NZLIB_BUF_ERROR, Z_BUF_ERROR);
SAME(NZLIB_NO_FLUSH, Z_NO_FLUSH);
SAME(NZLIB_SYNC_FLUSH, Z_SYNC_FLUSH);
SAME(NZLIB_DEFAULT_COMPRESSION, Z_DEFAULT_COMPRESSION);
SAME(NZLIB_DEFLATED, Z_DEFLATED);
SAME(NZLIB_DEFAULT_STRATEGY, Z_DEFAULT_STRATEGY);
