"""The actions of Vive le Roi, one frozen dataclass per kind of decision.

Cards are named by their ids (see :mod:`.data`). A batch in an attack or a bribery is one
action (:class:`Commit`); :class:`Pass` stops the exchange or declines an offer. A turn with
no action in step B is played by laying the middle card at once (:class:`PlayToMiddle`).
"""

from __future__ import annotations

import dataclasses

from ...core.actions import Action, ActionCodec, Interned


@dataclasses.dataclass(frozen=True, slots=True)
class Challenge(Action):
    """Step B1: challenge the noble ``target`` of another player with your noble ``noble``."""

    type = "challenge"
    noble: int
    target: int


@dataclasses.dataclass(frozen=True, slots=True)
class Attack(Action):
    """Step B2: attack another player's ``province`` with musketeers from the hand."""

    type = "attack"
    province: int


@dataclasses.dataclass(frozen=True, slots=True)
class Bribe(Action):
    """Step B3: bribe another player's ``person`` with gold from the hand."""

    type = "bribe"
    person: int


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do nothing (step B), stop an exchange, decline an offer, end a window."""

    type = "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class LayDown(Action):
    """Lay ``card`` face down (a duel card or a bid for the King's Ear)."""

    type = "lay_down"
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class Agree(Action):
    """Agree to fight on after a tied duel."""

    type = "agree"


@dataclasses.dataclass(frozen=True, slots=True)
class Commit(Action):
    """Play the batch ``cards`` (musketeers or gold, from the hand or the free cards of the
    structure, in id order) in an attack or a bribery; it must put your side ahead."""

    type = "commit"
    cards: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class PlayToMiddle(Action):
    """Step C: lay ``card`` face up in the middle of the table."""

    type = "play"
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the card being placed free in the structure (``onto`` -1) or attach it to the
    card ``onto`` (gold to a person, a musketeer to a province, the King's Ear to a noble)."""

    type = "place"
    onto: int


@dataclasses.dataclass(frozen=True, slots=True)
class KeepInHand(Action):
    """Take the card received into the hand instead of the structure."""

    type = "keep_in_hand"


@dataclasses.dataclass(frozen=True, slots=True)
class Give(Action):
    """Give ``card`` from your structure to the official's owner who demands it."""

    type = "give"
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class Take(Action):
    """Take ``card`` (an event's or an official's target) from another structure."""

    type = "take"
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class Target(Action):
    """Choose the player ``seat`` an event is played against."""

    type = "target"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class Guard(Action):
    """Against Riots: put ``musketeer`` (from the hand or the barracks) on ``province``."""

    type = "guard"
    musketeer: int
    province: int


@dataclasses.dataclass(frozen=True, slots=True)
class PlayEar(Action):
    """Play the King's Ear from the hand onto your ``noble``."""

    type = "play_ear"
    noble: int


@dataclasses.dataclass(frozen=True, slots=True)
class Denounce(Action):
    """Play Excommunication or Low Birth (``card``, from the hand or the structure) against
    ``victim``."""

    type = "denounce"
    card: int
    victim: int


@dataclasses.dataclass(frozen=True, slots=True)
class Execute(Action):
    """Play the Executioner from the hand against ``person`` in another structure."""

    type = "execute"
    person: int


@dataclasses.dataclass(frozen=True, slots=True)
class ChurchDecree(Action):
    """Order the captor to set the King free (needs a Bishop or the Cardinal)."""

    type = "church_decree"


@dataclasses.dataclass(frozen=True, slots=True)
class NobilityDecree(Action):
    """Without a noble and with the King beside you: discard your highest ``courtier`` and
    take ``noble`` from the discard pile."""

    type = "nobility_decree"
    courtier: int
    noble: int


@dataclasses.dataclass(frozen=True, slots=True)
class Release(Action):
    """Obey a Church decree: the King is set free."""

    type = "release"


@dataclasses.dataclass(frozen=True, slots=True)
class Refuse(Action):
    """Refuse a Church decree (15 points, unless you own a Bishop or the Cardinal)."""

    type = "refuse"


@dataclasses.dataclass(frozen=True, slots=True)
class Activate(Action):
    """After a Rebellion: activate the official ``card`` next."""

    type = "activate"
    card: int


ACTION_CLASSES: tuple[type[Action], ...] = (
    Challenge, Attack, Bribe, Pass, LayDown, Agree, Commit, PlayToMiddle, Place,
    KeepInHand, Give, Take, Target, Guard, PlayEar, Denounce, Execute, ChurchDecree,
    NobilityDecree, Release, Refuse, Activate,
)

CODEC = ActionCodec(ACTION_CLASSES)

PASS = Pass()
AGREE = Agree()
KEEP_IN_HAND = KeepInHand()
CHURCH_DECREE = ChurchDecree()
RELEASE = Release()
REFUSE = Refuse()
FREE = Place(-1)

# The actions legal-action lists offer, interned (see :class:`~sunking.core.actions.Interned`).
CHALLENGES = Interned(Challenge)
ATTACKS = Interned(Attack)
BRIBES = Interned(Bribe)
LAY_DOWNS = Interned(LayDown)
COMMITS = Interned(Commit)
TO_MIDDLE = Interned(PlayToMiddle)
PLACES = Interned(Place)
GIVES = Interned(Give)
TARGETS = Interned(Target)
EARS = Interned(PlayEar)
NOBILITY_DECREES = Interned(NobilityDecree)
