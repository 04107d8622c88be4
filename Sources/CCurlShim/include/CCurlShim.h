// Typed, non-variadic access to the libcurl that is already installed (`libcurl.so.4`), loaded at
// run time with dlopen. Nothing here needs libcurl's headers or development package to build.
//
// Every symbol is prefixed `ncurl_`/`NCURL`: a symbol named `curl_*` exported from a binary could
// capture FoundationNetworking's own calls into libcurl.
//
// The constants below are copied from curl 7.88's public headers; they are part of libcurl's
// stable ABI. `Sources/CCurlShim/verify/check_constants.c` checks each one against the real
// headers at compile time (run `.ci/check-curl-constants.sh`).
//
// On platforms other than Linux this header declares nothing.
#ifndef NCURL_SHIM_H
#define NCURL_SHIM_H

#if defined(__linux__)

#include <stddef.h>
#include <stdint.h>

typedef struct ncurl_easy ncurl_easy;
typedef struct ncurl_multi ncurl_multi;
typedef struct ncurl_slist ncurl_slist;

// Callback shapes (the same as curl's).
typedef size_t (*ncurl_data_callback)(char *buffer, size_t size, size_t count, void *userdata);
typedef int (*ncurl_seek_callback)(void *userdata, int64_t offset, int origin);
/// CURLOPT_TRAILERFUNCTION: fills `*list` (built with ncurl_slist_append; libcurl frees it).
typedef int (*ncurl_trailer_callback)(ncurl_slist **list, void *userdata);

// MARK: Loading

/// Loads libcurl.so.4 and resolves every function used here, once. Returns 1 when usable, 0 when
/// not (see ncurl_load_error).
int ncurl_load(void);
/// Why loading failed, or NULL.
const char *ncurl_load_error(void);
/// The curl version string ("7.88.1"), or NULL when not loaded.
const char *ncurl_version(void);
/// The CURL_VERSION_* feature bits, or 0 when not loaded.
int ncurl_features(void);
/// The curl version as 0xXXYYZZ (major, minor, patch), or 0 when not loaded.
unsigned int ncurl_version_number(void);

// MARK: Easy handles

ncurl_easy *ncurl_easy_init(void);
void ncurl_easy_cleanup(ncurl_easy *easy);
void ncurl_easy_reset(ncurl_easy *easy);
/// curl_easy_pause: call it only on the thread driving the easy handle's multi handle.
int ncurl_easy_pause(ncurl_easy *easy, int bitmask);
/// curl_easy_perform: one blocking transfer (the benchmarks' libcurl baseline; the transport never
/// calls it).
int ncurl_easy_perform(ncurl_easy *easy);
int ncurl_easy_setopt_long(ncurl_easy *easy, int option, long value);
int ncurl_easy_setopt_pointer(ncurl_easy *easy, int option, const void *value);
/// For string options (curl copies the string).
int ncurl_easy_setopt_string(ncurl_easy *easy, int option, const char *value);
int ncurl_easy_setopt_off(ncurl_easy *easy, int option, int64_t value);
/// Sets CURLOPT_WRITEFUNCTION and CURLOPT_WRITEDATA.
int ncurl_easy_set_write_callback(ncurl_easy *easy, ncurl_data_callback callback, void *userdata);
/// Sets CURLOPT_HEADERFUNCTION and CURLOPT_HEADERDATA.
int ncurl_easy_set_header_callback(ncurl_easy *easy, ncurl_data_callback callback, void *userdata);
/// Sets CURLOPT_READFUNCTION and CURLOPT_READDATA.
int ncurl_easy_set_read_callback(ncurl_easy *easy, ncurl_data_callback callback, void *userdata);
/// Sets CURLOPT_SEEKFUNCTION and CURLOPT_SEEKDATA.
int ncurl_easy_set_seek_callback(ncurl_easy *easy, ncurl_seek_callback callback, void *userdata);
/// Sets CURLOPT_TRAILERFUNCTION and CURLOPT_TRAILERDATA (NULL and NULL clear them).
int ncurl_easy_set_trailer_callback(ncurl_easy *easy, ncurl_trailer_callback callback, void *userdata);
int ncurl_easy_getinfo_long(ncurl_easy *easy, int info, long *value);
int ncurl_easy_getinfo_off(ncurl_easy *easy, int info, int64_t *value);
int ncurl_easy_getinfo_string(ncurl_easy *easy, int info, const char **value);
const char *ncurl_easy_strerror(int code);
/// curl_easy_send on a CURLOPT_CONNECT_ONLY connection: writes up to `length` bytes without
/// blocking; NCURLE_AGAIN when the socket cannot take more now.
int ncurl_easy_send(ncurl_easy *easy, const void *buffer, size_t length, size_t *sent);
/// curl_easy_recv on a CURLOPT_CONNECT_ONLY connection: reads up to `length` bytes without
/// blocking; NCURLE_AGAIN when nothing is available, NCURLE_OK with 0 bytes at end of stream.
int ncurl_easy_recv(ncurl_easy *easy, void *buffer, size_t length, size_t *received);
/// CURLINFO_ACTIVESOCKET: the socket of a CURLOPT_CONNECT_ONLY connection, or -1.
int ncurl_easy_active_socket(ncurl_easy *easy, int *socket);

