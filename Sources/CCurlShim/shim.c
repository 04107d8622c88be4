// Loads libcurl.so.4 with dlopen and calls it through typed function pointers. See CCurlShim.h.
#if defined(__linux__)

#include "CCurlShim.h"
#include "ncurl_layout.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// libcurl's variadic functions are called through pointers declared variadic, exactly as the
// library defines them; only the shim's own wrappers are non-variadic.
typedef int (*easy_setopt_fn)(void *, int, ...);
typedef int (*easy_getinfo_fn)(void *, int, ...);
typedef int (*multi_setopt_fn)(void *, int, ...);

static struct {
    int (*global_init)(long);
    void *(*version_info)(int);
    void *(*easy_init)(void);
    void (*easy_cleanup)(void *);
    void (*easy_reset)(void *);
    int (*easy_pause)(void *, int);
    easy_setopt_fn easy_setopt;
    easy_getinfo_fn easy_getinfo;
    const char *(*easy_strerror)(int);
    void *(*slist_append)(void *, const char *);
    void (*slist_free_all)(void *);
    void *(*multi_init)(void);
    int (*multi_cleanup)(void *);
    multi_setopt_fn multi_setopt;
    int (*multi_add_handle)(void *, void *);
    int (*multi_remove_handle)(void *, void *);
    int (*multi_perform)(void *, int *);
    int (*multi_poll)(void *, void *, unsigned int, int, int *);
    int (*multi_wakeup)(void *);
    void *(*multi_info_read)(void *, int *);
    int (*easy_perform)(void *);
    int (*easy_send)(void *, const void *, size_t, size_t *);
    int (*easy_recv)(void *, void *, size_t, size_t *);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

#define RESOLVE(field, name)                                                                  \
    do {                                                                                      \
        *(void **)(&api.field) = dlsym(handle, name);                                          \
        if (api.field == NULL) {                                                              \
            snprintf(load_error, sizeof load_error, "libcurl.so.4 has no symbol %s", name);   \
            return;                                                                           \
        }                                                                                     \
    } while (0)

static void load(void) {
    // The instance FoundationNetworking already loaded, when it did; never unloaded.
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason ? reason : "dlopen(libcurl.so.4) failed");
        return;
    }
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(version_info, "curl_version_info");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_reset, "curl_easy_reset");
    RESOLVE(easy_pause, "curl_easy_pause");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    RESOLVE(multi_init, "curl_multi_init");
    RESOLVE(multi_cleanup, "curl_multi_cleanup");
    RESOLVE(multi_setopt, "curl_multi_setopt");
    RESOLVE(multi_add_handle, "curl_multi_add_handle");
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
    RESOLVE(multi_perform, "curl_multi_perform");
    RESOLVE(multi_poll, "curl_multi_poll");      // curl 7.66
    RESOLVE(multi_wakeup, "curl_multi_wakeup");  // curl 7.68
    RESOLVE(multi_info_read, "curl_multi_info_read");
    RESOLVE(easy_perform, "curl_easy_perform");
    RESOLVE(easy_send, "curl_easy_send");
    RESOLVE(easy_recv, "curl_easy_recv");
    // Reference-counted; never paired with curl_global_cleanup, since the library is shared.
    int code = api.global_init(NCURL_GLOBAL_ALL);
    if (code != 0) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed with code %d", code);
        return;
    }
    loaded = 1;
}

int ncurl_load(void) {
    pthread_once(&load_once, load);
    return loaded;
}

const char *ncurl_load_error(void) {
    pthread_once(&load_once, load);
    return loaded ? NULL : load_error;
}

static const ncurl_version_info_prefix *version_info(void) {
    if (!ncurl_load()) return NULL;
    return (const ncurl_version_info_prefix *)api.version_info(NCURLVERSION_FIRST);
}

const char *ncurl_version(void) {
    const ncurl_version_info_prefix *info = version_info();
    return info ? info->version : NULL;
}

int ncurl_features(void) {
    const ncurl_version_info_prefix *info = version_info();
    return info ? info->features : 0;
}

unsigned int ncurl_version_number(void) {
    const ncurl_version_info_prefix *info = version_info();
    return info ? info->version_num : 0;
}

// The functions below are only called after ncurl_load() returned 1.

ncurl_easy *ncurl_easy_init(void) { return (ncurl_easy *)api.easy_init(); }
void ncurl_easy_cleanup(ncurl_easy *easy) { api.easy_cleanup(easy); }
void ncurl_easy_reset(ncurl_easy *easy) { api.easy_reset(easy); }
int ncurl_easy_perform(ncurl_easy *easy) { return api.easy_perform(easy); }

int ncurl_easy_pause(ncurl_easy *easy, int bitmask) { return api.easy_pause(easy, bitmask); }

int ncurl_easy_setopt_long(ncurl_easy *easy, int option, long value) {
    return api.easy_setopt(easy, option, value);
}

int ncurl_easy_setopt_pointer(ncurl_easy *easy, int option, const void *value) {
    return api.easy_setopt(easy, option, value);
}

int ncurl_easy_setopt_string(ncurl_easy *easy, int option, const char *value) {
    return api.easy_setopt(easy, option, value);
}

