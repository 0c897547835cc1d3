"""The actions of Versailles 1682, one frozen dataclass per kind of decision.

Courtiers are named by their player's seat; the King and the Queen as card targets by
:data:`KING` (−1) and :data:`QUEEN` (−2). Cards are named by their id (0–109, see
``data/cards.py``); royals in audiences by ``"king"`` or ``"queen"`` (the Regent answers
as the Queen); countries and parties by ``"england"``, ``"spain"``, ``"holland"``.
"""

from __future__ import annotations

import dataclasses

from ...core.actions import Action, ActionCodec

KING = -1
QUEEN = -2
HOUSE = -1
"""``WithdrawOffice.to`` for an office left vacant in the House of the King."""


# --- setup and introduction --------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseCourtier(Action):
    """Choose the family name and the gender of the first courtier (§6.0e)."""

    type = "choose_courtier"
    name: str
    gender: str
    """``"m"`` or ``"f"``."""


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseParty(Action):
    """Choose the party of the heir who replaces a dead courtier (§5.0, §10.4)."""

    type = "choose_party"
    party: str


# --- negotiation (§7.2) ---------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Pay(Action):
    """Send ``amount`` livres to the player in seat ``to``."""

    type = "pay"
    to: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Show(Action):
    """Show the hand card ``card`` to the player in seat ``to`` (only that player sees it)."""

    type = "show"
    to: int
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class Offer(Action):
    """Offer ``amount`` livres to the player in seat ``to`` for ``favour`` (see
    ``data.FAVOURS``); only the two of them hear it. He accepts or declines: accepted, the
    money passes at once, and the favour is a promise that binds nobody (§7.2, V-42)."""

    type = "offer"
    to: int
    amount: int
    favour: str


@dataclasses.dataclass(frozen=True, slots=True)
class Accept(Action):
    """Accept the offer made to oneself: take the money, promise the favour."""

    type = "accept"


@dataclasses.dataclass(frozen=True, slots=True)
class Decline(Action):
    """Decline the offer made to oneself."""

    type = "decline"


@dataclasses.dataclass(frozen=True, slots=True)
class Done(Action):
    """Declare oneself done with this negotiation."""

    type = "done"


# --- moving the court (§7.3) -----------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class MoveCourt(Action):
    """The steward keeps the court at, or moves it to, ``"versailles"`` or ``"hunt"``."""

    type = "move_court"
    place: str


# --- the two actions of a turn (§7.4.1) ------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the Talon."""

    type = "draw"


@dataclasses.dataclass(frozen=True, slots=True)
class DrawHouse(Action):
    """Take the face-up card ``card`` from the House of the King."""

    type = "draw_house"
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class Request(Action):
    """Play request card ``card`` for ``beneficiary`` (or, letters patent, against him).

    ``queen``: ask the Queen to intervene (§8.3).
    """

    type = "request"
    card: int
    beneficiary: int
    queen: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play event card ``card`` on ``target`` (a seat, :data:`KING` or :data:`QUEEN`).

    ``royal`` is the standing a Slander lowers, ``"king"`` or ``"queen"``; empty otherwise.
    """

    type = "play"
    card: int
    target: int
    royal: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class PlayWar(Action):
    """Play a war card: a declaration, "the war is won" or "the war is lost"."""

    type = "play_war"
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class GiveTo(Action):
    """Give one or two cards to the player in seat ``to`` (one action, §7.4.1d); the cards
    are the next decisions."""

    type = "give_to"
    to: int


@dataclasses.dataclass(frozen=True, slots=True)
class Give(Action):
    """Give hand card ``card`` to the player in seat ``to``."""

    type = "give"
    to: int
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Give no second card."""

    type = "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn, leaving any remaining action unused."""

    type = "end_turn"


@dataclasses.dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard ``card`` down to the hand limit at the end of the turn (§7.4.1g)."""

    type = "discard"
    card: int


# --- audiences (§8.4) ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class WithdrawOffice(Action):
    """Audience a: take office card ``office`` from its holder and give it to ``to``
    (a seat, or :data:`HOUSE` to leave it vacant)."""

    type = "withdraw_office"
    office: int
    to: int


@dataclasses.dataclass(frozen=True, slots=True)
class Marry(Action):
    """Audience b: marry the courtier of seat ``spouse``."""

    type = "marry"
    spouse: int


@dataclasses.dataclass(frozen=True, slots=True)
class RemarryKing(Action):
    """Audience c: present a princess of one's own party to the widowed King."""

    type = "remarry_king"


