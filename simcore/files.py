"""Output files: checked before anything is computed, written under a temporary name
and renamed into place only when complete, so a killed process never leaves a broken
file where a good one was.  Errors of the file system become one-line
:class:`~simcore.errors.TrunfoError` messages.
"""
from __future__ import annotations

import os
import re
import secrets

from .errors import TrunfoError


class OutputError(TrunfoError):
    """An output could not be written (full disk, no permission, ...)."""

    def __init__(self, message: str, errno_: int | None = None):
        super().__init__(message)
        self.errno = errno_


def os_error(e: OSError, path: str, doing: str = "write") -> OutputError:
    """One line for a failed file operation; pyarrow's errors carry ``[errno N]`` in their
    text rather than in ``errno``."""
    code = e.errno
    if code is None:
        m = re.search(r"\[errno (\d+)\]", str(e), re.IGNORECASE)
        code = int(m.group(1)) if m else None
    why = os.strerror(code) if code else (e.strerror or str(e))
    return OutputError(f"cannot {doing} {path}: {why}", code)


def check_output_file(path: str) -> None:
    """Refuse, with one line, a file path that cannot be written."""
    if not isinstance(path, (str, os.PathLike)) or not str(path):
        raise TrunfoError(f"output file {path!r} is not a file name")
    path = os.fspath(path)
    if os.path.isdir(path):
        raise TrunfoError(f"cannot write {path}: it is a directory; give a file name")
    if os.path.lexists(path) and not os.path.isfile(path):
        raise TrunfoError(f"cannot write {path}: it exists and is not a regular file; "
                          f"give a file name")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise TrunfoError(f"cannot write {path}: directory {os.path.dirname(path) or parent} "
                          f"does not exist")


def check_output_dir(path: str) -> None:
    """Refuse, with one line, a directory that cannot be created or written."""
    path = os.fspath(path)
    if os.path.lexists(path) and not os.path.isdir(path):
        raise TrunfoError(f"cannot use {path} as a directory: it exists and is not one")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise os_error(e, path, "create") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise TrunfoError(f"cannot write in {path}: permission denied")


def check_no_links(root: str) -> None:
    """Refuse, in one line, a folder to be written into that is a symbolic link or holds
    one (at any depth): a command writes only inside the folder the user named, never
    through a link into another place.  A folder that does not exist yet passes."""
    root = os.fspath(root)
    if os.path.islink(root):
        raise TrunfoError(f"{root} is a symbolic link: trunfo writes only into a real folder "
                          f"(name the folder it points to, or remove the link)")
    if not os.path.isdir(root):
        return
    for here, dirs, files in os.walk(root):
        for name in dirs + files:
            p = os.path.join(here, name)
            if os.path.islink(p):
                raise TrunfoError(f"{p} is a symbolic link: trunfo does not write through "
                                  f"links (remove it, and run the command again)")


def temp_name(path: str) -> str:
    """A unique temporary name next to ``path`` (hidden, ending in ``.tmp``): ``.NAME.PID.
    RANDOM.tmp``, the writing process's id in it (:func:`sweep_stale`)."""
    d, base = os.path.split(os.fspath(path))
    return os.path.join(d, f".{base}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True            # exists (another user's) or cannot tell: leave its file
    return True


def sweep_stale(path: str) -> list[str]:
    """Remove the temporary files :func:`temp_name` made for ``path`` whose writer is no
    longer running on this machine (a writer killed by SIGKILL, or the machine stopped,
    leaves one behind); returns the names removed.  A file whose writer still runs, or
    that cannot be removed, is left alone."""
    d, base = os.path.split(os.fspath(path))
    prefix = f".{base}."
    removed = []
    try:
        names = os.listdir(d or ".")
    except OSError:
        return removed
    for name in names:
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        parts = name[len(prefix):-len(".tmp")].split(".")
        if len(parts) != 2 or not parts[0].isdigit() or len(parts[1]) != 8:
            continue
        if _running(int(parts[0])):
            continue
        try:
            os.remove(os.path.join(d, name))
            removed.append(name)
        except OSError:
            pass
    return removed


def fsync_dir(path: str) -> None:
    try:
        fd = os.open(path or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class AtomicFile:
    """``path`` written under a temporary name, renamed over ``path`` by :meth:`commit`.

    Created (and so checked) at once: a path that cannot be written is refused before
    any work.  :meth:`discard` removes the temporary file; the previous ``path``, if
    any, is never touched until the commit.  With ``opened=False`` the temporary file
    is only created, for a writer that opens ``tmp`` by name (pyarrow).  ``fsync=False``
    skips forcing the data to the disk: a rename is still atomic for other processes and
    after a crash of this one, only a crash of the whole machine may lose the file (what
    run directories afford, since every chunk is verified before it is used).
    """

    def __init__(self, path: str, binary: bool = True, opened: bool = True,
                 fsync: bool = True):
        check_output_file(path)
        self.path = os.fspath(path)
        self.fsync = fsync
        sweep_stale(self.path)
        self.tmp = temp_name(self.path)
        self.file = None
        try:
            fd = os.open(self.tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except OSError as e:
            raise os_error(e, self.path) from None
        if opened:
            self.file = os.fdopen(fd, "wb" if binary else "w",
                                  **({} if binary else {"encoding": "utf-8"}))
        else:
            os.close(fd)

    def write(self, data) -> None:
        try:
            self.file.write(data)
        except OSError as e:
            self.discard()
            raise os_error(e, self.path) from None

    def commit(self) -> None:
        try:
            if self.file is not None:
                self.file.flush()
                if self.fsync:
                    os.fsync(self.file.fileno())
                self.file.close()
            elif self.fsync:
                fd = os.open(self.tmp, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
            os.replace(self.tmp, self.path)
        except OSError as e:
            self.discard()
            raise os_error(e, self.path) from None
        if self.fsync:
            fsync_dir(os.path.dirname(self.path))

    def discard(self) -> None:
        if self.file is not None:
            try:
                self.file.close()
            except OSError:
                pass
        try:
            os.remove(self.tmp)
        except FileNotFoundError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.commit()
        else:
            self.discard()
        return False
