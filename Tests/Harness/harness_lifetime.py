"""How long a harness server lives: no longer than the process that started it.

A server calls `tie_to_parent()` from its main thread once it is listening. From then on it exits
(after its `cleanup`, if it has one) as soon as any of these happens:

- it is sent SIGTERM, SIGINT or SIGHUP. A child inherits its parent's blocked signals and ignored
  dispositions (a test process started through Foundation's `Process`, or a shell's background
  job, may leave them so), and a SIGTERM that stays blocked never arrives: the three are unblocked
  and handled here;
- its standard input reaches end of file: the test holds the pipe's other end, which the kernel
  closes when the test process ends however it ends (not watched with `parent`, for a server
  started by a shell with no pipe);
- the process it belongs to is gone: `parent`, a process id, when given (a script's `--parent`),
  or the process that started it, noticed when this one is re-parented (`os.getppid()` changes).
  This holds when a pipe's end was inherited by some other child and stdin never closes, and when
  the test process has exited but is not reaped yet (a zombie answers `kill(pid, 0)`, and `swift
  test` reaps it only once its output, which a server holds open, closes).

Not prctl(PR_SET_PDEATHSIG): it follows the thread that started the child, which in a test process
may end long before the process does.
"""
import os
import signal
import sys
import threading
import time

SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
POLL_SECONDS = 0.5


def tie_to_parent(parent=None, cleanup=None):
    """Ends this process (after `cleanup()`) on a signal, at stdin's end, or once `parent` (by
    default the process that started this one) is gone; see the module's docstring."""

    def leave(*_):
        if cleanup is not None:
            try:
                cleanup()
            except Exception as error:  # the process ends regardless; say why cleaning failed
                print(f"harness_lifetime: cleanup failed: {error!r}", file=sys.stderr, flush=True)
        os._exit(0)

    for number in SIGNALS:
        signal.signal(number, leave)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)
    threading.Thread(target=_watch_process, args=(parent, os.getppid(), leave), daemon=True).start()
    if parent is None:
        threading.Thread(target=_watch_stdin, args=(leave,), daemon=True).start()
    return leave


def _watch_stdin(leave):
    try:
        while sys.stdin.buffer.read(65536):
            pass
    except (OSError, ValueError, AttributeError):
        pass  # no usable stdin: the process watch still ties the server to its parent
    else:
        leave()


def _watch_process(parent, started_by, leave):
    while True:
        time.sleep(POLL_SECONDS)
        if os.getppid() != started_by or (parent is not None and _is_gone(parent)):
            leave()


def _is_gone(pid):
    """Whether process `pid` has ended: it does not exist, or it is a zombie (Linux's /proc says)."""
    if os.path.isdir("/proc/self"):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                return stat.read().rpartition(")")[2].split()[0] in ("Z", "X")
        except FileNotFoundError:
            return True
        except (OSError, IndexError):
            pass
    try:  # no /proc (macOS): ask the kernel
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        pass  # it exists, as another user's
    return False
