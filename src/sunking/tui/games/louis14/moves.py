"""Louis XIV decisions in the terminal: words, step-by-step paths and the compact notation.

Everything here works on JSON: the seat's view and actions as ``Action.to_json()`` gives
them. The printed card texts come from the game's component tables.

The notation (also in ``docs/terminal.md`` and the in-app help):

* ``7:7-7-2`` — play influence card 7 and put stones on tiles 7, 7 and 2 (one entry per
  stone, in the order they are placed: the card's tile first, then diagonal jumps);
  ``7x2`` is short for ``7-7``. ``j:5-4`` plays a joker. ``b7:3-3-2-1`` plays card 7 with the
  dark-blue mission "one influence card = 4 stones" (the path may start anywhere).
* ``7:r`` — play card 7 to take stones back from the general supply (``b7:r`` with the
  mission); ``7:swap`` — discard card 7 unplayed and draw (mission); ``pay`` — pay 2 louis
  d'or to pass (mission).
* ``pass``, ``bribe``, ``tie`` (win the tie), ``trade`` (a stone for an influence card),
  ``end`` (lay no more missions), ``@4`` (a stone on tile 4), ``intrigue g1`` / ``p1`` /
  ``p2`` (1 stone from the general supply, 1 or 2 from the personal supply),
  ``maintenon 2``, ``income 1/1`` (louis d'or / stones), ``lay 12 S+L`` (mission 12 paid with
  a sceptre and a letter), ``convert S``, ``draw light``, ``keep R``, ``swap 3,20``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from itertools import pairwise, permutations
from typing import Any

from .... import presentation
from ....games.louis14.data import CHIP_CODES, CHIP_NAMES, DECKS, MISSIONS, NEIGHBOURS, TILES
from ....games.louis14.presentation import PRESENTATION as LOUIS14
from ....i18n import DEFAULT_LANGUAGE
from ....presentation import Texts
from ...render import NotationError, Path, Step

View = Mapping[str, Any]
ActionJson = Mapping[str, Any]

_TEXTS: dict[str, Texts] = {}


def words(lang: str = DEFAULT_LANGUAGE) -> Texts:
    """Louis XIV's texts in ``lang``, from the game's catalogs (one instance per language)."""
    texts = _TEXTS.get(lang)
    if texts is None:
        texts = _TEXTS[lang] = Texts(presentation.of("louis14"), lang, ())
    return texts


SHORT_NAMES: dict[int, str] = {n: words()(f"louis14.tile.short.{n}") for n in TILES}
"""Short names of the persons, for the court and the menus (English; see :func:`short`)."""


def short(tile: int, t: Texts | None = None) -> str:
    """A person's short name (``Colbert``) in ``t``'s language."""
    return (t or words())(f"louis14.tile.short.{tile}")


def card_name(card: int, t: Texts | None = None) -> str:
    """An influence card: ``7 Colbert`` or ``Joker``."""
    t = t or words()
    return t("louis14.card.0") if card == 0 else f"{card} {short(card, t)}"


def tile_name(tile: int, t: Texts | None = None) -> str:
    """A tile as the court shows it: ``7 · Jean-Baptiste Colbert``."""
    return (t or words())(f"louis14.tile.{tile}")


def reward_text(tile: int, t: Texts | None = None) -> str:
    """A tile's reward in a few words (narrower ones where the short text would not fit a
    tile's box on the terminal)."""
    t = t or words()
    narrow = f"louis14.tui.reward.{tile}"
    return t(narrow) if t.has(narrow) else t(f"louis14.tile.reward.short.{tile}")


def condition_text(condition: Mapping[str, Any], t: Texts | None = None) -> str:
    """A tile's condition in a few words: ``Money 3``, ``1st place``, ``3+ stones``."""
    return (t or words())(f"louis14.condition.{condition['kind']}.short",
                          value=condition.get("value", 0))


def mission_text(mission: int, t: Texts | None = None) -> str:
    """A mission card: ``#3 light blue sceptre + any chip → +1 stone``."""
    t = t or words()
    card = MISSIONS[mission]
    needs = t(f"louis14.mission.needs.{mission}")
    title = t(f"louis14.mission.title.{card.effect}", tile=card.tile,
              name=t(f"louis14.tile.name.{card.tile}") if card.tile else "")
    return f"#{mission} {t(f'louis14.deck.{DECKS[card.deck]}')} {needs} → {title}"


