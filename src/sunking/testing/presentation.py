"""Checks every game's presentation must pass: complete catalogs, and boards in words.

:func:`catalog_problems` reads a game's catalogs: every component, action type, decision
kind, event type and phase has a non-empty text in every language the game speaks (all five
for the games of this package), with the placeholders of the English one, and every text the
game's catalogs hold is namespaced by its id.

:func:`board_problems` plays seeded random games and describes the board at every decision
(in every language in turn): no text shows a placeholder, a JSON fragment or a bare key, every
card in the hand is shown by name, and every event type and decision kind the game produces
is one its presentation declares, and so is every phase (so a new one without texts fails
here).

>>> catalog_problems("vive_le_roi")
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from .. import presentation
from ..core.registry import make
from ..core.rng import Rng
from ..i18n import LANGUAGES, placeholders
from ..presentation import Presentation, describe

NAMES = ("Ana", "Bruno", "Claire", "David", "Eve", "Fred")
"""The player names the boards are described with."""


def catalog_problems(game_id: str) -> list[str]:
    """Everything missing or inconsistent in the catalogs of ``game_id``, in every language
    it says it speaks (:attr:`~sunking.presentation.Presentation.languages`; empty: all
    good)."""
    p = presentation.of(game_id)
    english = p.messages("en")
    languages = p.languages
    problems = [f"{game_id}: it speaks {lang!r}, not a supported language"
                for lang in languages if lang not in LANGUAGES]
    if languages[:1] != ("en",):
        problems.append(f"{game_id}: its languages {list(languages)} do not start with English")
    languages = tuple(lang for lang in languages if lang in LANGUAGES)
    problems += [
        f"{game_id}: the {what} text {key!r} is missing in {lang}"
        for key, what in sorted(p.required_keys().items())
        for lang in languages
        if not p.messages(lang).get(key)
    ]
    problems += [f"{game_id}: {key!r} is not namespaced by the game id"
                 for key in sorted(english) if not key.startswith(f"{game_id}.")]
    for lang in languages:
        texts = p.messages(lang)
        problems += [f"{game_id}: {lang} lacks {key!r}"
                     for key in sorted(set(english) - set(texts))]
        problems += [f"{game_id}: {lang} has {key!r}, which English lacks"
                     for key in sorted(set(texts) - set(english))]
        problems += [
            f"{game_id}: {lang} {key!r} has placeholders {sorted(placeholders(text))}, "
            f"English {sorted(placeholders(english[key]))}"
            for key, text in sorted(texts.items())
            if key in english and placeholders(text) != placeholders(english[key])
        ]
    return problems


_RAW = re.compile(r"\{|\"type\"|[a-z_]+=|\b[a-z0-9_]+\.[a-z_]{2,}\b")
"""A placeholder left open, a JSON fragment, ``key=value`` or a dotted text key."""


def texts_of(board: Mapping[str, Any]) -> Iterator[str]:
    """Every text of a described board a person may read (the component keys and the
    indexes are for the client, not for people)."""
    stack: list[Any] = [board]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            stack += [v for k, v in item.items() if k != "key"]
        elif isinstance(item, list):
            stack += item
        elif isinstance(item, str):
            yield item


def text_problems(board: Mapping[str, Any]) -> list[str]:
    """The texts of ``board`` that are not plain words, and held cards not shown by name."""
    out = [f"raw text: {text!r}" for text in texts_of(board) if _RAW.search(text)]
    for card in board.get("hand", ()):
        if not card.get("name") or card["name"] == card.get("key"):
            out.append(f"a held card without a name: {card!r}")
    return out


def board_problems(
    game_id: str, num_players: int, seeds: range = range(1), every: int = 1,
) -> list[str]:
    """Describe random games of ``game_id`` at every ``every``-th decision and report what is
    not in words (see :func:`text_problems`) and any undeclared event type or decision kind.
    """
    game = make(game_id)
    p: Presentation = presentation.of(game_id)
    names = NAMES[:num_players]
    problems: set[str] = set()
    for seed in seeds:
        state = game.new_game(num_players, seed)
        rng = Rng(seed)
        step = 0
        while True:
            seat = state.to_move
            view = state.view(seat)
            decision = view.get("decision")
            if isinstance(decision, Mapping) and decision.get("kind") not in p.decision_kinds:
                problems.add(f"{game_id}: undeclared decision kind {decision.get('kind')!r}")
            if "phase" in view and view["phase"] not in p.phases:
                problems.add(f"{game_id}: undeclared phase {view['phase']!r}")
            actions = state.legal_actions()
            if step % every == 0 or state.is_terminal:
                lang = LANGUAGES[step % len(LANGUAGES)]
                legal = [a.to_json() for a in actions]
                board = describe(game_id, view, legal, seat, lang, names,
                                 state.events(seat)[-60:])
                problems.update(f"{game_id} {lang} seed {seed} step {step}: {problem}"
                                for problem in text_problems(board))
                if seat is not None and len(board["actions"]) != len(legal):
                    problems.add(f"{game_id}: {len(legal)} legal actions, "
                                 f"{len(board['actions'])} described")
            if state.is_terminal:
                break
            state = state.apply_unchecked(rng.choice(actions))
            step += 1
        problems.update(f"{game_id}: undeclared event type {e['type']!r}"
                        for e in state.events(everything=True)
                        if e["type"] not in p.event_types)
    return sorted(problems)


__all__ = ["NAMES", "board_problems", "catalog_problems", "text_problems", "texts_of"]
