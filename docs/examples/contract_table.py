"""Print the contract levels of `trunfo simulate GAME --json` (read on stdin): how often the
auction ends at each level, and how often that contract is made, with 95% intervals.

    trunfo simulate sueca_italiana -n 1000000 --seed 1 --json | python3 docs/examples/contract_table.py
"""
import json
import sys

d = json.load(sys.stdin)
print(f"{d['deals']:,} deals · seats {','.join(d['strategies'])}")
print(f"{'contract':<12}{'reached':>10}   {'made':>8}   95% interval")
for level, e in d["contracts"].items():
    m = d["made_by_contract"][level]
    made = f"{100 * m['share']:7.2f}%   [{100 * m['ci95'][0]:.2f}%, {100 * m['ci95'][1]:.2f}%]" \
        if e["count"] else "      -"
    print(f"{level:<12}{100 * e['share']:9.2f}%   {made}")
won = d["winners"]["declarer_side"]
print(f"declarer's side wins {100 * won['share']:.2f}% "
      f"[{100 * won['ci95'][0]:.2f}%, {100 * won['ci95'][1]:.2f}%] of the deals played")
if "passed_out" in d["outcomes"]:                     # Briscola chiamata: all five passed
    print(f"passed out: {100 * d['outcomes']['passed_out']['share']:.2f}% of the deals")
