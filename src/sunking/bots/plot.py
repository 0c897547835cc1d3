"""A PNG of rating against search budget for a tournament's entries."""

from __future__ import annotations

from pathlib import Path

from .stats import EntryStats


def plot_ratings(entries: list[EntryStats], path: Path, title: str) -> None:
    """Rating (mu ± sigma) against ISMCTS iterations; bots without a budget are drawn as
    horizontal reference lines."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=110)
    searched = sorted((e for e in entries if e.budget is not None), key=lambda e: e.budget or 0)
    if searched:
        ax.errorbar(
            [float(e.budget or 0) for e in searched], [e.rating_mu for e in searched],
            yerr=[e.rating_sigma for e in searched], marker="o", capsize=4, label="ismcts",
        )
        for e in searched:
            ax.annotate(e.label, (e.budget or 0, e.rating_mu), textcoords="offset points",
                        xytext=(4, 6), fontsize=8)
        ax.set_xscale("log")
    for i, e in enumerate(e for e in entries if e.budget is None):
        ax.axhline(e.rating_mu, linestyle="--", color=f"C{i + 1}", label=e.label)
    ax.set_xlabel("ISMCTS iterations per decision")
    ax.set_ylabel("rating (Plackett–Luce mu ± sigma)")
    ax.set_title(title)
    ax.legend(loc="best", fontsize=8)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