// MARK: Sockets (sockets.c)

/// What the shim's socket callbacks learned about one transfer; `ncurl_easy_set_transfer_notes`
/// points them at it.
typedef struct {
    /// The `errno` of a `socket()` that failed (0 for none): libcurl reports it as a failed
    /// connect and keeps no errno (CURLINFO_OS_ERRNO stays 0), so running out of descriptors
    /// would look like a server that cannot be reached.
    int socket_error;
    /// 1 when the transfer was refused a pooled connection that had received bytes nobody asked
    /// for; the transfer then ends with NCURLE_ABORTED_BY_CALLBACK, before anything was sent.
    int refused_dirty_connection;
    /// 1 once a request of the transfer went out on a connection known to carry one exchange at a
    /// time (HTTP/1.x, see `ncurl_note_serial_connection`), as the check before each request
    /// found it; it stays 1 for the transfer, a resend on a new connection included, until the
    /// notes are reset. A connection that may multiplex (HTTP/2), or a libcurl without
    /// CURLOPT_PREREQFUNCTION, leaves it 0.
    int sent_on_serial_connection;
} ncurl_transfer_notes;

/// Makes the shim open and close `easy`'s sockets (close-on-exec, recording a failed `socket()`),
/// and check a reused HTTP/1 connection before a request goes out on it (CURLOPT_PREREQFUNCTION,
/// curl 7.80): one that has bytes waiting, which no request asked for (a response smuggled in
/// after a HEAD, a 204 or a complete response, or the peer's close), is shut down and the
/// transfer refused. libcurl before 8.0 reuses such a connection, and the next request on it
/// would be answered with those bytes.
int ncurl_easy_use_shim_sockets(ncurl_easy *easy);
/// Points `easy`'s socket callbacks at `notes` (NULL: at nothing); set per transfer.
int ncurl_easy_set_transfer_notes(ncurl_easy *easy, ncurl_transfer_notes *notes);
/// Tells the check that the connection from `local_port` to `peer_port` carries one exchange at a
/// time (HTTP/1), so that bytes waiting on it between exchanges are foreign; a connection never
/// noted (new, or multiplexing HTTP/2, whose frames may come at any time) is not checked.
void ncurl_note_serial_connection(long local_port, long peer_port);
/// Makes the shim open `easy`'s sockets (close-on-exec, recording a failed `socket()` in the notes)
/// without tracking them: for connections handed over to the caller (CURLOPT_CONNECT_ONLY), which
/// carry no requests of libcurl's.
int ncurl_easy_use_plain_sockets(ncurl_easy *easy);

