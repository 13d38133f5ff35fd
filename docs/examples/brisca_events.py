"""Count the events of Brisca's play variants in game records read from stdin.

    trunfo records brisca -n 2000 --seed 1 --rule trump_exchange=true --out - \\
        | python3 docs/examples/brisca_events.py exchanges

KIND is one of: exchanges (trump_exchange), arrastro (calls), arrastro-tricks (the tricks
of the calls), claims (claim_top_trumps), muerte (muerte_al_tres). The keys it reads are
those of docs/records-trick-games.md, "Brisca / Briscola".
"""
import collections
import json
import sys


def main(kind: str) -> None:
    records = [json.loads(line) for line in sys.stdin if line.strip()]
    n = len(records)
    if kind == "exchanges":
        made = [x for r in records for x in r["exchanges"]]
        print(n, "deals,", len(made), "exchanges,", sum(bool(r["exchanges"]) for r in records),
              "deals with one,", sum(x["gave"][0] == "7" for x in made), "gave the 7")
    elif kind == "arrastro":
        print(n, "deals,", sum(len(r["arrastro"]) for r in records), "arrastro calls")
    elif kind == "arrastro-tricks":
        tricks = collections.Counter(x["trick"] for r in records for x in r["arrastro"])
        print("calls by trick:", sorted(tricks.items()))
    elif kind == "claims":
        tricks = collections.Counter(r["claim"]["trick"] for r in records if r["claim"])
        print(n, "deals,", sum(tricks.values()), "claims, before trick:", sorted(tricks.items()))
    elif kind == "muerte":
        ended = [r["muerte"]["trick"] for r in records if r["muerte"]]
        last = max(len(r["tricks"]) for r in records) - 1
        print(n, "deals,", len(ended), "ended by muerte al tres,",
              sum(t == last for t in ended), "of them in the last trick")
    else:
        sys.exit(f"unknown kind {kind!r}: exchanges, arrastro, arrastro-tricks, claims, muerte")


if __name__ == "__main__":
    main(sys.argv[1])
