"""Ctrl-C stops a run cleanly and keeps what finished."""
import os
import signal
import subprocess
import sys
import time

import pyarrow.parquet as pq


def test_ctrl_c_keeps_finished_deals_on_disk(tmp_path):
    path = tmp_path / "deals.parquet"
    proc = subprocess.Popen(
        [sys.executable, "-m", "experiments.cli", "simulate", "sueca", "-n", "2000000000",
         "--seed", "4", "--threads", "1", "--out", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    while not path.exists() and time.time() < deadline:   # the first chunk is written
        time.sleep(0.2)
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert "interrupted" in out
    df = pq.read_table(path).to_pandas()
    assert len(df) > 0 and len(df) % 65536 == 0
    assert (df["deal"].to_numpy() == range(len(df))).all()
    reported = int(out.split(" deals in ")[0].splitlines()[-1].replace(",", ""))
    assert reported == len(df)
