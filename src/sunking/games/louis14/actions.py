"""The actions of Louis XIV, one frozen dataclass per kind of decision.

Chips are named by their letters (S sceptre, L letter, R ring, H helmet, C crown); mission
decks by ``light``, ``medium`` and ``dark``; influence cards by the person's tile number, 0
for the joker. A placement is identified by the card played and the stones it puts on each
tile, as ``((tile, count), ...)`` sorted by tile.
"""

from __future__ import annotations

import dataclasses

from ...core.actions import Action, ActionCodec


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceStones(Action):
    """Play an influence card and place stones from the personal supply."""

    type = "place"
    card: int
    stones: tuple[tuple[int, int], ...]
    boost: bool = False
    """Use the dark-blue mission "one influence card = 4 stones" with this card."""


@dataclasses.dataclass(frozen=True, slots=True)
class Retrieve(Action):
    """Play an influence card to take own stones from the general supply back."""

    type = "retrieve"
    card: int
    boost: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class PayToPass(Action):
    """Mission "pay 2 louis d'or": skip this turn for 2 louis d'or."""

    type = "pay_to_pass"


@dataclasses.dataclass(frozen=True, slots=True)
class SwapInfluence(Action):
    """Mission "swap an influence card": discard ``card`` unplayed and draw the top card."""

    type = "swap_influence"
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class Income(Action):
    """Mission "+2 louis d'or ...": take ``louis`` louis d'or and ``stones`` own stones."""

    type = "income"
    louis: int
    stones: int


@dataclasses.dataclass(frozen=True, slots=True)
class TradeStone(Action):
    """Mission "1 stone = 1 influence card": a personal stone to general for the top card."""

    type = "trade_stone"


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceStone(Action):
    """Put one own stone on ``tile`` (mission stones, le Grand Condé's reward)."""

    type = "place_stone"
    tile: int


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline what is offered (a bribe, an intrigue card, a mission card's option ...)."""

    type = "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class PlayIntrigue(Action):
    """Play the intrigue card of the tile being evaluated.

    ``source`` is ``general`` (exactly 1 stone) or ``personal`` (1 or 2 stones).
    """

    type = "intrigue"
    source: str
    stones: int


@dataclasses.dataclass(frozen=True, slots=True)
class WinTie(Action):
    """Mission "win one tie for first": win the tie on the tile being evaluated."""

    type = "win_tie"


@dataclasses.dataclass(frozen=True, slots=True)
class Bribe(Action):
    """Pay the tile's price to receive its reward."""

    type = "bribe"


@dataclasses.dataclass(frozen=True, slots=True)
class MaintenonStones(Action):
    """Françoise de Maintenon's reward: put ``stones`` (0–2) own stones on tile 5."""

    type = "maintenon"
    stones: int


@dataclasses.dataclass(frozen=True, slots=True)
class LayMission(Action):
    """Fulfil mission ``mission`` from the hand, paying with ``chips`` (two chip letters)."""

    type = "lay_mission"
    mission: int
    chips: tuple[str, str]


@dataclasses.dataclass(frozen=True, slots=True)
class DrawMission(Action):
    """Draw the top mission card of ``deck`` (light, medium or dark)."""

    type = "draw_mission"
    deck: str


@dataclasses.dataclass(frozen=True, slots=True)
class ConvertChip(Action):
    """Mission "chip → crown": pay 2 louis d'or to turn a ``chip`` into a crown."""

    type = "convert_chip"
    chip: str


@dataclasses.dataclass(frozen=True, slots=True)
class EndMissions(Action):
    """Lay no more missions this phase."""

    type = "end_missions"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepChip(Action):
    """Keep one ``chip``; every other chip is returned for a face-down blazon."""

    type = "keep_chip"
    chip: str


@dataclasses.dataclass(frozen=True, slots=True)
class SwapMissions(Action):
    """Mission "swap mission cards": put these hand missions under their decks."""

    type = "swap_missions"
    missions: tuple[int, ...]


ACTION_CLASSES: tuple[type[Action], ...] = (
    PlaceStones, Retrieve, PayToPass, SwapInfluence, Income, TradeStone, PlaceStone, Pass,
    PlayIntrigue, WinTie, Bribe, MaintenonStones, LayMission, DrawMission, ConvertChip,
    EndMissions, KeepChip, SwapMissions,
)

CODEC = ActionCodec(ACTION_CLASSES)

PASS = Pass()
WIN_TIE = WinTie()
BRIBE = Bribe()
END_MISSIONS = EndMissions()
PAY_TO_PASS = PayToPass()
TRADE_STONE = TradeStone()