@dataclasses.dataclass(frozen=True, slots=True)
class Intervene(Action):
    """Audience d: speak well (``sign`` +1) or ill (−1) of ``target`` to ``royal``."""

    type = "intervene"
    target: int
    royal: str
    sign: int


@dataclasses.dataclass(frozen=True, slots=True)
class FreePrisoner(Action):
    """Audience e: ask for the release of the Bastille prisoner ``target``."""

    type = "free_prisoner"
    target: int


@dataclasses.dataclass(frozen=True, slots=True)
class RecallExile(Action):
    """Audience f: ask ``royal`` to recall the exile ``target``."""

    type = "recall_exile"
    target: int
    royal: str


# --- office powers (§9.5) --------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class TryPrisoner(Action):
    """Chancellor: put the Bastille prisoner ``target`` on trial."""

    type = "chancellor_trial"
    target: int


@dataclasses.dataclass(frozen=True, slots=True)
class Imprison(Action):
    """Chancellor: send ``target`` (no standing with the King) to the Bastille."""

    type = "chancellor_imprison"
    target: int


@dataclasses.dataclass(frozen=True, slots=True)
class SpecialPension(Action):
    """Finance Minister: a special pension of d10 × 500 livres for ``beneficiary``."""

    type = "special_pension"
    beneficiary: int


@dataclasses.dataclass(frozen=True, slots=True)
class MakePeace(Action):
    """War Minister: peace with every enemy."""

    type = "make_peace"


@dataclasses.dataclass(frozen=True, slots=True)
class DeclareWar(Action):
    """War Minister: declare war on ``country``."""

    type = "declare_war"
    country: str


@dataclasses.dataclass(frozen=True, slots=True)
class LeadCourt(Action):
    """Master of the Hunt: lead the court to ``"hunt"`` or back to ``"versailles"``."""

    type = "lead_court"
    place: str


@dataclasses.dataclass(frozen=True, slots=True)
class Praise(Action):
    """Governess: ``target`` gains (``sign`` +1) or loses (−1) 3 standing with ``royal``."""

    type = "governess"
    target: int
    royal: str
    sign: int


# --- etiquette at the table (§3.0) ------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Address(Action):
    """``speaker`` addressed the courtier of seat ``courtier`` with ``words``.

    Said at the table, not a decision of the seat to move: any seat may play it whenever
    the game is running. The engine judges the words (see ``etiquette.py``); a wrong
    address is recorded as a fault for the steward to fine.
    """

    type = "address"
    speaker: int
    courtier: int
    words: str


@dataclasses.dataclass(frozen=True, slots=True)
class Fine(Action):
    """The steward fines the fault ``fault`` (its id): 1,000 livres from its speaker.

    The steward may fine out of turn at any time; when he is to move, the fines he owes
    are his only legal actions (§3.0: "Für jeden Fehler muß er eine Strafe … erheben").
    """

    type = "fine"
    fault: int


AUDIENCES: tuple[type[Action], ...] = (
    WithdrawOffice, Marry, RemarryKing, Intervene, FreePrisoner, RecallExile,
)
POWERS: tuple[type[Action], ...] = (
    TryPrisoner, Imprison, SpecialPension, MakePeace, DeclareWar, LeadCourt, Praise,
)

ACTION_CLASSES: tuple[type[Action], ...] = (
    ChooseCourtier, ChooseParty, Pay, Show, Offer, Accept, Decline, Done, MoveCourt, Draw,
    DrawHouse, Request, PlayCard, PlayWar, GiveTo, Give, Pass, EndTurn, Discard, *AUDIENCES,
    *POWERS, Address, Fine,
)

CODEC = ActionCodec(ACTION_CLASSES)

DONE = Done()
ACCEPT = Accept()
DECLINE = Decline()
DRAW = Draw()
PASS = Pass()
END_TURN = EndTurn()
MAKE_PEACE = MakePeace()
REMARRY_KING = RemarryKing()
