// Hand-declared layouts of the three libcurl structures the shim reads. Checked against curl's
// headers by verify/check_constants.c.
#ifndef NCURL_LAYOUT_H
#define NCURL_LAYOUT_H

#if defined(__linux__)

#include <stdint.h>
#include <sys/socket.h>

/// struct CURLMsg (multi.h).
typedef struct {
    int msg;  // CURLMSG
    void *easy_handle;
    union {
        void *whatever;
        int result;  // CURLcode
    } data;
} ncurl_message;

/// The first fields of struct curl_version_info_data (curl.h); present in every version.
typedef struct {
    int age;
    const char *version;
    unsigned int version_num;
    const char *host;
    int features;
} ncurl_version_info_prefix;

/// struct curl_sockaddr (curl.h): what CURLOPT_OPENSOCKETFUNCTION is given.
typedef struct {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    struct sockaddr addr;
} ncurl_sockaddr;

#define NCURLMSG_DONE 1
#define NCURL_GLOBAL_ALL 3
#define NCURLVERSION_FIRST 0

#endif  // __linux__
#endif  // NCURL_LAYOUT_H
