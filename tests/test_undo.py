"""Taking a move back (``sunking.core.undo``): what a seat may take back in each game, what an
undo does to the state, the record and the log, and that nothing taken back revealed anything."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from sunking.core import Action, GameRecord, GameState, IllegalAction, make, replay
from sunking.core.errors import GameOver
from sunking.core.rng import Rng
from sunking.core.undo import UNDO, Undo

GAMES = ("louis14", "vive_le_roi", "versailles1682")
Step = Callable[[GameState, Action, GameState], bool]


def playout(game_id: str, players: int, seed: int,
            limit: int = 4000) -> Iterator[tuple[GameState, Action, GameState]]:
    """Every (state before, action, state after) of a random game, applied with checks."""
    state = make(game_id).new_game(players, seed)
    pick = random.Random(seed)
    steps = 0
    while not state.is_terminal and steps < limit:
        action = pick.choice(list(state.legal_actions()))
        after = state.apply(action, seat=state.to_move)
        yield state, action, after
        state, steps = after, steps + 1


def first_where(game_id: str, players: int, wanted: Step,
                what: str) -> tuple[GameState, GameState, int]:
    """The first step of some random game that ``wanted(before, action, after)`` picks:
    (before, after, the seat that acted)."""
    for seed in range(40):
        for before, action, after in playout(game_id, players, seed):
            if wanted(before, action, after):
                seat = before.to_move
                assert seat is not None
                return before, after, seat
    raise AssertionError(f"no {what} in 40 random {game_id} games")


def first(game_id: str, players: int, kind: str) -> tuple[GameState, GameState, int]:
    """The first action of type ``kind`` in some random game: (before, after, its seat)."""
    return first_where(game_id, players, lambda _b, action, _a: action.type == kind,
                       f"{kind} action")


def draws(before: GameState, _action: Action, after: GameState) -> bool:
    """Whether the seat that acted was dealt a card by it (a private "drawn" event)."""
    return any(e["type"] == "drawn" and e.get("private_to") == before.to_move
               for e in after.events(everything=True, since=before.version))


def test_a_placement_in_louis_xiv_is_taken_back_before_the_next_seat_acts() -> None:
    before, after, seat = first("louis14", 2, "place")
    assert after.can_undo(seat)
    assert not after.can_undo(1 - seat)
    back = after.apply(UNDO, seat=seat, version=after.version)
    assert back.snapshot()["state"] == before.snapshot()["state"]
    assert back.version == after.version + 1 and back.to_move == seat
    assert back.history[-2:] == (after.history[-1], UNDO)
    assert back.events(None)[-1] == {"type": "taken_back", "seat": seat,
                                     "undone": after.version, "version": back.version}


@pytest.mark.parametrize(("game_id", "players", "kind"), [
    ("louis14", 2, "draw_mission"),       # a mission card drawn into the hand
    ("versailles1682", 3, "draw"),        # a card drawn from the deck
    ("vive_le_roi", 3, "drawn"),          # any action after which the seat draws a card
])
def test_nothing_drawn_is_taken_back(game_id: str, players: int, kind: str) -> None:
    if kind == "drawn":
        before, after, seat = first_where(game_id, players, draws, "card drawn")
    else:
        before, after, seat = first(game_id, players, kind)
    drew = any(e.get("private_to") is not None for e in after.events(everything=True,
                                                                     since=before.version))
    moved = before.rng.state != after.rng.state  # type: ignore[attr-defined]
    assert drew or moved, f"{kind} is expected to draw"
    assert not after.can_undo(seat)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        after.apply(UNDO, seat=seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_another_seats_action_ends_what_a_seat_may_take_back(game_id: str) -> None:
    seen = 0
    for before, action, after in playout(game_id, 3 if game_id != "louis14" else 2, 1):
        mover = before.to_move
        for seat in range(before.num_players):
            if seat != mover and before.can_undo(seat):
                assert not after.can_undo(seat), (action, seat)
                seen += 1
    assert seen > 0


def test_an_undo_is_refused_with_the_reason() -> None:
    _before, after, seat = first("louis14", 2, "place")
    with pytest.raises(IllegalAction, match=f"only seat {seat} may take back"):
        after.apply(UNDO, seat=1 - seat)
    start = make("louis14").new_game(2, 0)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        start.apply(UNDO, seat=start.to_move)
    assert make("louis14").parse_action({"type": "undo"}) == UNDO


def test_a_finished_game_takes_nothing_back() -> None:
    *_, (_before, _action, last) = playout("louis14", 2, 3)
    assert last.is_terminal and not last.can_undo(0) and not last.can_undo(1)
    with pytest.raises(GameOver):
        last.apply(UNDO, seat=0)


@pytest.mark.parametrize("game_id", GAMES)
def test_several_undos_in_a_row_and_the_record_replays_them(game_id: str) -> None:
    """A seat takes back every action it may, one by one; the record with the undos replays
    (checked and unchecked) to the same state, and through JSON."""
    game = make(game_id)
    for before, _action, after in playout(game_id, 3 if game_id != "louis14" else 2, 2):
        seat = before.to_move
        assert seat is not None
        if not after.can_undo(seat) or after.is_terminal:
            continue
        state, undone = after, 0
        while state.can_undo(seat):
            state = state.apply(UNDO, seat=seat)
            undone += 1
        assert undone >= 1
        record = GameRecord.from_json(GameRecord.of(state).to_json())
        assert sum(isinstance(a, Undo) for a in record.actions) == undone
        assert replay(record).to_json() == state.to_json()
        unchecked = game.new_game(state.num_players, state.seed, **state.options)
        for action in record.actions:
            unchecked = unchecked.apply_unchecked(action, replay=True)
        assert unchecked.to_json() == state.to_json()
        if undone >= 2:
            return
    raise AssertionError(f"no seat of {game_id} took back two actions in a row")


@pytest.mark.parametrize("game_id", GAMES)
def test_what_may_be_taken_back_revealed_nothing(game_id: str) -> None:
    """An action a seat may take back shows no seat anything but the action itself: from
    deals the seat cannot tell apart (in which the action can be made), it leads to the same
    view."""
    checked = 0
    for players in (make(game_id).spec.min_players, make(game_id).spec.max_players):
        for before, action, after in playout(game_id, players, 5, limit=600):
            if not after.can_undo(before.to_move or 0) or before.to_move is None:
                continue
            checked += 1
            for viewer in range(players):
                views = []
                for k in range(4):
                    deal = before.determinize(viewer, Rng(100 + k))
                    if action in deal.legal_actions():  # another seat's hand is dealt anew
                        views.append(deal.apply_unchecked(action).view(viewer))
                assert all(v == views[0] for v in views), (action, viewer)
    assert checked > 20


def test_search_keeps_nothing_to_take_back_and_a_quiet_replay_keeps_the_run() -> None:
    state = make("louis14").new_game(2, 0)
    action = state.legal_actions()[0]
    seat = state.to_move
    assert seat is not None
    assert state.apply(action, seat=seat).can_undo(seat)
    copy = state.copy()
    copy.quiet = True
    copy.play(action)
    assert not copy.can_undo(seat)
    # A quiet state (a replay for the coach) keeps the seat's run to replay recorded undos.
    quiet = state.copy()
    quiet.quiet = True
    assert quiet.apply(action).apply(UNDO).snapshot() == (
        state.apply(action).apply(UNDO).snapshot())


def test_a_review_passes_over_the_undos() -> None:
    """The coach reviews the decisions of a record, not its undos."""
    from sunking.coach.review import decisions

    _before, after, seat = first("louis14", 2, "place")
    back = after.apply(UNDO, seat=seat)
    record = GameRecord.of(back)
    reviewed = decisions(record)
    assert any(isinstance(a, Undo) for a in record.actions)
    assert reviewed and all(d.action["type"] != "undo" for d in reviewed)
