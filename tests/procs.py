"""A trunfo command run as a real process, its output read as it comes (to see the
progress bar), for tests that send it signals."""
import os
import signal
import subprocess
import sys
import threading
import time

import simcore

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(simcore.__file__)))  # the code under test


def _default_sigint():
    signal.signal(signal.SIGINT, signal.SIG_DFL)    # even if the tests run in the background


class Proc:
    """A trunfo subprocess whose stderr is read as it comes (to see the progress bar)."""

    def __init__(self, argv, cwd=None):
        env = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.p = subprocess.Popen([sys.executable, "-m", "experiments.cli", *map(str, argv)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env=env, cwd=cwd, preexec_fn=_default_sigint)
        self.err = []
        self.out = []
        self.t_err = threading.Thread(target=self._read, args=(self.p.stderr, self.err))
        self.t_out = threading.Thread(target=self._read, args=(self.p.stdout, self.out))
        self.t_err.start()
        self.t_out.start()

    @staticmethod
    def _read(stream, into):
        while True:
            c = stream.read(1)
            if not c:
                return
            into.append(c)

    def wait_for(self, text, timeout=240):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in "".join(self.err):
                return
            if self.p.poll() is not None:
                break
            time.sleep(0.05)
        self.p.kill()
        raise AssertionError(f"never saw {text!r}: {''.join(self.err)[-500:]}")

    def stop(self, sig, timeout=60) -> float:
        t = time.monotonic()
        self.p.send_signal(sig)
        self.p.wait(timeout=timeout)
        dt = time.monotonic() - t
        self.t_err.join()
        self.t_out.join()
        return dt

    @property
    def stdout(self):
        return "".join(self.out)

    @property
    def stderr(self):
        return "".join(self.err)
