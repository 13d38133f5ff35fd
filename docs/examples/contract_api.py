"""Contracts reached and made by level, from Python: the summary of a run, and the table of
its deals (reports.tables.contracts).

    python3 docs/examples/contract_api.py sueca_italiana 81-90
"""
import sys
import simcore
from reports import tables

game = sys.argv[1]
r = simcore.simulate(game, deals=100_000, seed=1, strategies=("greedy",), keep_deals=True)
print(r.summary["made_by_contract"][sys.argv[2]])
t = tables.contracts(r.frame, game)
print(t[t["group"] == "contract"].to_string(index=False, float_format="%.4f"))
