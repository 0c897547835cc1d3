"""A tiny hidden-card game on :mod:`sunking.core` and its broken variants, one defect each,
for ``tests/test_conformance.py`` to show that the harness catches every defect.

:class:`FakeState` is correct; each other state class breaks it once (a leaking view, a
component that is not conserved, a replay that differs, ...). :data:`FAKE_GAMES` maps the
registry id of every game here to the attribute that holds it.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from sunking.core import (
    Action,
    ActionCodec,
    Event,
    Game,
    GameSpec,
    GameState,
    IllegalAction,
    InvalidState,
    JsonValue,
    Result,
    Rng,
    private,
    public,
)

# --- a tiny game to break ---------------------------------------------------------------

CARDS = 9
"""Cards 0-8; each seat is dealt one face down, the rest is the draw pile."""
TURNS = 3
"""Turns per seat; the game ends after ``TURNS * num_players`` actions."""
COINS = 3


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take a random card of the pile into the hand."""

    type = "draw"


@dataclasses.dataclass(frozen=True, slots=True)
class Bet(Action):
    """Put ``amount`` coins into the pot."""

    type = "bet"
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Tip(Action):
    """Give ``amount`` coins to the pot (a bet by another name, offered after the first turn)."""

    type = "tip"
    amount: int = 0


CODEC = ActionCodec([Draw, Bet, Tip])


class FakeState(GameState):
    """A hidden-card game: draw cards or bet coins; the highest hand plus coins wins."""

    __slots__ = ("coins", "deck", "hands", "pot", "rng", "turn")

    game: ClassVar[Game]
    coins: list[int]
    deck: list[int]
    hands: list[list[int]]
    pot: int
    rng: Rng
    turn: int

    @classmethod
    def start(cls, num_players: int, seed: int) -> Self:
        state = cls.__new__(cls)
        state._init_base(num_players, seed, {})
        state.rng = Rng(seed)
        deck = list(range(CARDS))
        state.rng.shuffle(deck)
        state.hands = [[deck.pop()] for _ in range(num_players)]
        state.deck = deck
        state.coins = [COINS] * num_players
        state.pot = 0
        state.turn = 0
        return state

    def seat(self) -> int:
        return self.turn % self.num_players

    @property
    def to_move(self) -> int | None:
        return None if self.turn >= TURNS * self.num_players else self.seat()

    def legal_actions(self) -> Sequence[Action]:
        if self.to_move is None:
            return ()
        bets = tuple(Bet(k) for k in range(min(2, self.coins[self.seat()]) + 1))
        return (Draw(), *bets) if self.deck else bets

    def draw_index(self) -> int:
        return self.rng.below(len(self.deck))

    def _perform(self, action: Action, emit: list[Event] | None) -> None:
        seat = self.seat()
        if isinstance(action, Draw):
            card = self.deck.pop(self.draw_index())
            self.hands[seat].append(card)
            if emit is not None:
                emit.append(public({"drew": seat}))
                emit.append(private(seat, {"card": card}))
        elif isinstance(action, Bet | Tip):
            self.coins[seat] -= action.amount
            self.pot += action.amount
            if emit is not None:
                emit.append(public({"bet": seat, "amount": action.amount}))
        self.turn += 1

    def result(self) -> Result:
        if self.to_move is not None:
            raise IllegalAction("the game is not over yet", version=self.version)
        scores = tuple(sum(h) + c for h, c in zip(self.hands, self.coins, strict=True))
        best = max(scores)
        winners = tuple(p for p, score in enumerate(scores) if score == best)
        return Result(scores, winners, tuple(self.coins))

    def view(self, seat: int | None) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {
            "turn": self.turn,
            "to_move": self.to_move,
            "coins": list(self.coins),
            "pot": self.pot,
            "hand_sizes": [len(h) for h in self.hands],
            "pile": len(self.deck),
            "log": self.events(seat),
        }
        if seat is not None:
            out["hand"] = sorted(self.hands[seat])
        return out

    def determinize(self, seat: int, rng: Rng) -> Self:
        d = self._copy()
        d.quiet = True
        d.rng = rng.fork()
        others = [p for p in range(self.num_players) if p != seat]
        pool = [c for p in others for c in d.hands[p]] + d.deck
        rng.shuffle(pool)
        for p in others:
            d.hands[p] = [pool.pop() for _ in self.hands[p]]
        d.deck = pool
        return d

    def check_invariants(self) -> list[str]:
        problems = []
        cards = sorted([c for h in self.hands for c in h] + self.deck)
        if cards != list(range(CARDS)):
            problems.append(f"the cards are {cards}, not 0-{CARDS - 1} once each")
        if min(self.coins) < 0 or sum(self.coins) + self.pot != COINS * self.num_players:
            problems.append(f"coins {self.coins} and pot {self.pot} do not add up")
        return problems

    def _copy(self) -> Self:
        new = type(self).__new__(type(self))
        self._copy_base(new)
        new.coins = self.coins[:]
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.pot = self.pot
        new.rng = self.rng.copy()
        new.turn = self.turn
        return new

    def _state_json(self) -> dict[str, JsonValue]:
        return {
            "coins": list(self.coins),
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "pot": self.pot,
            "rng": self.rng.state,
            "turn": self.turn,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: Game) -> Self:
        try:
            state = cls.__new__(cls)
            state._load_base(data, game.parse_action)
            own = data["state"]
            state.coins = [int(c) for c in own["coins"]]
            state.deck = [int(c) for c in own["deck"]]
            state.hands = [[int(c) for c in h] for h in own["hands"]]
            state.pot = int(own["pot"])
            state.rng = Rng(int(own["rng"]))
            state.turn = int(own["turn"])
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidState(f"not a fake state: {exc!r}") from None
        return state


