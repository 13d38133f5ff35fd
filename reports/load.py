"""Load a run directory (``manifest.json`` + ``chunk-*.parquet``) as DataFrames.

Only the chunks the manifest lists are read (a chunk being written is never
seen), one at a time, and only the columns asked for.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Iterator, Sequence

import pandas as pd

from simcore.errors import TrunfoError

MANIFEST = "manifest.json"


@dataclass(frozen=True)
class Run:
    path: str
    manifest: dict

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
    def complete(self) -> bool:
        return bool(self.manifest.get("complete"))

    @property
    def done(self) -> int:
        return int(self.manifest.get("done", 0))

    @property
    def chunk_paths(self) -> list[str]:
        return [os.path.join(self.path, c["file"]) for c in self.manifest.get("chunks", [])]

    def columns(self) -> list[str]:
        import pyarrow.parquet as pq
        paths = self.chunk_paths
        return list(pq.read_schema(paths[0]).names) if paths else []

    def iter_frames(self, columns: Sequence[str] | None = None) -> Iterator[pd.DataFrame]:
        """One DataFrame per chunk, in deal order, with only ``columns``."""
        import pyarrow.parquet as pq
        cols = list(columns) if columns is not None else None
        for p in self.chunk_paths:
            yield pq.read_table(p, columns=cols).to_pandas()

    def deals(self, columns: Sequence[str] | None = None) -> pd.DataFrame:
        """Every finished deal as one DataFrame (for notebooks; reports aggregate chunk by chunk)."""
        frames = list(self.iter_frames(columns))
        if not frames:
            return pd.DataFrame(columns=list(columns or []))
        return pd.concat(frames, ignore_index=True)


def load_run(path: str) -> Run:
    """Open a run directory written by ``trunfo run``."""
    mpath = os.path.join(path, MANIFEST)
    if not os.path.isfile(mpath):
        raise TrunfoError(f"{path} is not a run directory: it has no {MANIFEST}")
    with open(mpath) as f:
        try:
            manifest = json.load(f)
        except json.JSONDecodeError as e:
            raise TrunfoError(f"{mpath} is not valid JSON: {e}") from None
    return Run(path, manifest)


def load_deals(path: str, columns: Sequence[str] | None = None) -> pd.DataFrame:
    """Shortcut: ``load_run(path).deals(columns)``."""
    return load_run(path).deals(columns)
