"""Hot-seat: two people share the terminal, and neither ever sees the other's hidden cards.

A whole game is played through the pilot with two human seats and a bot. At every screen
shown while one human is to decide, the other human's hidden information (influence hand,
intrigue hand, mission hand, blazon kinds, private log entries) must not be on the screen;
at every fourth decision the screen must also stay exactly the same when everything that seat
cannot see is dealt again (a determinization of the real state). The hand-over screen between
the two shows no hand at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui_support import run_pilot

from sunking.core import GameState, Rng
from sunking.games.louis14.presentation import blazon_charge
from sunking.tui import Session, parse_seats, renderer_for
from sunking.tui.app import HandOver, PlayApp
from sunking.tui.games.louis14.moves import SHORT_NAMES, card_name, mission_text, words
from sunking.tui.render import Seating

SEATS = "human:Alice,random,human:Bruno"
NAMES = ("Alice", "random", "Bruno")
HUMANS = (0, 2)
SIZE = (150, 48)
REDEAL_EVERY = 4
"""The screen is also drawn from a determinized state at every 4th decision (two redraws)."""


def hidden_facts(view: Mapping[str, Any]) -> dict[str, str]:
    """The screen strings that would give away a seat's hidden information."""
    you = view["you"]
    t = words()
    none = t("louis14.you.none")
    facts = {
        "hand": t("louis14.you.title", player=NAMES[you["seat"]]),
        "influence": t("louis14.you.influence_hand", n=len(you["influence_hand"])) + ": "
        + (", ".join(card_name(c) for c in you["influence_hand"]) or none),
        "intrigue": t("louis14.you.intrigue_hand") + ": "
        + (", ".join(card_name(c) for c in you["intrigue_hand"]) or none),
        "blazons": t("louis14.you.blazon_kinds") + ": "
        + ", ".join(f"{blazon_charge(t, i)} {k}" for i, k in enumerate(you["blazon_kinds"])),
    }
    for m in you["missions"]:
        facts[f"mission {m}"] = mission_text(m)
    return facts


def check_no_leak(text: str, session: Session, seat: int) -> None:
    """Nothing of the other human's hidden information is in ``text``."""
    other = next(p for p in HUMANS if p != seat)
    mine = hidden_facts(session.view(seat))
    theirs = hidden_facts(session.view(other))
    known_to_me = {
        f"mission {fact['card']}"
        for fact in session.view(seat)["you"]["known_hands"]
        if fact["seat"] == other and fact["kind"] == "mission"
    }
    assert mine["hand"] in text, f"{NAMES[seat]} is to decide but does not see their hand"
    for key, shown in theirs.items():
        if key in known_to_me or mine.get(key) == shown:
            continue  # seat knows this card, or holds the very same: not a leak
        assert shown not in text, f"{NAMES[other]}'s {key} on {NAMES[seat]}'s screen: {shown}"
    renderer = renderer_for(session.game_id)
    for event in session.events(other):
        if event.get("private_to") == other:
            line = renderer.event_line(event, Seating(session.names, other, session.game_id))
            assert line not in text, f"{NAMES[other]}'s private event on the screen: {line}"


def check_hand_over(text: str, session: Session) -> None:
    seat = session.to_move
    assert seat in HUMANS
    assert f"Pass the terminal to {NAMES[seat]}" in text
    hand_title = words()("louis14.you.title", player="").strip()
    for word in (hand_title, "Influence cards", "Intrigue cards", "Missions", "blazons by kind",
                 "The court", "Players", *SHORT_NAMES.values()):
        assert word not in text, f"the hand-over screen shows {word!r}"


async def _redrawn_with(app: PlayApp, session: Session, state: GameState, pilot: Any) -> str:
    """The screen after drawing everything again from ``state``."""
    session._Session__state = state  # type: ignore[attr-defined]
    app.action_redraw()
    await pilot.pause()
    await pilot.pause()
    return app.screen_text()


async def _play_hot_seat(seed: int) -> dict[str, int]:
    session = Session("louis14", parse_seats(SEATS), seed)
    app = PlayApp(session, auto_pass=False)  # redraws swap the state: no timer may act then
    seen = {"hand_overs": 0, "screens": 0, "redealt": 0}
    last_viewer: int | None = None
    handed_to: int | None = None
    decisions = 0
    decided = -1
    async with app.run_test(size=SIZE) as pilot:
        while True:
            await app.workers.wait_for_complete()
            await pilot.pause()
            if session.is_over:
                break
            text = app.screen_text()
            if isinstance(app.screen, HandOver):
                check_hand_over(text, session)
                seen["hand_overs"] += 1
                handed_to = session.to_move
                await pilot.press("enter")
                continue
            seat = session.to_move
            assert seat in HUMANS and app.viewer == seat
            if seat != last_viewer:
                assert handed_to == seat, f"{NAMES[seat]} took over without a hand-over"
            check_no_leak(text, session, seat)
            seen["screens"] += 1
            new_decision = session.version != decided  # not a further step of the same one
            if new_decision:
                decided = session.version
                decisions += 1
            if new_decision and decisions % REDEAL_EVERY == 1:
                # Deal again all that this seat cannot see: the screen must not change.
                real: GameState = session._Session__state  # type: ignore[attr-defined]
                redealt = await _redrawn_with(app, session, real.determinize(seat, Rng(seed)),
                                              pilot)
                assert redealt == text, "the screen depends on cards the seat cannot see"
                assert await _redrawn_with(app, session, real, pilot) == text
                seen["redealt"] += 1
            last_viewer = seat
            await pilot.press("enter")
        text = app.screen_text()
        assert "Final scores" in text
        assert words()("louis14.you.title", player="").strip() not in text
    return seen


def test_hot_seat_never_shows_one_players_hidden_cards_to_the_other() -> None:
    seen = run_pilot(_play_hot_seat(seed=11))
    assert seen["hand_overs"] >= 20
    assert seen["screens"] >= 60
    assert seen["redealt"] >= 5
