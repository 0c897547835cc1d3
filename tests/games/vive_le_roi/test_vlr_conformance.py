"""Conformance of Vive le Roi beyond the run every registered game gets
(``tests/games/test_games_conformance.py``): the long game of several deals, played until
someone reaches the points limit."""

from __future__ import annotations

from sunking.testing import check_game


def test_points_limit_variant_conformance() -> None:
    report = check_game("vive_le_roi", 4, 6, seed=3, view_every=150, legal_every=30,
                        options={"points_limit": 250})
    assert report.playouts == 6 and report.max_length > 400
