"""trunfo's engine: card encodings, counter-based RNG, game kernels, batch runner.

Quick start::

    import simcore
    result = simcore.simulate("sueca", deals=100_000, seed=1, strategies=("greedy",))
    print(result.summary["winners"]["team0"])          # deals won (61+)
"""
__version__ = "0.1.0"

from .errors import TrunfoError  # noqa: E402


def __getattr__(name):  # the facade is imported lazily: kernels stay importable alone
    if name in ("simulate", "simulate_rubbers", "game_records", "deals_frame", "read_metadata",
                "SimulationResult"):
        from . import facade as _facade
        return getattr(_facade, name)
    if name == "labelled_deals":
        from .frames import labelled_deals
        return labelled_deals
    if name in ("odds", "OddsResult"):
        from . import odds_run as _odds
        return getattr(_odds, name)
    raise AttributeError(name)


__all__ = ["TrunfoError", "simulate", "simulate_rubbers", "game_records", "deals_frame",
           "read_metadata", "SimulationResult", "labelled_deals", "odds", "OddsResult",
           "__version__"]
