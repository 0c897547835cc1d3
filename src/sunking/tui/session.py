"""A game in progress at the terminal: the state kept private, views handed out.

:class:`Session` is the only object of the terminal client that holds a
:class:`~sunking.core.GameState`. It hands the interface what one seat may see — the seat's
view, the seat's event log and, when the seat is to decide, its legal actions as JSON — and
applies the decisions of humans (by the index of a legal action) and of bots (each bot sees
an :class:`~sunking.bots.Observation` of its own seat, with its own generator, as in
:func:`sunking.bots.arena.play_match`).

Table talk goes through it too: a remark of a seat becomes the actions the game makes of it
(:meth:`~sunking.core.Game.remarks`, Versailles 1682's addresses), applied out of turn for
the seat that spoke; the duties the game owes out of turn (:meth:`~sunking.core.Game.duties`,
the steward's fines) are done at once for bot seats and left to a person's key otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bots.arena import bot_rng
from ..bots.protocol import Observation
from ..core import GameRecord, GameState, IllegalAction, Rng, make
from ..core.actions import Action, JsonValue
from ..core.undo import UNDO
from .seats import SeatSpec

MAX_REMARK = 500
"""The longest remark said at the table, in characters."""


class Session:
    """One game between the given seats.

    Raises (from the constructor):
        RulesError: the game id is unknown (``UnknownGame``) or the number of seats is not a
            player count the game allows (``InvalidOptions``).
    """

    def __init__(
        self, game_id: str, seats: Sequence[SeatSpec], seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = make(game_id)
        self.seats = tuple(seats)
        self.seed = seed
        self.__state: GameState = self.game.new_game(len(self.seats), seed, **dict(options or {}))
        self.__rngs: list[Rng] = [bot_rng(seed, p) for p in range(len(self.seats))]
        self.__talk: list[tuple[int, str]] = []

    # --- who is who ------------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.game.spec.id

    @property
    def names(self) -> tuple[str, ...]:
        """The name of each seat."""
        return tuple(seat.name for seat in self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people at the terminal."""
        return tuple(p for p, seat in enumerate(self.seats) if seat.is_human)

    @property
    def hot_seat(self) -> bool:
        """True when several people share the terminal."""
        return len(self.humans) > 1

    # --- public facts ----------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is; None once the game is over."""
        return self.__state.to_move

    @property
    def is_over(self) -> bool:
        return self.__state.is_terminal

    @property
    def version(self) -> int:
        """How many actions have been played."""
        return self.__state.version

    @property
    def human_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and self.seats[seat].is_human

    def view(self, seat: int | None) -> dict[str, JsonValue]:
        """What ``seat`` may see (None: a spectator)."""
        return self.__state.view(seat)

    def events(self, seat: int | None) -> list[dict[str, JsonValue]]:
        """The event log as ``seat`` may see it (None: public events only)."""
        return self.__state.events(seat)

    def legal_actions(self, seat: int) -> list[dict[str, JsonValue]]:
        """The legal actions of ``seat`` as JSON; empty unless ``seat`` is to decide."""
        if seat != self.to_move:
            return []
        return [action.to_json() for action in self.__state.legal_actions()]

    def result(self) -> dict[str, JsonValue] | None:
        """The result of the finished game as JSON (scores, winners, tie-break, details);
        None while it is still being played."""
        if not self.is_over:
            return None
        return self.__state.result().to_json()

    def record(self) -> GameRecord:
        """The game so far as a record (players, seed, options, actions): it replays it."""
        return GameRecord.of(self.__state)

    # --- decisions -------------------------------------------------------------------

    def play(self, seat: int, index: int) -> None:
        """Apply the ``index``-th legal action of ``seat`` (as in :meth:`legal_actions`).

        Raises:
            NotYourTurn: ``seat`` is not to decide.
            GameOver: the game is over.
            IllegalAction: ``index`` is out of range.
        """
        state = self.__state
        actions = state.legal_actions()
        if not 0 <= index < len(actions):
            raise IllegalAction(
                f"there is no legal action number {index} (there are {len(actions)})",
                version=state.version,
            )
        self.__state = state.apply(actions[index], seat=seat, version=state.version)
        self._bots_do_duties()

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last action now (:mod:`sunking.core.undo`)."""
        return self.__state.can_undo(seat)

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last action (an undo appended to the game's record).

        Raises:
            IllegalAction: ``seat`` has nothing it may take back.
        """
        self.__state = self.__state.apply(UNDO, seat=seat, version=self.__state.version)

    def bot_decision(self) -> tuple[int, Action]:
        """Ask the bot to move for its decision; return its seat and the action it chose.

        The state is not changed (call :meth:`apply_bot` with the answer), so this may run
        on a worker thread while the interface keeps drawing the current position.

        Raises:
            RuntimeError: the game is over or a human is to decide.
        """
        seat = self.to_move
        if seat is None or self.seats[seat].bot is None:
            raise RuntimeError("no bot is to decide")
        bot = self.seats[seat].bot
        assert bot is not None
        return seat, bot.act(Observation(self.__state, seat), self.__rngs[seat])

    def apply_bot(self, seat: int, action: Action) -> None:
        """Apply the action a bot chose for ``seat`` (checked like any other action).

        Raises:
            RulesError: the action is not legal now (``IllegalAction``, ``NotYourTurn`` ...).
        """
        self.__state = self.__state.apply(action, seat=seat)
        self._bots_do_duties()

    # --- table talk, out of turn ---------------------------------------------------------

    @property
    def talk(self) -> tuple[tuple[int, str], ...]:
        """Every remark said at the table so far, as (seat, text)."""
        return tuple(self.__talk)

    def remark(self, seat: int, text: str, addressed: int | None = None) -> None:
        """``seat`` says ``text`` to the table, speaking to ``addressed`` (a seat; None: the
        words tell whom). The actions the game makes of it are applied for ``seat`` out of
        turn (they leave the decision pending where it was); then bot seats do their
        duties (a bot steward fines a wrong address at once).

        Raises:
            IllegalAction: the remark is empty or longer than :data:`MAX_REMARK`, ``seat``
                is not a seat of the table, or the game refuses what the remark makes (an
                address to one's own courtier or to a seat without one ...).
            GameOver: the remark addresses someone after the end of the game.
        """
        state = self.__state
        text = text.strip()
        if not text:
            raise IllegalAction("the remark is empty", version=state.version)
        if len(text) > MAX_REMARK:
            raise IllegalAction(f"the remark is longer than {MAX_REMARK} characters",
                                version=state.version)
        if not 0 <= seat < len(self.seats):
            raise IllegalAction(f"there is no seat {seat}", version=state.version)
        for action in self.game.remarks(state, seat, text, addressed):
            state = state.apply(action, seat=seat)
        self.__state = state
        self.__talk.append((seat, text))
        self._bots_do_duties()

    def duties(self, seat: int) -> list[dict[str, JsonValue]]:
        """The out-of-turn actions ``seat`` owes now, as JSON (Versailles 1682: the steward's
        fines, one per fault not yet fined)."""
        return [action.to_json() for owner, action in self.game.duties(self.__state)
                if owner == seat]

    def do_duty(self, seat: int, index: int = 0) -> None:
        """Do the ``index``-th duty of ``seat`` (as in :meth:`duties`), out of turn.

        Raises:
            IllegalAction: ``seat`` owes no duty number ``index``.
        """
        state = self.__state
        owed = [action for owner, action in self.game.duties(state) if owner == seat]
        if not 0 <= index < len(owed):
            raise IllegalAction(f"seat {seat} owes no duty number {index} (it owes {len(owed)})",
                                version=state.version)
        self.__state = state.apply(owed[index], seat=seat, version=state.version)
        self._bots_do_duties()

    def _bots_do_duties(self) -> None:
        """Bot seats do every duty they owe, at once (a bot steward fines every fault)."""
        while True:
            owed = next(((owner, action) for owner, action in self.game.duties(self.__state)
                         if self.seats[owner].bot is not None), None)
            if owed is None:
                return
            self.__state = self.__state.apply(owed[1], seat=owed[0])

    def __repr__(self) -> str:
        return f"<Session {self.game_id} seats={list(self.names)} version={self.version}>"
