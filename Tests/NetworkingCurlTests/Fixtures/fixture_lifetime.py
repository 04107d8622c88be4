"""How long a fixture server lives: until the test process that started it is gone.

A fixture server calls `tie_to_parent()` first. It exits as soon as its standard input closes (the
test process ended, or closed the pipe to stop it), when it is signalled, or after `limit`
seconds at the latest, so that no server outlives a crashed or hung test run.
"""
import os
import signal
import sys
import threading


def tie_to_parent(limit=300):
    # A parent may have left these blocked or ignored; restore them so terminate() works.
    signals = {signal.SIGTERM, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signals)
    for number in signals:
        signal.signal(number, signal.SIG_DFL)
    threading.Thread(target=_exit_when_parent_goes, daemon=True).start()
    threading.Timer(limit, lambda: os._exit(0)).start()


def _exit_when_parent_goes():
    sys.stdin.read()
    os._exit(0)
