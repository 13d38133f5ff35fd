"""Run directories: ``manifest.json``, its journal ``chunks.jsonl`` and ``chunk-*.parquet``.

A run directory is written by ``trunfo run`` (``experiments.study``) and read here:

- ``manifest.json`` holds the spec, the seed, the sessions and the list of finished
  chunks, each with its first index (``start``), its row count (``rows``), its size in
  bytes and its SHA-256; a ``checksum`` over the rest of the manifest tells a manifest
  edited by hand from one trunfo wrote.
- ``chunks.jsonl`` (the journal) gets one line per chunk finished since the manifest
  was last rewritten (at the start and the end of every session), so that recording a
  chunk costs the same whatever the number of chunks before it.
- ``chunk-<start>.parquet`` files, named by their first index, written under a
  temporary name and renamed once complete.  Each also carries, in its Parquet
  metadata, the key of the data it holds (game, rules, strategies, seed...).
- ``.lock``: held (``flock``) by the process writing the directory.

:func:`load_run` reads only the chunks the manifest and the journal list, only by
their plain names inside the directory, after checking each one's size and SHA-256:
a missing, truncated or altered chunk, or an inconsistent or edited manifest, is one
line naming the problem (``TrunfoError``), never a traceback or a wrong report.
"""
from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import shlex
from dataclasses import dataclass, field
from typing import Iterator, Sequence

import pandas as pd

from simcore.errors import TrunfoError

MANIFEST = "manifest.json"
JOURNAL = "chunks.jsonl"
LOCK = ".lock"
FORMAT = "trunfo-study/3"
READ_FORMATS = (FORMAT, "trunfo-study/2")      # 2: the chunks beside the manifest
OLD_FORMATS = ("trunfo-study/1",)
CHUNK_RE = re.compile(r"chunk-([0-9]{12})\.parquet")
#: the chunks' own folder: a Parquet dataset (pandas.read_parquet, pyarrow.dataset, DuckDB)
CHUNK_DIR = "chunks"
ENTRY_KEYS = ("file", "start", "rows", "bytes", "sha256")


def chunk_name(start: int) -> str:
    """The chunk's path inside the run directory: ``chunks/chunk-<start>.parquet``."""
    return f"{CHUNK_DIR}/chunk-{start:012d}.parquet"


def legacy_chunk_name(start: int) -> str:
    """Where trunfo-study/2 runs kept the chunk: beside the manifest."""
    return f"chunk-{start:012d}.parquet"


def dataset_path(run_dir: str) -> str:
    """The folder of a run's chunks, a Parquet dataset: ``pandas.read_parquet(path)``,
    ``pyarrow.dataset.dataset(path)``, DuckDB ``read_parquet('<path>/*.parquet')``."""
    return os.path.join(run_dir, CHUNK_DIR)


def data_key(identity: dict) -> str:
    """The key of a run's data: everything that decides a deal's record except how many
    deals the run plays (deal ``i`` does not depend on it)."""
    ident = {k: v for k, v in identity.items() if k != "deals"}
    return hashlib.sha256(json.dumps(ident, sort_keys=True, default=str).encode()).hexdigest()


