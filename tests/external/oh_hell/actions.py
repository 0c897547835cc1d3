"""The actions of Oh Hell: a bid and a card played."""

from __future__ import annotations

import dataclasses

from sunking.core.actions import Action, ActionCodec, Interned


@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid to take exactly ``tricks`` tricks this deal."""

    type = "bid"
    tricks: int


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` to the trick."""

    type = "play"
    card: int


CODEC = ActionCodec([Bid, Play])
BIDS = Interned(Bid)
PLAYS = Interned(Play)
