// The shim's own socket callbacks for the transport's easy handles: it opens and closes every
// socket itself, so that it knows them, records why a `socket()` failed, and refuses a pooled
// HTTP/1 connection on which bytes arrived that no request asked for. See CCurlShim.h.
#if defined(__linux__)

#include "CCurlShim.h"
#include "ncurl_layout.h"

#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

// A socket the shim opened and has not closed: its ports once looked up, and whether it is known
// to carry one exchange at a time.
typedef struct {
    int fd;
    int local_port;  // 0 until looked up
    int peer_port;
    int serial;
} tracked_socket;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static tracked_socket *sockets;
static size_t count, capacity;

#define PREREQ_OK 0
#define PREREQ_ABORT 1

static int port_of(const struct sockaddr_storage *address) {
    if (address->ss_family == AF_INET) return ntohs(((const struct sockaddr_in *)address)->sin_port);
    if (address->ss_family == AF_INET6) return ntohs(((const struct sockaddr_in6 *)address)->sin6_port);
    return -1;  // a Unix socket: never matched
}

// Looks up the ports of a connected socket once (under the lock).
static void look_up_ports(tracked_socket *socket) {
    if (socket->local_port != 0) return;
    struct sockaddr_storage local, peer;
    socklen_t local_length = sizeof local, peer_length = sizeof peer;
    if (getsockname(socket->fd, (struct sockaddr *)&local, &local_length) != 0) return;
    if (getpeername(socket->fd, (struct sockaddr *)&peer, &peer_length) != 0) return;  // not connected yet
    socket->local_port = port_of(&local);
    socket->peer_port = port_of(&peer);
}

// The tracked socket of the connection between these ports, or NULL (under the lock).
static tracked_socket *find(long local_port, long peer_port) {
    for (size_t index = 0; index < count; index++) {
        tracked_socket *socket = &sockets[index];
        look_up_ports(socket);
        if (socket->local_port == local_port && socket->peer_port == peer_port) return socket;
    }
    return NULL;
}

static int open_socket(void *notes, int purpose, ncurl_sockaddr *address) {
    (void)purpose;
    int fd = socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
    if (fd < 0) {
        if (notes != NULL) ((ncurl_transfer_notes *)notes)->socket_error = errno;
        return -1;  // CURL_SOCKET_BAD
    }
    pthread_mutex_lock(&lock);
    if (count == capacity) {
        size_t larger = capacity == 0 ? 64 : capacity * 2;
        tracked_socket *grown = realloc(sockets, larger * sizeof *grown);
        if (grown == NULL) {
            pthread_mutex_unlock(&lock);
            close(fd);
            if (notes != NULL) ((ncurl_transfer_notes *)notes)->socket_error = ENOMEM;
            return -1;
        }
        sockets = grown;
        capacity = larger;
    }
    sockets[count++] = (tracked_socket){.fd = fd};
    pthread_mutex_unlock(&lock);
    return fd;
}

static int close_socket(void *unused, int fd) {
    (void)unused;
    pthread_mutex_lock(&lock);
    for (size_t index = 0; index < count; index++) {
        if (sockets[index].fd == fd) {
            sockets[index] = sockets[--count];
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    return close(fd);
}

// Before a request goes out: a connection known to be HTTP/1 must have nothing waiting to be read,
// and the transfer's notes record that the request went out on one (a resend of it is then not
// one of HTTP/2's unprocessed streams).
static int before_request(void *notes, char *primary_ip, char *local_ip, int primary_port, int local_port) {
    (void)primary_ip;
    (void)local_ip;
    int refuse = 0, serial = 0;
    pthread_mutex_lock(&lock);
    tracked_socket *socket = find(local_port, primary_port);
    if (socket != NULL && socket->serial) {
        serial = 1;
        char byte;
        ssize_t peeked = recv(socket->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
        // Bytes nobody asked for, or the peer's end of the stream: either way not reusable. Shut
        // down, the connection is dropped by libcurl's own liveness check the next time it looks.
        if (peeked >= 0) {
            shutdown(socket->fd, SHUT_RDWR);
            refuse = 1;
        }
    }
    pthread_mutex_unlock(&lock);
    if (serial && notes != NULL) ((ncurl_transfer_notes *)notes)->sent_on_serial_connection = 1;
    if (refuse && notes != NULL) ((ncurl_transfer_notes *)notes)->refused_dirty_connection = 1;
    return refuse ? PREREQ_ABORT : PREREQ_OK;
}

int ncurl_easy_use_shim_sockets(ncurl_easy *easy) {
    int code = ncurl_easy_setopt_pointer(easy, NCURLOPT_OPENSOCKETFUNCTION, (const void *)open_socket);
    if (code != 0) return code;
    code = ncurl_easy_setopt_pointer(easy, NCURLOPT_CLOSESOCKETFUNCTION, (const void *)close_socket);
    if (code != 0) return code;
    // Unknown to a libcurl older than 7.80, which then goes without the check.
    (void)ncurl_easy_setopt_pointer(easy, NCURLOPT_PREREQFUNCTION, (const void *)before_request);
    return 0;
}

static int open_plain_socket(void *notes, int purpose, ncurl_sockaddr *address) {
    (void)purpose;
    int fd = socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
    if (fd < 0 && notes != NULL) ((ncurl_transfer_notes *)notes)->socket_error = errno;
    return fd;
}

int ncurl_easy_use_plain_sockets(ncurl_easy *easy) {
    return ncurl_easy_setopt_pointer(easy, NCURLOPT_OPENSOCKETFUNCTION, (const void *)open_plain_socket);
}

int ncurl_easy_set_transfer_notes(ncurl_easy *easy, ncurl_transfer_notes *notes) {
    int code = ncurl_easy_setopt_pointer(easy, NCURLOPT_OPENSOCKETDATA, notes);
    (void)ncurl_easy_setopt_pointer(easy, NCURLOPT_PREREQDATA, notes);
    return code;
}

void ncurl_note_serial_connection(long local_port, long peer_port) {
    pthread_mutex_lock(&lock);
    tracked_socket *socket = find(local_port, peer_port);
    if (socket != NULL) socket->serial = 1;
    pthread_mutex_unlock(&lock);
}

#endif  // __linux__