class FakeGame(Game):
    """The tiny game, for one state class (a correct one or a broken variant)."""

    def __init__(
        self, game_id: str, state_class: type[FakeState], *, codec: ActionCodec = CODEC,
        max_actions: int = 100, imperfect_information: bool = True,
    ) -> None:
        self.spec = GameSpec(
            id=game_id, name=game_id, designer="tests", year=2026, min_players=2,
            max_players=3, imperfect_information=imperfect_information, chance=True,
            max_actions=max_actions,
        )
        self.codec = codec
        self.state_class = state_class
        state_class.game = self

    def new_game(self, num_players: int, seed: int, **options: Any) -> FakeState:
        self.spec.check_setup(num_players, options)
        return self.state_class.start(num_players, seed)

    def state_from_json(self, data: Mapping[str, Any]) -> FakeState:
        if data.get("game") != self.spec.id:
            raise InvalidState(f"not a {self.spec.id} state")
        return self.state_class.from_json(data, self)


# --- one defect each --------------------------------------------------------------------


class LeakyViewState(FakeState):
    """A seat's view shows every hand."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, JsonValue]:
        out = super().view(seat)
        if seat is not None:
            out["hands"] = [sorted(h) for h in self.hands]
        return out


class LeakySpectatorState(FakeState):
    """The spectator's view shows the order of the draw pile."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, JsonValue]:
        out = super().view(seat)
        if seat is None:
            out["pile_order"] = list(self.deck)
        return out


class KeyOrderLeakState(FakeState):
    """The view's keys come in an order that depends on a hidden card (equal as dicts)."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, JsonValue]:
        out = super().view(seat)
        if self.deck and self.deck[-1] % 2:
            out = dict(reversed(out.items()))
        return out


class DuplicatingState(FakeState):
    """Drawing copies the card instead of taking it out of the pile."""

    __slots__ = ()

    def _perform(self, action: Action, emit: list[Event] | None) -> None:
        if isinstance(action, Draw):
            self.deck.append(self.deck[self.draw_index()])
        super()._perform(action, emit)


_DRAWS = itertools.count()


class UnseededState(FakeState):
    """Draws depend on a process-wide counter, not on the state's generator."""

    __slots__ = ()

    def draw_index(self) -> int:
        return next(_DRAWS) % len(self.deck)


