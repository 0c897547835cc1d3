"""A PNG of rating against search budget for a tournament's entries."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from .stats import EntryStats


def plot_ratings(entries: list[EntryStats], path: Path, title: str,
                 apart: Collection[str] = ()) -> list[str]:
    """Rating (mu ± sigma) against ISMCTS iterations: the levels of one search joined by a
    line, the entries labelled in ``apart`` (a search with a judge of its own, such as
    ``ismcts:expert``'s learned one: :func:`~sunking.bots.tournament.searches_of`) each a
    point of its own; bots without a budget are drawn as horizontal reference lines. Returns
    the legend's labels."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=110)
    budgeted = sorted((e for e in entries if e.budget is not None), key=lambda e: e.budget or 0)
    searched = [e for e in budgeted if e.label not in apart]
    if searched:
        ax.errorbar(
            [float(e.budget or 0) for e in searched], [e.rating_mu for e in searched],
            yerr=[e.rating_sigma for e in searched], marker="o", capsize=4, label="ismcts",
        )
    for e in budgeted:
        if e.label in apart:
            ax.errorbar([float(e.budget or 0)], [e.rating_mu], yerr=[e.rating_sigma],
                        marker="D", linestyle="none", capsize=4, color="C9",
                        label=f"{e.label} (learned judge)")
        ax.annotate(e.label, (e.budget or 0, e.rating_mu), textcoords="offset points",
                    xytext=(4, 6), fontsize=8)
    if budgeted:
        ax.set_xscale("log")
    for i, e in enumerate(e for e in entries if e.budget is None):
        ax.axhline(e.rating_mu, linestyle="--", color=f"C{i + 1}", label=e.label)
    ax.set_xlabel("ISMCTS iterations per decision")
    ax.set_ylabel("rating (Plackett–Luce mu ± sigma)")
    ax.set_title(title)
    legend = ax.legend(loc="best", fontsize=8)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return [text.get_text() for text in legend.get_texts()]