def stones_text(stones: Sequence[Sequence[int]], t: Texts | None = None) -> str:
    t = t or words()
    parts = [t("louis14.action.stones_on", n=count, tile=tile_name(tile, t))
             for tile, count in stones]
    return ", ".join(parts) or t("louis14.eval.empty")


def chip_name(code: str, t: Texts | None = None) -> str:
    return (t or words())(f"louis14.chip.{code}") if code in CHIP_CODES else code


def describe(action: ActionJson, view: View, t: Texts | None = None) -> str:
    """A Louis XIV action in words (the game's own, as its board says them)."""
    decision = view.get("decision") or {}
    return LOUIS14.action_text(action, decision, t or words())


def prompt(view: View, t: Texts | None = None) -> str:
    decision = view.get("decision")
    if not isinstance(decision, Mapping):
        return ""
    return LOUIS14.prompt(decision, t or words())


# --- placements as paths -----------------------------------------------------------------


def placement_orders(
    card: int, stones: Sequence[Sequence[int]], boost: bool
) -> list[tuple[int, ...]]:
    """Every order in which the stones of a placement can be put, one tile per stone.

    A person card starts on its own tile; a joker and the "4 stones" mission start anywhere.
    Each jump goes to a diagonal neighbour, and no tile is visited twice.
    """
    counts = {int(tile): int(count) for tile, count in stones}
    orders: list[tuple[int, ...]] = []
    for perm in permutations(counts):
        if card != 0 and not boost and perm[0] != card:
            continue
        if any(b not in NEIGHBOURS[a] for a, b in pairwise(perm)):
            continue
        orders.append(tuple(tile for tile in perm for _ in range(counts[tile])))
    return orders


def _tile_steps(order: Sequence[int], t: Texts) -> tuple[Step, ...]:
    steps: list[Step] = []
    previous: int | None = None
    for tile in order:
        if previous is None:
            label = t("louis14.tui.step.first", tile=tile_name(tile, t))
        elif tile == previous:
            label = t("louis14.tui.step.again", tile=tile)
        else:
            label = t("louis14.tui.step.jump", tile=tile_name(tile, t))
        steps.append(Step(f"tile:{tile}", label))
        previous = tile
    return tuple(steps)


def _card_step(card: int, view: View, t: Texts) -> Step:
    hand = (view.get("you") or {}).get("influence_hand", [])
    copies = hand.count(card)
    extra = f" (×{copies})" if copies > 1 else ""
    return Step(f"card:{card}", t("louis14.tui.step.play", card=card_name(card, t)) + extra)


def paths(action: ActionJson, view: View, t: Texts | None = None) -> list[Path]:
    """The step-by-step ways to build ``action``, labelled in ``t``'s language."""
    t = t or words()
    kind = action.get("type")
    if kind in ("place", "retrieve", "swap_influence"):
        card = int(action["card"])
        first = _card_step(card, view, t)
        boost = bool(action.get("boost"))
        if kind == "swap_influence":
            return [(first, Step("mode:swap", t("louis14.tui.step.swap")))]
        if kind == "retrieve":
            mode = Step("mode:retrieve" + ("+boost" if boost else ""),
                        t("louis14.tui.step.retrieve_boost" if boost
                          else "louis14.tui.step.retrieve"))
            return [(first, mode)]
        mode = Step("mode:place" + ("+boost" if boost else ""),
                    t("louis14.tui.step.place_boost" if boost else "louis14.tui.step.place"))
        orders = placement_orders(card, action["stones"], boost) or [
            tuple(tile for tile, c in action["stones"] for _ in range(c))
        ]
        return [(first, mode, *_tile_steps(order, t)) for order in orders]
    if kind == "lay_mission":
        mission = int(action["mission"])
        chips = " + ".join(chip_name(c, t) for c in action["chips"])
        return [(Step(f"mission:{mission}",
                      t("louis14.tui.step.lay", mission=mission_text(mission, t))),
                 Step(f"chips:{'+'.join(action['chips'])}",
                      t("louis14.tui.step.pay", chips=chips) + f"   [{notation(action)}]"))]
    code = notation(action)
    label = describe(action, view, t) + (f"   [{code}]" if code else "")
    return [(Step(code or str(kind), label),)]


# --- the compact notation ----------------------------------------------------------------