class EndlessState(FakeState):
    """The game never ends."""

    __slots__ = ()

    @property
    def to_move(self) -> int | None:
        return self.seat()


class LegalAfterEndState(FakeState):
    """Bets are still offered after the game is over."""

    __slots__ = ()

    def legal_actions(self) -> Sequence[Action]:
        return super().legal_actions() or (Bet(0),)


class DuplicateLegalState(FakeState):
    """The smallest bet is offered twice."""

    __slots__ = ()

    def legal_actions(self) -> Sequence[Action]:
        legal = super().legal_actions()
        return (*legal, Bet(0)) if legal else legal


class BadSeatState(FakeState):
    """``to_move`` counts one seat too many."""

    __slots__ = ()

    @property
    def to_move(self) -> int | None:
        return None if self.turn >= TURNS * self.num_players else self.turn % (self.num_players + 1)


class LossyCodecState(FakeState):
    """Played with a codec that does not know bets, so bets do not parse back."""

    __slots__ = ()


class ForgetfulJsonState(FakeState):
    """The generator is not read back from JSON."""

    __slots__ = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: Game) -> Self:
        state = super().from_json(data, game)
        state.rng = Rng(0)
        return state


class SharedCopyState(FakeState):
    """Copies share the coins, so a bet changes the old state too."""

    __slots__ = ()

    def _copy(self) -> Self:
        new = super()._copy()
        new.coins = self.coins
        return new


class StaleLegalState(FakeState):
    """Caches its legal actions and forgets to drop them when played in place: a copy (as
    ``apply`` makes) starts without the cache, so only ``play`` goes wrong."""

    __slots__ = ("_cached",)

    def legal_actions(self) -> Sequence[Action]:
        cached: Sequence[Action] | None = getattr(self, "_cached", None)
        if cached is None:
            cached = self._cached = super().legal_actions()
        return cached

    def _copy(self) -> Self:
        new = super()._copy()
        new._cached = None
        return new


class NoResampleState(FakeState):
    """Determinization resamples nothing, not even the generator."""

    __slots__ = ()

    def determinize(self, seat: int, rng: Rng) -> Self:
        d = self._copy()
        d.quiet = True
        return d


class RefusingApplyState(FakeState):
    """The checked ``apply`` refuses the smallest bet, which ``legal_actions`` offers."""

    __slots__ = ()

    def apply(self, action: Action, *, seat: int | None = None, version: int | None = None) -> Self:
        if action == Bet(0):
            raise IllegalAction("no bet of nothing", action=action, version=self.version)
        return super().apply(action, seat=seat, version=version)


_TICKS = itertools.count()


class ChattyState(FakeState):
    """Every action logs a process-wide counter: positions replay, the log does not."""

    __slots__ = ()

    def _perform(self, action: Action, emit: list[Event] | None) -> None:
        super()._perform(action, emit)
        if emit is not None:
            emit.append(public({"tick": next(_TICKS)}))


@dataclasses.dataclass(frozen=True, slots=True)
class ForgetfulTip(Tip):
    """A tip whose JSON forgets the amount, so it parses back as a tip of 0."""

    def to_json(self) -> dict[str, JsonValue]:
        return {"type": self.type}


@dataclasses.dataclass(frozen=True, slots=True)
class TextTip(Tip):
    """A tip whose JSON gives the amount as text, which the strict parser rejects."""

    def to_json(self) -> dict[str, JsonValue]:
        return {"type": self.type, "amount": str(self.amount)}


class TippingState(FakeState):
    """After the first turn, a tip of one coin is offered too (as ``tip_class``)."""

    __slots__ = ()
    tip_class: ClassVar[type[Tip]] = Tip

    def legal_actions(self) -> Sequence[Action]:
        legal = super().legal_actions()
        if legal and self.turn >= 1 and self.coins[self.seat()]:
            return (*legal, self.tip_class(1))
        return legal


