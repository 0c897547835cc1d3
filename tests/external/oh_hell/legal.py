"""The legal actions of every kind of decision, joined from the rule modules' tables."""

from __future__ import annotations

from sunking.core.agenda import Legal, tables

from . import bidding, tricks

LEGAL: dict[str, Legal] = tables(bidding.LEGAL, tricks.LEGAL)