def notation(action: ActionJson) -> str | None:
    """The compact notation of ``action`` (``7:7-7-2``, ``bribe``, ``lay 12 S+L`` ...)."""
    kind = action.get("type")
    if kind in ("place", "retrieve", "swap_influence"):
        card = "j" if action["card"] == 0 else str(action["card"])
        head = ("b" if action.get("boost") else "") + card
        if kind == "retrieve":
            return f"{head}:r"
        if kind == "swap_influence":
            return f"{head}:swap"
        orders = placement_orders(int(action["card"]), action["stones"], bool(action["boost"]))
        order = orders[0] if orders else tuple(t for t, c in action["stones"] for _ in range(c))
        return f"{head}:" + "-".join(str(t) for t in order)
    words = {"pay_to_pass": "pay", "pass": "pass", "bribe": "bribe", "win_tie": "tie",
             "trade_stone": "trade", "end_missions": "end"}
    if kind in words:
        return words[str(kind)]
    if kind == "place_stone":
        return f"@{action['tile']}"
    if kind == "intrigue":
        return f"intrigue {action['source'][0]}{action['stones']}"
    if kind == "maintenon":
        return f"maintenon {action['stones']}"
    if kind == "income":
        return f"income {action['louis']}/{action['stones']}"
    if kind == "lay_mission":
        return f"lay {action['mission']} {'+'.join(action['chips'])}"
    if kind == "convert_chip":
        return f"convert {action['chip']}"
    if kind == "draw_mission":
        return f"draw {action['deck']}"
    if kind == "keep_chip":
        return f"keep {action['chip']}"
    if kind == "swap_missions":
        return "swap " + ",".join(str(m) for m in action["missions"])
    return None


N = "louis14.notation."
"""The keys of the notation's messages in Louis XIV's catalogs."""

_PLACE = re.compile(r"^(b)?(j|joker|\d+)\s*:\s*(.*)$")
_CHIP_WORDS = {**{c.lower(): c for c in CHIP_CODES},
               **{n: CHIP_CODES[i] for i, n in enumerate(CHIP_NAMES)}}
_DECK_WORDS = {**{d: d for d in DECKS}, **{d[0]: d for d in DECKS}}
_WORDS = {"pay": {"type": "pay_to_pass"}, "pass": {"type": "pass"},
          "bribe": {"type": "bribe"}, "tie": {"type": "win_tie"},
          "trade": {"type": "trade_stone"}, "end": {"type": "end_missions"}}


def _int(text: str, what: str, low: int, high: int, t: Texts) -> int:
    """``text`` as a number from ``low`` to ``high``; ``what`` names it (already in words)."""
    if not text.isdigit():
        raise NotationError(t(f"{N}number", what=what, text=repr(text)))
    value = int(text)
    if not low <= value <= high:
        raise NotationError(t(f"{N}range", what=what, low=low, high=high, value=value))
    return value


def _chip(text: str, t: Texts) -> str:
    code = _CHIP_WORDS.get(text.lower())
    if code is None:
        raise NotationError(t(f"{N}chip", text=repr(text)))
    return code


def _placement(match: re.Match[str], t: Texts) -> dict[str, Any]:
    boost = match[1] is not None
    card = 0 if match[2] in ("j", "joker") else _int(match[2], t(f"{N}what.card"), 1, 12, t)
    rest = match[3].strip()
    if rest in ("r", "retrieve"):
        return {"type": "retrieve", "card": card, "boost": boost}
    if rest == "swap":
        if boost:
            raise NotationError(t(f"{N}boost_swap"))
        return {"type": "swap_influence", "card": card}
    if not rest:
        raise NotationError(t(f"{N}tiles"))
    counts: dict[int, int] = {}
    for item in re.split(r"[-,\s]+", rest):
        if not item:
            continue
        tile_text, _, times = item.partition("x")
        tile = _int(tile_text, t(f"{N}what.a_tile"), 1, 12, t)
        count = _int(times, t(f"{N}what.stones", tile=tile), 1, 4, t) if times else 1
        counts[tile] = counts.get(tile, 0) + count
    stones = [[tile, counts[tile]] for tile in sorted(counts)]
    return {"type": "place", "card": card, "stones": stones, "boost": boost}