int ncurl_easy_setopt_off(ncurl_easy *easy, int option, int64_t value) {
    return api.easy_setopt(easy, option, (long)value);  // curl_off_t is long on LP64 Linux
}

static int set_callback(ncurl_easy *easy, int function_option, void (*function)(void), int data_option,
                        void *userdata) {
    int code = api.easy_setopt(easy, function_option, function);
    if (code != 0) return code;
    return api.easy_setopt(easy, data_option, userdata);
}

int ncurl_easy_set_write_callback(ncurl_easy *easy, ncurl_data_callback callback, void *userdata) {
    return set_callback(easy, NCURLOPT_WRITEFUNCTION, (void (*)(void))callback, NCURLOPT_WRITEDATA, userdata);
}

int ncurl_easy_set_header_callback(ncurl_easy *easy, ncurl_data_callback callback, void *userdata) {
    return set_callback(easy, NCURLOPT_HEADERFUNCTION, (void (*)(void))callback, NCURLOPT_HEADERDATA, userdata);
}

int ncurl_easy_set_read_callback(ncurl_easy *easy, ncurl_data_callback callback, void *userdata) {
    return set_callback(easy, NCURLOPT_READFUNCTION, (void (*)(void))callback, NCURLOPT_READDATA, userdata);
}

int ncurl_easy_set_seek_callback(ncurl_easy *easy, ncurl_seek_callback callback, void *userdata) {
    return set_callback(easy, NCURLOPT_SEEKFUNCTION, (void (*)(void))callback, NCURLOPT_SEEKDATA, userdata);
}

int ncurl_easy_set_trailer_callback(ncurl_easy *easy, ncurl_trailer_callback callback, void *userdata) {
    return set_callback(easy, NCURLOPT_TRAILERFUNCTION, (void (*)(void))callback, NCURLOPT_TRAILERDATA, userdata);
}

int ncurl_easy_getinfo_long(ncurl_easy *easy, int info, long *value) {
    return api.easy_getinfo(easy, info, value);
}

int ncurl_easy_getinfo_off(ncurl_easy *easy, int info, int64_t *value) {
    long result = 0;
    int code = api.easy_getinfo(easy, info, &result);
    *value = result;
    return code;
}

int ncurl_easy_getinfo_string(ncurl_easy *easy, int info, const char **value) {
    return api.easy_getinfo(easy, info, value);
}

const char *ncurl_easy_strerror(int code) { return api.easy_strerror(code); }

int ncurl_easy_send(ncurl_easy *easy, const void *buffer, size_t length, size_t *sent) {
    return api.easy_send(easy, buffer, length, sent);
}

int ncurl_easy_recv(ncurl_easy *easy, void *buffer, size_t length, size_t *received) {
    return api.easy_recv(easy, buffer, length, received);
}

int ncurl_easy_active_socket(ncurl_easy *easy, int *socket) {
    int value = -1;  // curl_socket_t is int on Linux
    int code = api.easy_getinfo(easy, NCURLINFO_ACTIVESOCKET, &value);
    *socket = value;
    return code;
}

ncurl_slist *ncurl_slist_append(ncurl_slist *list, const char *line) {
    return (ncurl_slist *)api.slist_append(list, line);
}

void ncurl_slist_free_all(ncurl_slist *list) { api.slist_free_all(list); }

ncurl_multi *ncurl_multi_init(void) { return (ncurl_multi *)api.multi_init(); }
int ncurl_multi_cleanup(ncurl_multi *multi) { return api.multi_cleanup(multi); }

int ncurl_multi_setopt_long(ncurl_multi *multi, int option, long value) {
    return api.multi_setopt(multi, option, value);
}

int ncurl_multi_add_handle(ncurl_multi *multi, ncurl_easy *easy) { return api.multi_add_handle(multi, easy); }

int ncurl_multi_remove_handle(ncurl_multi *multi, ncurl_easy *easy) {
    return api.multi_remove_handle(multi, easy);
}

int ncurl_multi_perform(ncurl_multi *multi, int *running) { return api.multi_perform(multi, running); }

int ncurl_multi_poll(ncurl_multi *multi, int timeout_ms, int *ready) {
    return api.multi_poll(multi, NULL, 0, timeout_ms, ready);
}

int ncurl_multi_poll_fd(ncurl_multi *multi, int fd, int timeout_ms, int *ready, int *fd_ready) {
    // curl's struct curl_waitfd: the socket, the events asked for and those that happened.
    struct {
        int fd;
        short events;
        short revents;
    } extra = {fd, 0x001 /* CURL_WAIT_POLLIN */, 0};
    int code = api.multi_poll(multi, &extra, 1, timeout_ms, ready);
    *fd_ready = extra.revents != 0;
    return code;
}

int ncurl_multi_wakeup(ncurl_multi *multi) { return api.multi_wakeup(multi); }

ncurl_easy *ncurl_multi_next_done(ncurl_multi *multi, int *result) {
    int remaining = 0;
    for (;;) {
        const ncurl_message *message = (const ncurl_message *)api.multi_info_read(multi, &remaining);
        if (message == NULL) return NULL;
        if (message->msg == NCURLMSG_DONE) {
            *result = message->data.result;
            return (ncurl_easy *)message->easy_handle;
        }
    }
}

#endif  // __linux__