// MARK: Readiness (epoll.c)

/// A close-on-exec epoll descriptor, or -1 with errno set.
int ncurl_epoll_create(void);
/// Adds (`add` 1) or changes `fd`'s registration: level-triggered readiness for reading
/// (`readable`) and writing (`writable`), reported with `token`. 0, or -1 with errno set.
int ncurl_epoll_set(int epoll, int fd, int add, int readable, int writable, uint64_t token);
/// Removes `fd`'s registration. 0, or -1 with errno set.
int ncurl_epoll_remove(int epoll, int fd);
/// Waits up to `timeout_ms` (0: not at all) for at most `capacity` ready descriptors; fills their
/// tokens and, in `flags`, 1 for readable (or hung up, or failed) and 2 for writable. The count, or
/// -1 with errno set.
int ncurl_epoll_wait(int epoll, uint64_t *tokens, int *flags, int capacity, int timeout_ms);
/// A non-blocking, close-on-exec eventfd (a wake-up a loop waits for beside its sockets), or -1.
int ncurl_eventfd_create(void);
/// Makes the eventfd readable (from any thread).
void ncurl_eventfd_signal(int fd);
/// Makes the eventfd unreadable again.
void ncurl_eventfd_drain(int fd);

// MARK: Header lists

ncurl_slist *ncurl_slist_append(ncurl_slist *list, const char *line);
void ncurl_slist_free_all(ncurl_slist *list);

// MARK: Multi handles

ncurl_multi *ncurl_multi_init(void);
int ncurl_multi_cleanup(ncurl_multi *multi);
int ncurl_multi_setopt_long(ncurl_multi *multi, int option, long value);
int ncurl_multi_add_handle(ncurl_multi *multi, ncurl_easy *easy);
int ncurl_multi_remove_handle(ncurl_multi *multi, ncurl_easy *easy);
int ncurl_multi_perform(ncurl_multi *multi, int *running);
/// curl_multi_poll with no extra descriptors.
int ncurl_multi_poll(ncurl_multi *multi, int timeout_ms, int *ready);
/// curl_multi_poll that also wakes when `fd` becomes readable (`*fd_ready` is then 1): an epoll
/// descriptor standing for the sockets the caller services itself.
int ncurl_multi_poll_fd(ncurl_multi *multi, int fd, int timeout_ms, int *ready, int *fd_ready);
/// curl_multi_wakeup: the one multi call that is safe from any thread.
int ncurl_multi_wakeup(ncurl_multi *multi);
/// The next finished transfer (a CURLMSG_DONE message), with its result code, or NULL.
ncurl_easy *ncurl_multi_next_done(ncurl_multi *multi, int *result);

// MARK: Constants (checked against curl's headers by verify/check_constants.c)

