// Readiness of the sockets a loop services itself (connections libcurl opened and handed over),
// through one epoll descriptor the loop adds to libcurl's own poll. In C because `epoll_event` is
// a packed struct on x86-64, which Swift does not lay out reliably. See CCurlShim.h.
#if defined(__linux__)

#include "CCurlShim.h"

#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

int ncurl_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int ncurl_epoll_set(int epoll, int fd, int add, int readable, int writable, uint64_t token) {
    struct epoll_event event = {0};
    event.events = (readable ? EPOLLIN : 0) | (writable ? EPOLLOUT : 0);
    event.data.u64 = token;
    return epoll_ctl(epoll, add ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &event);
}

int ncurl_epoll_remove(int epoll, int fd) {
    struct epoll_event unused = {0};  // kernels before 2.6.9 require one
    return epoll_ctl(epoll, EPOLL_CTL_DEL, fd, &unused);
}

int ncurl_epoll_wait(int epoll, uint64_t *tokens, int *flags, int capacity, int timeout_ms) {
    struct epoll_event events[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epoll, events, capacity, timeout_ms);
    for (int index = 0; index < count; index++) {
        uint32_t happened = events[index].events;
        tokens[index] = events[index].data.u64;
        flags[index] = ((happened & (EPOLLIN | EPOLLHUP | EPOLLERR)) ? 1 : 0) |
                       ((happened & (EPOLLOUT | EPOLLERR)) ? 2 : 0);
    }
    return count;
}

int ncurl_eventfd_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

void ncurl_eventfd_signal(int fd) {
    uint64_t one = 1;
    (void)!write(fd, &one, sizeof one);  // a counter at its maximum is still readable: nothing lost
}

void ncurl_eventfd_drain(int fd) {
    uint64_t count;
    (void)!read(fd, &count, sizeof count);
}

#endif  // __linux__
