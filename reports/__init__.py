"""Reports: run directories as DataFrames, aggregated tables, figures, HTML.

Reports read what ``trunfo run`` writes (a manifest and Parquet chunks) and
never import ``experiments``.  In a notebook::

    from reports import load_run, tables, figures
    run = load_run("runs/sueca_trump_odds")
    df = run.deals()                       # every deal, as a DataFrame
    figures.score_histogram(df)            # each figure takes a DataFrame
    tables.holdings(df, "sueca")           # each table too
    tables.score_marks(df)                 # the 61+ / 91+ / 120 shares, with intervals
    pd.read_parquet(run.path + "/chunks")  # the chunks are a Parquet dataset

Every estimate carries its 95% interval (``reports.stats``: Wilson for shares, normal on
the per-deal variance for means, paired for differences from duplicate play); see
docs/reports.md.
"""
from .load import Run, load_deals, load_run

__all__ = ["Run", "load_run", "load_deals", "write_report", "sections_for"]


def __getattr__(name):  # matplotlib is imported only when a report is drawn
    if name == "write_report":
        from .html import write_report
        return write_report
    if name == "sections_for":
        from .tables import sections_for
        return sections_for
    raise AttributeError(name)