// Easy options.
#define NCURLOPT_WRITEDATA 10001
#define NCURLOPT_URL 10002
#define NCURLOPT_READDATA 10009
#define NCURLOPT_ERRORBUFFER 10010
#define NCURLOPT_WRITEFUNCTION 20011
#define NCURLOPT_READFUNCTION 20012
#define NCURLOPT_USERAGENT 10018
#define NCURLOPT_HTTPHEADER 10023
#define NCURLOPT_HEADERDATA 10029
#define NCURLOPT_CUSTOMREQUEST 10036
#define NCURLOPT_NOBODY 44
#define NCURLOPT_POST 47
#define NCURLOPT_FOLLOWLOCATION 52
#define NCURLOPT_SSL_VERIFYPEER 64
#define NCURLOPT_CAINFO 10065
#define NCURLOPT_HEADERFUNCTION 20079
#define NCURLOPT_HTTPGET 80
#define NCURLOPT_HTTP_VERSION 84
#define NCURLOPT_NOSIGNAL 99
#define NCURLOPT_ACCEPT_ENCODING 10102
#define NCURLOPT_POSTFIELDSIZE_LARGE 30120
#define NCURLOPT_TCP_NODELAY 121
#define NCURLOPT_TIMEOUT_MS 155
#define NCURLOPT_CONNECTTIMEOUT_MS 156
#define NCURLOPT_SEEKFUNCTION 20167
#define NCURLOPT_SEEKDATA 10168
#define NCURLOPT_TCP_KEEPALIVE 213
#define NCURLOPT_TRAILERFUNCTION 20283
#define NCURLOPT_TRAILERDATA 10284
#define NCURLOPT_PINNEDPUBLICKEY 10230
#define NCURLOPT_PIPEWAIT 237
#define NCURLOPT_FORBID_REUSE 75
#define NCURLOPT_PROTOCOLS_STR 10318
#define NCURLOPT_PROXY 10004
#define NCURLOPT_NOPROXY 10177
#define NCURLOPT_CONNECT_ONLY 141
#define NCURLOPT_HTTPPROXYTUNNEL 61
#define NCURLOPT_CAPATH 10097
#define NCURLOPT_SSLVERSION 32
#define NCURLOPT_MAXAGE_CONN 288
#define NCURLOPT_OPENSOCKETFUNCTION 20163
#define NCURLOPT_OPENSOCKETDATA 10164
#define NCURLOPT_CLOSESOCKETFUNCTION 20208
#define NCURLOPT_CLOSESOCKETDATA 10209
#define NCURLOPT_PREREQFUNCTION 20312
#define NCURLOPT_PREREQDATA 10313
#define NCURLOPT_FRESH_CONNECT 74
#define NCURLOPT_HTTP_TRANSFER_DECODING 157
#define NCURLOPT_PROXYUSERNAME 10175
#define NCURLOPT_PROXYPASSWORD 10176
#define NCURLOPT_PROXYAUTH 111
#define NCURLOPT_SUPPRESS_CONNECT_HEADERS 265
#define NCURLOPT_RESOLVE 10203
#define NCURLOPT_UNIX_SOCKET_PATH 10231
#define NCURLOPT_INTERFACE 10062
#define NCURLOPT_HAPPY_EYEBALLS_TIMEOUT_MS 271
// CURLAUTH_* values.
#define NCURLAUTH_BASIC 1

// Information.
#define NCURLINFO_EFFECTIVE_URL 0x100001
#define NCURLINFO_RESPONSE_CODE 0x200002
#define NCURLINFO_HEADER_SIZE 0x20000B
#define NCURLINFO_REQUEST_SIZE 0x20000C
#define NCURLINFO_NUM_CONNECTS 0x20001A
#define NCURLINFO_HTTP_VERSION 0x20002E
#define NCURLINFO_SIZE_UPLOAD_T 0x600007
#define NCURLINFO_SIZE_DOWNLOAD_T 0x600008
#define NCURLINFO_CONTENT_LENGTH_DOWNLOAD_T 0x60000F
#define NCURLINFO_TOTAL_TIME_T 0x600032
#define NCURLINFO_NAMELOOKUP_TIME_T 0x600033
#define NCURLINFO_CONNECT_TIME_T 0x600034
#define NCURLINFO_PRETRANSFER_TIME_T 0x600035
#define NCURLINFO_STARTTRANSFER_TIME_T 0x600036
#define NCURLINFO_APPCONNECT_TIME_T 0x600038
#define NCURLINFO_ACTIVESOCKET 0x50002C
#define NCURLINFO_PRIMARY_PORT 0x200028
#define NCURLINFO_LOCAL_PORT 0x20002A
/// The CA bundle and directory libcurl was built to use by default (curl 7.84; an older libcurl
/// answers an error code).
#define NCURLINFO_CAINFO 0x10003D
#define NCURLINFO_CAPATH 0x10003E

// Multi options.
#define NCURLMOPT_MAXCONNECTS 6
#define NCURLMOPT_MAX_HOST_CONNECTIONS 7
#define NCURLMOPT_MAX_TOTAL_CONNECTIONS 13

