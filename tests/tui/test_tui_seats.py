"""The seats of ``sunking play``: the spec syntax, its errors, the session and the command."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from sunking.bots import HeuristicBot, IsmctsBot, RandomBot
from sunking.cli import app
from sunking.core import IllegalAction, InvalidOptions, NotYourTurn, UnknownGame
from sunking.tui import SeatsError, Session, parse_seats

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def test_seats_name_humans_and_build_bots() -> None:
    seats = parse_seats("me, ismcts:medium ,heuristic,random")
    assert [s.name for s in seats] == [
        "You", "Bot: medium (2)", "Bot: quick (3)", "Bot: random (4)"]
    assert seats[0].is_human and not any(s.is_human for s in seats[1:])
    assert isinstance(seats[1].bot, IsmctsBot)
    assert isinstance(seats[2].bot, HeuristicBot) and isinstance(seats[3].bot, RandomBot)
    hot = parse_seats("human:Alice,human,HUMAN,me:Zoé,ismcts:50")
    assert [s.name for s in hot] == ["Alice", "Player 2", "Player 3", "Zoé", "ismcts:50 (5)"]
    dutch = parse_seats("me,human,heuristic", "nl")
    assert [s.name for s in dutch] == ["Jij", "Speler 2", "Bot: snel (3)"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "no seats given"),
        ("me,,random", "seat 1 is empty"),
        ("me,wizard", "seat 1: unknown bot 'wizard'"),
        ("me,ismcts:lots", "seat 1: bad ISMCTS budget 'lots'"),
        ("human:,random", "seat 0: 'human:' has an empty name"),
        ("me,me", "both called 'You'"),
        ("human:Ann,human:Ann", "both called 'Ann'"),
    ],
)
def test_bad_seats_are_named(spec: str, message: str) -> None:
    with pytest.raises(SeatsError, match=re.escape(message)):
        parse_seats(spec)


def test_a_session_hands_out_views_and_checks_decisions() -> None:
    session = Session("louis14", parse_seats("me,random,human:Bea"), 4)
    assert session.humans == (0, 2) and session.hot_seat
    assert session.to_move == 0 and session.human_to_move
    assert session.legal_actions(1) == []
    assert "you" not in session.view(None) and session.view(0)["you"]["seat"] == 0
    with pytest.raises(NotYourTurn):
        session.play(1, 0)
    with pytest.raises(IllegalAction, match="no legal action number 9999"):
        session.play(0, 9999)
    assert session.version == 0
    session.play(0, 0)
    assert session.version == 1
    while not session.is_over and not session.human_to_move:
        session.apply_bot(*session.bot_decision())
    with pytest.raises(RuntimeError, match="no bot is to decide"):
        session.bot_decision()
    with pytest.raises(InvalidOptions):
        Session("louis14", parse_seats("me"), 1)
    with pytest.raises(UnknownGame):
        Session("chess", parse_seats("me,random"), 1)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "160", "NO_COLOR": "1"})
    return result.exit_code, ANSI.sub("", result.output)


def test_play_help_documents_the_seats() -> None:
    code, out = run("play", "--help")
    assert code == 0
    text = " ".join(out.replace("│", " ").split())
    for words in ("--seats", "me", "human[:NAME]", "hot-seat", "random", "heuristic",
                  "ismcts[:easy|medium|hard|expert|N|Ns]",
                  "sunking play louis14 --seats me,ismcts:medium,heuristic,random", "--seed"):
        assert words in text, words
    code, out = run("--help")
    assert "sunking play louis14" in " ".join(out.replace("│", " ").split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("louis14", "--seats", "me,wizard"), "seat 1: unknown bot 'wizard'"),
        (("louis14", "--seats", "me,random,random,random,random"),
         "louis14 is for 2–4 players, not 5 (--seats gives 5 seats)"),
        (("chess", "--seats", "me,random"), "no game 'chess'"),
    ],
)
def test_play_reports_bad_arguments(args: tuple[str, ...], message: str) -> None:
    code, out = run("play", *args)
    assert code == 2
    assert message in " ".join(out.split())