def parse(text: str, view: View, t: Texts | None = None) -> dict[str, Any]:
    """Read the compact notation into an action's JSON (legality is checked afterwards).
    The notation is the same in every language; the messages are in ``t``'s (English when
    none is given).

    Raises:
        NotationError: the text is not in the notation; the message says what is wrong.
    """
    t = t or words()
    line = " ".join(text.strip().lower().split())
    match = _PLACE.match(line)
    if match:
        return _placement(match, t)
    if line in _WORDS:
        return dict(_WORDS[line])
    word, _, arg = line.partition(" ")
    if line.startswith("@"):
        word, arg = "@", line[1:].strip()
    if word in ("@", "tile", "stone"):
        return {"type": "place_stone", "tile": _int(arg, t(f"{N}what.the_tile"), 1, 12, t)}
    if word == "intrigue":
        found = re.fullmatch(r"(g|p)\s*([12])?", arg)
        if not found or (found[1] == "p" and not found[2]):
            raise NotationError(t(f"{N}intrigue"))
        source = "general" if found[1] == "g" else "personal"
        return {"type": "intrigue", "source": source, "stones": int(found[2] or 1)}
    if word == "maintenon":
        return {"type": "maintenon", "stones": _int(arg, t(f"{N}what.maintenon"), 0, 2, t)}
    if word == "income":
        found = re.fullmatch(r"(\d)\s*/\s*(\d)", arg)
        if not found:
            raise NotationError(t(f"{N}income"))
        return {"type": "income", "louis": int(found[1]), "stones": int(found[2])}
    if word == "lay":
        found = re.fullmatch(r"#?(\d+)\s+(\w+)\s*[+,]?\s*(\w+)?", arg)
        if not found:
            raise NotationError(t(f"{N}lay"))
        mission = _int(found[1], t(f"{N}what.mission"), 0, len(MISSIONS) - 1, t)
        chips = [found[2], found[3]] if found[3] else list(found[2])
        if len(chips) != 2:
            raise NotationError(t(f"{N}two_chips"))
        codes = sorted((_chip(c, t) for c in chips), key=CHIP_CODES.index)
        return {"type": "lay_mission", "mission": mission, "chips": codes}
    if word in ("convert", "keep"):
        kind = "convert_chip" if word == "convert" else "keep_chip"
        return {"type": kind, "chip": _chip(arg, t)}
    if word == "draw":
        deck = _DECK_WORDS.get(arg)
        if deck is None:
            raise NotationError(t(f"{N}draw"))
        return {"type": "draw_mission", "deck": deck}
    if word == "swap":
        items = [i for i in re.split(r"[,\s]+", arg.replace("#", "")) if i]
        if not items:
            raise NotationError(t(f"{N}swap"))
        hand = list((view.get("you") or {}).get("missions", []))
        missions = [_int(i, t(f"{N}what.a_mission"), 0, len(MISSIONS) - 1, t) for i in items]
        missions.sort(key=lambda m: hand.index(m) if m in hand else len(hand) + m)
        return {"type": "swap_missions", "missions": missions}
    raise NotationError(t(f"{N}not_a_move", text=repr(text.strip())))


def why_illegal(
    action: ActionJson, view: View, legal: Sequence[ActionJson], t: Texts | None = None,
) -> str:
    """Why a well-formed action is not legal now, as precisely as the view allows, in
    ``t``'s language."""
    t = t or words()
    said = describe(action, view, t)
    kind = action.get("type")
    if not any(a.get("type") == kind for a in legal):
        return t("louis14.tui.why.not_now", action=said, prompt=prompt(view, t))
    you = view.get("you") or {}
    if kind in ("place", "retrieve", "swap_influence"):
        card = action["card"]
        if card not in you.get("influence_hand", []):
            hand = ", ".join(card_name(c, t) for c in you.get("influence_hand", []))
            return t("louis14.tui.why.no_card", card=card_name(card, t), hand=hand)
        if action.get("boost") and not any(a.get("boost") for a in legal):
            return t("louis14.tui.why.no_boost")
        if kind == "place":
            total = sum(count for _, count in action["stones"])
            players = view.get("players") or []
            seat = you.get("seat")
            personal = players[seat]["personal"] if isinstance(seat, int) else None
            if personal is not None and total > personal:
                return t("louis14.tui.why.few_stones", n=personal)
            placed = stones_text(action["stones"], t)
            if card == 0 and not action.get("boost"):
                return t("louis14.tui.why.joker", stones=placed)
            start = (t("louis14.tui.why.any_tile") if action.get("boost")
                     else tile_name(card, t))
            return t("louis14.tui.why.path", stones=placed,
                     n=4 if action.get("boost") else 3, start=start)
    if kind == "lay_mission":
        if action["mission"] not in you.get("missions", []):
            return t("louis14.tui.why.no_mission", mission=action["mission"])
        return t("louis14.tui.why.chips", chips="+".join(action["chips"]),
                 mission=mission_text(action["mission"], t))
    options = ", ".join(notation(a) or str(a.get("type")) for a in legal if a.get("type") == kind)
    return t("louis14.tui.why.illegal", action=said, legal=options)