// CURL_HTTP_VERSION_* values.
#define NCURL_HTTP_VERSION_NONE 0
#define NCURL_HTTP_VERSION_1_0 1
#define NCURL_HTTP_VERSION_1_1 2
#define NCURL_HTTP_VERSION_2_0 3
#define NCURL_HTTP_VERSION_2TLS 4
#define NCURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE 5
#define NCURL_HTTP_VERSION_3 30
#define NCURL_SSLVERSION_TLSv1_2 6

// Callback return values and sizes.
#define NCURL_READFUNC_ABORT 0x10000000
#define NCURL_READFUNC_PAUSE 0x10000001
#define NCURL_WRITEFUNC_PAUSE 0x10000001
#define NCURL_TRAILERFUNC_OK 0
#define NCURL_TRAILERFUNC_ABORT 1
#define NCURLPAUSE_RECV 1
#define NCURLPAUSE_SEND 4
#define NCURLPAUSE_CONT 0
#define NCURL_SEEKFUNC_OK 0
#define NCURL_SEEKFUNC_FAIL 1
#define NCURL_SEEKFUNC_CANTSEEK 2
#define NCURL_ERROR_SIZE 256

// Feature bits (curl_version_info_data.features).
#define NCURL_VERSION_SSL (1 << 2)
#define NCURL_VERSION_LIBZ (1 << 3)
#define NCURL_VERSION_HTTP2 (1 << 16)
#define NCURL_VERSION_BROTLI (1 << 23)
#define NCURL_VERSION_ZSTD (1 << 26)

// CURLcode values the transport tells apart.
#define NCURLE_OK 0
#define NCURLE_UNSUPPORTED_PROTOCOL 1
#define NCURLE_URL_MALFORMAT 3
#define NCURLE_COULDNT_RESOLVE_PROXY 5
#define NCURLE_COULDNT_RESOLVE_HOST 6
#define NCURLE_COULDNT_CONNECT 7
#define NCURLE_WEIRD_SERVER_REPLY 8
#define NCURLE_HTTP2 16
#define NCURLE_PARTIAL_FILE 18
#define NCURLE_WRITE_ERROR 23
#define NCURLE_UPLOAD_FAILED 25
#define NCURLE_READ_ERROR 26
#define NCURLE_OUT_OF_MEMORY 27
#define NCURLE_OPERATION_TIMEDOUT 28
#define NCURLE_SSL_CONNECT_ERROR 35
#define NCURLE_ABORTED_BY_CALLBACK 42
#define NCURLE_TOO_MANY_REDIRECTS 47
#define NCURLE_GOT_NOTHING 52
#define NCURLE_SEND_ERROR 55
#define NCURLE_RECV_ERROR 56
#define NCURLE_SSL_CERTPROBLEM 58
#define NCURLE_SSL_CIPHER 59
#define NCURLE_PEER_FAILED_VERIFICATION 60
#define NCURLE_BAD_CONTENT_ENCODING 61
#define NCURLE_FILESIZE_EXCEEDED 63
#define NCURLE_SEND_FAIL_REWIND 65
#define NCURLE_LOGIN_DENIED 67
#define NCURLE_SSL_CACERT_BADFILE 77
#define NCURLE_SSL_SHUTDOWN_FAILED 80
#define NCURLE_SSL_CRL_BADFILE 82
#define NCURLE_SSL_ISSUER_ERROR 83
#define NCURLE_SSL_PINNEDPUBKEYNOTMATCH 90
#define NCURLE_SSL_INVALIDCERTSTATUS 91
#define NCURLE_HTTP2_STREAM 92
#define NCURLE_HTTP3 95
#define NCURLE_QUIC_CONNECT_ERROR 96
#define NCURLE_PROXY 97
#define NCURLE_SSL_CLIENTCERT 98
#define NCURLE_AGAIN 81

#endif  // __linux__
#endif  // NCURL_SHIM_H
