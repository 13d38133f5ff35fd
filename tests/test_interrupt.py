"""Ctrl-C stops a run cleanly and keeps what finished."""
import signal
import time

import pyarrow.parquet as pq

import simcore
from procs import Proc


def test_ctrl_c_keeps_finished_deals_on_disk(tmp_path):
    path = tmp_path / "deals.parquet"
    proc = Proc(["simulate", "sueca", "-n", "2000000000", "--seed", "4", "--threads", "1",
                 "--progress", "--out", path])
    proc.wait_for(" left")                                # under way
    time.sleep(1.0)
    proc.stop(signal.SIGINT)
    out, err = proc.stdout, proc.stderr
    assert proc.p.returncode == 130, err
    assert "Traceback" not in err
    assert "interrupted" in out
    df = pq.read_table(path).to_pandas()
    assert len(df) > 0
    assert (df["deal"].to_numpy() == range(len(df))).all()
    reported = int(out.split(" deals in ")[0].splitlines()[-1].replace(",", ""))
    assert reported == len(df)
    meta = simcore.read_metadata(str(path))           # says what it holds, not what was asked
    assert meta["deals"] == len(df) and meta["requested"] == 2_000_000_000
    assert meta["interrupted"] is True
