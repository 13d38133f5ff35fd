"""Runs on a Dask cluster (simcore.execution) give the local backend's results, chunk for
chunk: an in-process LocalCluster, then a real `dask scheduler` and `dask worker`s started as
processes on 127.0.0.1 and used through `--cluster tcp://`, one of them killed mid-run."""
import contextlib
import http.server
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from procs import ROOT  # noqa: E402

import simcore  # noqa: E402

from experiments.cli import main as cli_main  # noqa: E402
from experiments.spec import load_spec  # noqa: E402
from experiments.study import run_study  # noqa: E402
from simcore.duplicate import compare, tournament  # noqa: E402
from simcore.errors import TrunfoError  # noqa: E402
from simcore.facade import simulate  # noqa: E402

SPEC = "sueca_greedy_vs_random"


def _shas(out):
    m = json.load(open(os.path.join(out, "manifest.json")))
    return [(c["start"], c["rows"], c["sha256"]) for c in m["chunks"]], m


@pytest.fixture(scope="module")
def client():
    """Two worker threads in this process: no process start, no compile per worker."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            yield c


def test_local_cluster_study_equals_local_threads(client, tmp_path):
    spec = load_spec(SPEC)
    local = run_study(spec, str(tmp_path / "local"), deals=9_000, chunk=2_000, threads=2)
    dask = run_study(spec, str(tmp_path / "dask"), deals=9_000, chunk=2_000, cluster=client)
    a, _ = _shas(local.out)
    b, mb = _shas(dask.out)
    assert len(a) == 5 and a == b           # the same chunk files, byte for byte
    assert mb["sessions"][-1]["backend"] == "dask"
    assert local.cluster_seconds is None and dask.cluster_seconds >= 0   # start-up, apart


def test_local_cluster_interrupted_run_resumes_locally(client, tmp_path):
    spec = load_spec(SPEC)
    full = run_study(spec, str(tmp_path / "full"), deals=8_000, chunk=1_000, threads=1)
    seen = []

    def stop_after_three(start, count):
        seen.append(start)
        if len(seen) == 3:
            raise KeyboardInterrupt

    out = str(tmp_path / "part")
    r = run_study(spec, out, deals=8_000, chunk=1_000, cluster=client, on_chunk=stop_after_three)
    assert r.interrupted and r.done == 3_000
    r2 = run_study(spec, out, deals=8_000, chunk=1_000, threads=2, resume=True)
    assert r2.complete and r2.done == 8_000
    assert _shas(out)[0] == _shas(full.out)[0]


def test_local_cluster_compare_and_simulate_equal_local(client):
    kw = dict(deals=3_000, seed=5, chunk=700, keep_pairs=True)
    a = compare("sueca", "greedy", "random", threads=2, **kw)
    b = compare("sueca", "greedy", "random", cluster=client, **kw)
    assert a.summary == b.summary
    assert a.cluster_seconds is None and b.to_dict()["cluster_seconds"] >= 0
    for k in ("d2", "bucket", "w4"):
        assert np.array_equal(a.pairs[k], b.pairs[k])
    s1 = simulate("sueca", deals=5_000, seed=3, strategies=("greedy",), chunk=900,
                  keep_deals=True, threads=2)
    s2 = simulate("sueca", deals=5_000, seed=3, strategies=("greedy",), chunk=900,
                  keep_deals=True, cluster=client)
    assert s1.summary == s2.summary and s1.frame.equals(s2.frame)



def test_simulate_command_on_a_cluster_equals_local_threads(client, capsys):
    """trunfo simulate --cluster: the same summary as on local threads (the fixture's
    scheduler reached by its address); --cluster and --threads exclude each other."""
    from experiments.cli import main
    base = ["simulate", "sueca", "-n", "3000", "--seed", "7", "--json", "--no-progress"]
    outs = []
    for extra in (["--threads", "2"], ["--cluster", client.scheduler.address]):
        assert main(base + extra) == 0
        outs.append(json.loads(capsys.readouterr().out))
    a, b = outs
    assert "cluster_seconds" not in a and b["cluster_seconds"] >= 0   # its start-up, apart
    for d in outs:
        for k in ("seconds", "compile_seconds", "deals_per_second", "threads", "command",
                  "cluster_seconds"):
            d.pop(k, None)
    assert a == b and a["outcomes"]
    assert main(base[:-2] + ["--no-progress", "--cluster", client.scheduler.address]) == 0
    text = capsys.readouterr().out.splitlines()
    assert "(cluster start-up " in text[-1] and text[-1].startswith("3,000 deals in ")
    assert main(base + ["--threads", "2", "--cluster", "local:1"]) == 2
    assert "exclude each other" in capsys.readouterr().err

def test_local_cluster_tournament_equals_local(client):
    kw = dict(deals=1_500, seed=4, chunk=400)
    a = tournament("brisca", ["random", "greedy"], threads=2, **kw)
    b = tournament("brisca", ["random", "greedy"], cluster=client, **kw)
    assert "cluster_seconds" not in a and b.pop("cluster_seconds") >= 0
    for d in (a, b):
        d.pop("seconds"), d.pop("deals_per_second")
    assert a == b and len(a["matches"]) == 1


def test_local_cluster_sprt_stops_like_local(client):
    kw = dict(deals=200_000, seed=2, sprt=(0, 20), chunk=500)
    a = compare("sueca", "greedy", "random", threads=2, **kw)
    b = compare("sueca", "greedy", "random", cluster=client, **kw)
    assert a.sprt["result"] == "H1" and a.sprt == b.sprt and a.summary == b.summary


def test_local_cluster_odds_equal_local_threads(client):
    kw = dict(trump="2S", hands={"dealer": "AS 7S"}, where="trumps(dealer) >= 5", deals=1_200,
              seed=6, table=True, chunk=300, progress=False)
    a = simcore.odds("sueca", threads=2, **kw)
    b = simcore.odds("sueca", cluster=client, **kw)
    assert a.done == b.done == 1_200 and b.cluster is not None and a.cluster is None
    assert a.cluster_seconds is None and b.to_dict()["cluster_seconds"] >= 0
    assert a.proposals == b.proposals
    assert a.outcomes.equals(b.outcomes) and a.to_frame().equals(b.to_frame())
    with pytest.raises(TrunfoError, match="predicate .* cannot be sent"):
        simcore.odds("sueca", predicate=lambda hands, trump, dealer: True, deals=10,
                     cluster=client)


MIX = ("random", "greedy", "random", "greedy")      # the table tests/test_records_check.py plays


@pytest.mark.parametrize("kw,chunks", [(dict(deals=50, strategies=MIX), (7, 3)),
                                       (dict(deals=5, rubbers=True), (2, 1))],
                         ids=["deals", "rubbers"])
def test_records_are_the_same_file_on_threads_and_on_a_cluster(client, tmp_path, kw, chunks):
    """trunfo records: one thread (the default chunk), two threads and a cluster (short
    chunks, so that pieces and tasks cut the run) write the same bytes; the deals of
    rubbers are numbered on from one piece to the next."""
    from simcore.facade import write_records
    files = []
    for i, where in enumerate([dict(threads=1), dict(threads=2, chunk=chunks[0]),
                               dict(cluster=client, chunk=chunks[1])]):
        path = tmp_path / f"r{i}.jsonl"
        r = write_records(str(path), "sueca", seed=4, progress=False, **kw, **where)
        assert r.done == kw["deals"] and not r.interrupted
        assert (r.cluster_seconds is None) == ("cluster" not in where)
        files.append(path.read_bytes())
    assert files[0] == files[1] == files[2]
    recs = [json.loads(x) for x in files[0].decode().splitlines()]
    assert r.records == len(recs) and [x["deal"] for x in recs] == list(range(len(recs)))
    if kw.get("rubbers"):
        assert sorted({x["rubber"] for x in recs}) == list(range(5)) and len(recs) > 5
    assert list(simcore.game_records("sueca", seed=4, cluster=client, chunk=chunks[1],
                                     **kw)) == recs


def test_cluster_option_errors_are_one_line():
    with pytest.raises(TrunfoError, match="local:N or tcp://HOST:PORT"):
        compare("sueca", "greedy", "random", deals=10, cluster="nowhere:1")
    with pytest.raises(TrunfoError, match="exclude each other"):
        compare("sueca", "greedy", "random", deals=10, cluster="local:1", threads=2)
    with pytest.raises(TrunfoError, match="local:N takes"):
        compare("sueca", "greedy", "random", deals=10, cluster="local:0")
    with pytest.raises(TrunfoError, match="local:N or tcp://HOST:PORT"):
        simcore.game_records("sueca", cluster="nowhere:1")     # at the call, before a record


# --- real processes -----------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env():
    return {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}


def _dask(*args, prelude=""):
    """``dask scheduler|worker ...`` as a process (``prelude``: Python run first)."""
    code = (prelude + "import sys; from distributed.cli.dask_{0} import main; "
            "sys.argv = ['dask-{0}'] + sys.argv[1:]; main()").format(args[0])
    return subprocess.Popen([sys.executable, "-c", code, *args[1:]], env=_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            cwd="/", start_new_session=True)


def _trunfo(*argv, timeout=300):
    return subprocess.run([sys.executable, "-m", "experiments.cli", *map(str, argv)],
                          capture_output=True, text=True, env=_env(), timeout=timeout)


def _workers(address, n, timeout=120):
    with distributed.Client(address, timeout=30) as c:
        c.wait_for_workers(n, timeout=timeout)
        return list(c.scheduler_info()["workers"])


def _stop(*procs):
    for p in procs:
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
    for p in procs:
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def test_unreachable_scheduler_is_one_line_exit_2():
    t = time.monotonic()
    r = _trunfo("compare", "sueca", "--strategies", "greedy,random", "-n", "100",
                "--cluster", f"tcp://127.0.0.1:{_free_port()}")
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot reach the dask scheduler" in lines[0], r.stderr
    assert time.monotonic() - t < 60       # a few seconds of timeout, plus the start-up


class _Quiet(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def _server(kind):
    """A local server that is no dask scheduler: ``http`` (http.server), ``silent``
    (accepts, says nothing) or ``banner`` (greets first, as SSH does)."""
    if kind == "http":
        server = http.server.HTTPServer(("127.0.0.1", 0), _Quiet)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"tcp://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()
            server.server_close()
        return
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(4)                # connections are accepted by the kernel's backlog
        held = []

        def greet():
            conn, _ = listener.accept()
            held.append(conn)
            conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")
        if kind == "banner":
            threading.Thread(target=greet, daemon=True).start()
        try:
            yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
        finally:
            for conn in held:
                conn.close()


@pytest.mark.parametrize("kind, message", [
    ("http", "is not a dask scheduler: it answers HTTP"),
    ("silent", "did not answer within 3 s (a dask scheduler greets a connection at once)"),
    ("banner", "is not a dask scheduler: it began with b'SSH-2.0-'"),
])
def test_a_server_that_is_no_scheduler_is_one_line_exit_2_within_seconds(capsys, kind,
                                                                          message):
    """distributed would wait for a silent server until it closes the connection, and take
    an HTTP reply for the size of a message of exabytes."""
    with _server(kind) as address:
        t = time.monotonic()
        code = cli_main(["compare", "sueca", "--strategies", "greedy,random", "-n", "100",
                         "--cluster", address])
        seconds = time.monotonic() - t
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err
    assert "give local:N or the tcp://HOST:PORT of a running dask scheduler" in err
    assert seconds < 6                    # 3 s of silence, half a second to ask HTTP


def test_scheduler_and_workers_as_processes_with_a_worker_killed(tmp_path):
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    sched = _dask("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard")
    procs = [sched]
    try:
        # a worker whose Python lacks trunfo: refused in one line
        bad = _dask("worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard",
                    prelude="import sys; sys.modules['simcore'] = None; ")
        procs.append(bad)
        _workers(address, 1)
        with pytest.raises(TrunfoError, match="1 of 1 dask workers .* cannot import trunfo"):
            run_study(load_spec(SPEC), str(tmp_path / "bad"), deals=100, cluster=address)
        _stop(bad)

        # two good workers; one is killed once the run has recorded its first chunk
        good = [_dask("worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard")
                for _ in range(2)]
        procs += good
        _workers(address, 2)
        out = tmp_path / "run"
        n, chunk = 30_000, 1_000
        run = subprocess.Popen([sys.executable, "-m", "experiments.cli", "run", SPEC, "-n",
                                str(n), "--chunk", str(chunk), "--out", str(out), "--cluster",
                                address, "--json"], env=_env(), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
        journal = out / "chunks.jsonl"
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and run.poll() is None:
            if journal.exists() and journal.read_text().count("\n") >= 1:
                break
            time.sleep(0.02)
        recorded = journal.read_text().count("\n") if journal.exists() else 0
        assert run.poll() is None and 1 <= recorded < n // chunk, "the run ended too soon"
        good[0].kill()                          # SIGKILL: its tasks are rerun elsewhere
        stdout, stderr = run.communicate(timeout=300)
        assert run.returncode == 0, stderr
        d = json.loads(stdout)
        assert d["complete"] and d["done"] == n and d["chunks"] == n // chunk
    finally:
        _stop(*procs[::-1])
    # nothing lost, nothing computed twice: the chunks a local run writes
    local = run_study(load_spec(SPEC), str(tmp_path / "local"), deals=n, chunk=chunk,
                      threads=2)
    assert _shas(str(out))[0] == _shas(local.out)[0]