def manifest_checksum(manifest: dict) -> str:
    body = {k: v for k, v in manifest.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


def file_digest(path: str) -> tuple[int, str]:
    """``(size, sha256 hex)`` of a file, read in blocks."""
    h = hashlib.sha256()
    size = 0
    with open(path, "rb") as f:
        while True:
            block = f.read(1 << 20)
            if not block:
                break
            size += len(block)
            h.update(block)
    return size, h.hexdigest()


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def entry_problem(entry) -> str | None:
    """What is wrong with a chunk entry's form (not its file), or None."""
    if not isinstance(entry, dict) or any(k not in entry for k in ENTRY_KEYS):
        return f"a chunk entry lacks {', '.join(ENTRY_KEYS)}: {json.dumps(entry)[:80]}"
    name, start, rows, size, sha = (entry[k] for k in ENTRY_KEYS)
    if not (_is_int(start) and _is_int(rows) and _is_int(size)) or start < 0 or rows < 1:
        return f"chunk entry {json.dumps(entry)[:80]} has bad numbers"
    if not isinstance(name, str) or name not in (chunk_name(start), legacy_chunk_name(start)):
        return f"chunk entry names {name!r}, not {chunk_name(start)} (the only name allowed)"
    if not (isinstance(sha, str) and re.fullmatch(r"[0-9a-f]{64}", sha)):
        return f"chunk entry {name} has no valid sha256"
    return None


def file_problem(run_dir: str, entry: dict) -> str | None:
    """What is wrong with a (well-formed) entry's file, or None: it must be a regular
    file inside ``run_dir`` with the recorded size and SHA-256."""
    path = os.path.join(run_dir, entry["file"])
    if os.path.islink(path) or os.path.islink(os.path.join(run_dir, CHUNK_DIR)):
        return f"{entry['file']} is a symbolic link"
    if not os.path.isfile(path):
        return f"{entry['file']} is missing"
    try:
        size, sha = file_digest(path)
    except OSError as e:
        return f"{entry['file']} cannot be read ({e.strerror})"
    if size != entry["bytes"]:
        return f"{entry['file']} has {size:,} bytes, not {entry['bytes']:,}"
    if sha != entry["sha256"]:
        return f"{entry['file']} does not match its sha256 (damaged)"
    return None


def chunk_key(path: str) -> dict | None:
    """The trunfo metadata a chunk file carries (start, rows, data key), or None."""
    import pyarrow.parquet as pq
    try:
        return json.loads((pq.read_schema(path).metadata or {})[b"trunfo"])
    except Exception:
        return None


def read_manifest(run_dir: str) -> dict | None:
    """The manifest of ``run_dir`` as written (None if there is none), its form checked."""
    path = os.path.join(run_dir, MANIFEST)
    if os.path.islink(path) or (os.path.lexists(path) and not os.path.isfile(path)):
        raise TrunfoError(f"{path} is not a regular file")
    if not os.path.isfile(path):
        return None
    try:
        with open(path, "rb") as f:
            manifest = json.loads(f.read().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise TrunfoError(f"{path} is damaged (not valid JSON); move the directory away and "
                          f"run the study afresh") from None
    except OSError as e:
        raise TrunfoError(f"cannot read {path}: {e.strerror}") from None
    if not isinstance(manifest, dict):
        raise TrunfoError(f"{path} is not a trunfo study manifest")
    fmt = manifest.get("format")
    if fmt in OLD_FORMATS:
        raise TrunfoError(f"{path} is from an older trunfo ({fmt}, without chunk checksums); "
                          f"run the study again into another directory")
    if fmt not in READ_FORMATS:
        raise TrunfoError(f"{path} is not a trunfo study manifest ({FORMAT})")
    if not isinstance(manifest.get("spec"), dict) or not isinstance(manifest.get("chunks"), list):
        raise TrunfoError(f"{path} is damaged (no spec or chunk list)")
    return manifest


def read_journal(run_dir: str) -> tuple[list, list[str]]:
    """The chunk entries of the journal, and the problems of its lines.

    A last line without its newline was being written when the process died: it is
    left out without complaint (its chunk was not recorded)."""
    path = os.path.join(run_dir, JOURNAL)
    if not os.path.isfile(path) or os.path.islink(path):
        return [], ([f"{JOURNAL} is not a regular file"] if os.path.lexists(path) else [])
    with open(path, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    torn = lines.pop()               # b"" when the file ends with a newline
    entries, problems = [], []
    for i, line in enumerate(lines, 1):
        try:
            entries.append(json.loads(line.decode("utf-8")))
        except (UnicodeDecodeError, json.JSONDecodeError):
            problems.append(f"{JOURNAL} line {i} is damaged")
    del torn
    return entries, problems


def merged_chunks(manifest: dict, journal: list) -> list:
    """The manifest's chunks and the journal's, duplicates (same entry twice) once."""
    seen, out = set(), []
    for e in list(manifest.get("chunks", [])) + list(journal):
        key = json.dumps(e, sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            out.append(e)
    return out


@dataclass(frozen=True)
class Run:
    path: str
    manifest: dict                        # as written, with ``chunks`` merged from the journal
    problems: tuple = field(default=())   # empty when loaded with verify=True

    @property
    def spec(self) -> dict:
        return self.manifest["spec"]

    @property
    def game(self) -> str:
        return self.manifest["spec"]["game"]

    @property
    def unit(self) -> str:
        """``deals``, or the whole-game unit of the run (rubbers, matches, games)."""
        return self.manifest["spec"].get("unit", "deals")

    @property
    def done(self) -> int:
        """Rows in the chunks listed (deals, or rubbers, matches, games)."""
        return sum(c["rows"] for c in self.manifest.get("chunks", []))

    @property
    def complete(self) -> bool:
        return self.done == self.spec.get("deals")

    @property
    def chunk_paths(self) -> list[str]:
        return [os.path.join(self.path, c["file"]) for c in self.manifest.get("chunks", [])]

    def columns(self) -> list[str]:
        import pyarrow.parquet as pq
        paths = self.chunk_paths
        return list(pq.read_schema(paths[0]).names) if paths else []

    def iter_frames(self, columns: Sequence[str] | None = None) -> Iterator[pd.DataFrame]:
        """One DataFrame per chunk, in index order, with only ``columns``."""
        import pyarrow.parquet as pq
        cols = list(columns) if columns is not None else None
        for c in self.manifest.get("chunks", []):
            table = pq.read_table(os.path.join(self.path, c["file"]), columns=cols)
            if table.num_rows != c["rows"]:
                raise TrunfoError(f"{os.path.join(self.path, c['file'])} holds {table.num_rows:,}"
                                  f" rows, not {c['rows']:,}")
            yield table.to_pandas()

    def deals(self, columns: Sequence[str] | None = None) -> pd.DataFrame:
        """Every finished deal as one DataFrame (for notebooks; reports aggregate chunk by chunk)."""
        frames = list(self.iter_frames(columns))
        if not frames:
            return pd.DataFrame(columns=list(columns or []))
        return pd.concat(frames, ignore_index=True)


def verify_chunks(path: str, manifest: dict, chunks: list) -> tuple[list, list[str]]:
    """``(good, problems)``: the chunk entries whose files are intact and hold the run's
    data, in index order without overlaps, and what is wrong with the others."""
    spec = manifest["spec"]
    deals = spec.get("deals")
    key = manifest.get("data_key")
    good, problems, end = [], [], 0
    for c in sorted(chunks, key=lambda c: c["start"] if entry_problem(c) is None else -1):
        bad = entry_problem(c)
        if bad is None:
            if c["start"] < end:
                bad = f"{c['file']} overlaps the chunk before it"
            elif not _is_int(deals) or c["start"] + c["rows"] > deals:
                bad = f"{c['file']} lies beyond the run's {deals} {spec.get('unit', 'deals')}"
            else:
                bad = file_problem(path, c)
            if bad is None:
                meta = chunk_key(os.path.join(path, c["file"]))
                if not meta or meta.get("start") != c["start"] or \
                        meta.get("count") != c["rows"] or meta.get("key") != key:
                    bad = f"{c['file']} holds other data than its entry says"
        if bad:
            problems.append(bad)
        else:
            good.append(c)
            end = c["start"] + c["rows"]
    return good, problems


def resume_command(path: str, manifest: dict) -> str:
    """The command that continues or repairs the run in ``path`` (from its manifest)."""
    spec = manifest.get("spec", {})
    words = ["trunfo", "run", str(spec.get("ref") or spec.get("path") or "SPEC"), "--out", path]
    for flag, key in (("-n", "deals"), ("--seed", "seed")):
        if _is_int(spec.get(key)):
            words += [flag, str(spec[key])]
    return " ".join(shlex.quote(w) for w in words + ["--resume"])


def load_run(path: str, verify: bool = True) -> Run:
    """Open a run directory written by ``trunfo run``.

    With ``verify`` (the default) every listed chunk is checked (name, size, SHA-256,
    the data it holds) and the manifest against its checksum; any problem is one
    ``TrunfoError`` line naming it.  ``verify=False`` lists the problems in
    ``Run.problems`` instead and keeps only the intact chunks.
    """
    if not os.path.isdir(path):
        raise TrunfoError(f"{path} is not a run directory")
    manifest = read_manifest(path)
    if manifest is None:
        raise TrunfoError(f"{path} is not a run directory: it has no {MANIFEST}")
    journal, problems = read_journal(path)
    if manifest.get("checksum") != manifest_checksum(manifest):
        problems.insert(0, f"{MANIFEST} does not match its checksum (edited by hand?)")
    else:
        check_spec(path, manifest)
    good, bad = verify_chunks(path, manifest, merged_chunks(manifest, journal))
    problems += bad
    if problems and verify:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise TrunfoError(f"{path} is damaged: {'; '.join(problems[:3])}{more}; "
                          f"'{resume_command(path, manifest)}' recomputes what is missing "
                          f"or damaged")
    return Run(path, {**manifest, "chunks": good, "done": sum(c["rows"] for c in good)},
               tuple(problems))


def check_spec(path: str, manifest: dict) -> None:
    """The spec a manifest holds, checked as ``trunfo run`` checked it before writing it:
    a manifest edited by hand (its checksum recomputed) with a game, unit or report section
    that is none of the game's is one line, not a traceback or an empty report."""
    from simcore.facade import whole_unit
    from simcore.games import get_game
    from .tables import canonical_sections, sections_for
    spec = manifest.get("spec")
    where = f"{os.path.join(path, MANIFEST)}"
    if not isinstance(spec, dict):
        raise TrunfoError(f"{where} holds no spec (a JSON object)")
    game = get_game(spec.get("game"))
    unit = spec.get("unit", "deals")
    units = ["deals"] + [u for u in (whole_unit(game.name),) if u]
    if unit not in units:
        raise TrunfoError(f"{where}: unit {unit!r} is not a unit of {game.name}; valid: "
                          f"{', '.join(units)}")
    sections = spec.get("sections") or []
    valid = sections_for(game.name, unit)
    if not isinstance(sections, list) or not all(isinstance(x, str) for x in sections):
        raise TrunfoError(f"{where}: sections must be a list of names; valid: "
                          f"{', '.join(valid)}")
    bad = [x for x in canonical_sections(sections) if x not in valid]
    if bad:
        raise TrunfoError(f"{where}: report section {bad[0]!r} is not one of {game.name}'s "
                          f"({unit}); valid: {', '.join(valid)}")


def load_deals(path: str, columns: Sequence[str] | None = None) -> pd.DataFrame:
    """Shortcut: ``load_run(path).deals(columns)``."""
    return load_run(path).deals(columns)


# --- the writer's lock --------------------------------------------------------------------
_HELD: dict[str, tuple[int, int]] = {}     # real path -> (fd, depth) held by this process


@contextlib.contextmanager
def lock_run(run_dir: str):
    """Hold ``run_dir``'s lock (``flock`` on ``run_dir/.lock``) for the block.

    A second process is refused at once with one line; the same process may take the
    lock again (re-entrant).  The kernel drops the lock when the process dies."""
    import fcntl
    real = os.path.realpath(run_dir)
    if real in _HELD:
        fd, depth = _HELD[real]
        _HELD[real] = (fd, depth + 1)
        try:
            yield
        finally:
            fd, depth = _HELD[real]
            _HELD[real] = (fd, depth - 1)
        return
    path = os.path.join(run_dir, LOCK)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o666)
    except OSError as e:
        raise TrunfoError(f"cannot lock {run_dir}: {e.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as e:
        if e.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            os.close(fd)
            raise TrunfoError(f"cannot lock {run_dir}: {e.strerror}") from None
        try:
            holder = os.read(fd, 64).decode("ascii", "replace").strip()
        except OSError:
            holder = ""
        os.close(fd)
        who = f" (pid {holder})" if holder.isdigit() else ""
        raise TrunfoError(f"{run_dir} is in use by another trunfo process{who}; wait for it "
                          f"to finish, or choose another --out") from None
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass
    _HELD[real] = (fd, 1)
    try:
        yield
    finally:
        fd, depth = _HELD.pop(real)
        try:
            os.ftruncate(fd, 0)
        except OSError:
            pass
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