class ForgetfulTipState(TippingState):
    __slots__ = ()
    tip_class = ForgetfulTip


class TextTipState(TippingState):
    __slots__ = ()
    tip_class = TextTip


_SHARED_BETS = tuple(Bet(k) for k in range(COINS))


class IdentityState(FakeState):
    """Offers shared bet objects and knows a bet by identity, so a bet read back from JSON
    (equal, but a new object) is ignored: the game does not replay from its record."""

    __slots__ = ()

    def legal_actions(self) -> Sequence[Action]:
        legal = super().legal_actions()
        return tuple(_SHARED_BETS[a.amount] if isinstance(a, Bet) else a for a in legal)

    def _perform(self, action: Action, emit: list[Event] | None) -> None:
        if isinstance(action, Bet) and not any(action is bet for bet in _SHARED_BETS):
            self.turn += 1
            return
        super()._perform(action, emit)


class OddOptionsState(FakeState):
    """Keeps an option that JSON cannot hold, so the game's record cannot be written."""

    __slots__ = ()

    @classmethod
    def start(cls, num_players: int, seed: int) -> Self:
        state = super().start(num_players, seed)
        state.options = {"house_rules": frozenset({"no_bets"})}
        return state


class CrashingState(FakeState):
    """The fourth action of a game that is logged (not a quiet rollout) raises."""

    __slots__ = ()

    def _perform(self, action: Action, emit: list[Event] | None) -> None:
        if self.version == 3 and emit is not None:
            raise KeyError("boom")
        super()._perform(action, emit)


FAKE = FakeGame("test-fake", FakeState)
LEAKY_VIEW = FakeGame("test-fake-leaky-view", LeakyViewState)
LEAKY_SPECTATOR = FakeGame("test-fake-leaky-spectator", LeakySpectatorState)
KEY_ORDER_LEAK = FakeGame("test-fake-key-order-leak", KeyOrderLeakState)
DUPLICATING = FakeGame("test-fake-duplicating", DuplicatingState)
UNSEEDED = FakeGame("test-fake-unseeded", UnseededState)
ENDLESS = FakeGame("test-fake-endless", EndlessState, max_actions=40)
LEGAL_AFTER_END = FakeGame("test-fake-legal-after-end", LegalAfterEndState)
DUPLICATE_LEGAL = FakeGame("test-fake-duplicate-legal", DuplicateLegalState)
BAD_SEAT = FakeGame("test-fake-bad-seat", BadSeatState)
LOSSY_CODEC = FakeGame("test-fake-lossy-codec", LossyCodecState, codec=ActionCodec([Draw]))
FORGETFUL_JSON = FakeGame("test-fake-forgetful-json", ForgetfulJsonState)
SHARED_COPY = FakeGame("test-fake-shared-copy", SharedCopyState)
NO_RESAMPLE = FakeGame("test-fake-no-resample", NoResampleState)
STALE_LEGAL = FakeGame("test-fake-stale-legal", StaleLegalState)
CRASHING = FakeGame("test-fake-crashing", CrashingState)
REFUSING_APPLY = FakeGame("test-fake-refusing-apply", RefusingApplyState)
CHATTY = FakeGame("test-fake-chatty", ChattyState)
TIPPING = FakeGame("test-fake-tipping", TippingState)
FORGETFUL_TIP = FakeGame("test-fake-forgetful-tip", ForgetfulTipState)
TEXT_TIP = FakeGame("test-fake-text-tip", TextTipState)
ODD_OPTIONS = FakeGame("test-fake-odd-options", OddOptionsState)
IDENTITY = FakeGame("test-fake-identity", IdentityState)

FAKE_GAMES: dict[str, str] = {
    game.spec.id: name
    for name, game in list(globals().items())
    if isinstance(game, FakeGame)
}
"""Registry id -> attribute of this module holding the game."""
