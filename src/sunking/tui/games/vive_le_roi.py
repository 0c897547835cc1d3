"""The terminal renderer of Vive le Roi: every power structure with the cards attached under
the card they belong to, the King beside whoever has him, the middle, the piles, a fight under
way with both sides' totals, your hand, and a notation for typed moves.

Everything is drawn from one seat's view and the described board (its words and the cards'
printed faces); the messages come from the game's catalog (``vive_le_roi.tui.*``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ... import presentation
from ...games.vive_le_roi.data import ARMS, CARDS, KIND_NAMES, NO_ARMS, PROVINCE
from ...i18n import DEFAULT_LANGUAGE
from ...presentation import Texts
from ..render import NotationError, Renderer, Seating

G = "vive_le_roi"
KING_CARD = 6
KIND_STYLES = {
    "noble": "bold magenta", "king": "bold yellow", "province": "bold green",
    "gold": "yellow", "musketeer": "bold blue", "courtier": "dark_orange",
    "official": "bold cyan", "event": "bold red",
}
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold cyan")
_TEXTS: dict[str, Texts] = {}


def words(lang: str = DEFAULT_LANGUAGE) -> Texts:
    """Vive le Roi's texts in ``lang`` (one instance per language)."""
    texts = _TEXTS.get(lang)
    if texts is None:
        texts = _TEXTS[lang] = Texts(presentation.of(G), lang, ())
    return texts


ARMS_GLYPHS = {"lion": "ᴥ", "eagle": "Ѫ", "tower": "♜", "stag": "Ψ", "star": "★",
               "sword": "†", "fleur_de_lis": "⚜"}
"""Each coat of arms' sign on the terminal, the same in every language and told apart
without colour (the browser draws the same charges as small shields)."""


def card_text(card: int, t: Texts) -> Text:
    """A card in one short line: ``[13] Languedoc ·3 ♜ (Tower)``, coloured by its kind, with
    its value, its arms' sign, and the arms' name when the card's name does not already say
    it."""
    c = CARDS[card]
    kind = KIND_NAMES[c.kind]
    name = t(f"{G}.card.{card}")
    text = Text(f"[{card}] ", style="dim")
    text.append(name, style=KIND_STYLES[kind])
    if c.value and str(c.value) not in name:
        text.append(f" ·{c.value}", style="bold")
    if c.arms != NO_ARMS:
        arms = t(f"{G}.arms.{ARMS[c.arms]}")
        text.append(f" {ARMS_GLYPHS[ARMS[c.arms]]}", style="bold")
        if arms not in name:
            text.append(f" ({arms})", style="italic")
    return text


def _attached(view: Mapping[str, Any]) -> dict[int, list[int]]:
    under: dict[int, list[int]] = {}
    for p in view["players"]:
        for card, onto in p["structure"]:
            if onto >= 0:
                under.setdefault(onto, []).append(card)
    return under


def _face_down(view: Mapping[str, Any], seat: int) -> int:
    """The face-down card of ``seat`` if this view knows it, else -1."""
    you = view.get("you")
    if isinstance(you, Mapping):
        if you["seat"] == seat:
            return int(you["face_down"])
        for known in you.get("known_face_down", ()):
            if known["seat"] == seat:
                return int(known["card"])
    return -1


def structure_lines(
    view: Mapping[str, Any], seat: int, t: Texts, name: str, you: bool = False,
) -> Text:
    """One power structure: its free cards, each with what is attached to it indented under
    it (a province's garrison strength beside it), the King if he is here, a face-down card;
    ``you``: the structure of the seat spoken to ("Your power structure")."""
    p = view["players"][seat]
    under = _attached(view)
    out = Text()
    title = f"{G}.zone.structure" + (".you" if you else "")
    out.append(t(title, player=name), style=f"{SEAT_STYLES[seat % 6]} underline")
    out.append("  " + t(f"{G}.board.score", points=p["score"])
               + " · " + t(f"{G}.board.hand_size", count=p["hand_size"]) + "\n")
    king = view["king"]
    if king["seat"] == seat:
        out.append("  ♔ ")
        out.append_text(card_text(KING_CARD, t))
        out.append(f" ({t(f'{G}.word.captive' if king['captive'] else f'{G}.word.visit')})\n")
    held = {card for card, _ in p["structure"]}
    for card, onto in p["structure"]:
        if onto >= 0 and onto in held:
            continue
        out.append("  ")
        out.append_text(card_text(card, t))
        if CARDS[card].kind == PROVINCE:  # its garrison
            strength = sum(CARDS[c].value for c in under.get(card, ()))
            out.append(f"  {t(f'{G}.board.garrison', strength=strength)}", style="dim")
        out.append("\n")
        for extra in under.get(card, ()):
            out.append("    └ ")
            out.append_text(card_text(extra, t))
            out.append("\n")
    if p["face_down"]:
        known = _face_down(view, seat)
        out.append(f"  {t(f'{G}.board.face_down')}: ")
        if known >= 0:
            out.append_text(card_text(known, t))
        else:
            out.append("▒▒", style="blue")
        out.append("\n")
    if not p["structure"]:
        out.append(f"  {t(f'{G}.board.empty')}\n", style="dim")
    return out


def fight_lines(view: Mapping[str, Any], t: Texts, seating: Seating) -> Text | None:
    """A fight under way: a duel's nobles and face-down cards (backs until revealed), or an
    attack's or a bribery's batches with both sides' totals. None when no fight is on."""
    d = view.get("decision")
    out = Text()
    if d and d["kind"] in ("duel_card", "duel_again"):
        challenger, defender = d["challenger"], d["defender"]
        noble, target = d["noble"], d["target"]
        out.append(t(f"{G}.board.duel") + "\n", style="bold underline")
        for seat, card in ((challenger, noble), (defender, target)):
            out.append(f"  {seating.name(seat)}: ")
            out.append_text(card_text(card, t))
            if view["players"][seat]["face_down"]:
                known = _face_down(view, seat)
                out.append(" + ")
                if known >= 0:
                    out.append_text(card_text(known, t))
                else:
                    out.append(t(f"{G}.board.face_down"), style="blue")
            out.append("\n")
        return out
    exchange = view.get("exchange") or []
    if not (d and d["kind"] == "batch") and not exchange:
        return None
    sides: list[list[int]] = [[], []]
    for card, by in exchange:
        sides[by % 2].append(card)
    title = t(f"{G}.zone.exchange")
    names = ["", ""]
    if d and d["kind"] == "batch":
        fight, attacker, defender, target = d["fight"], d["attacker"], d["defender"], d["target"]
        title = t(f"{G}.board.attack" if fight == 0 else f"{G}.board.bribery")
        names = [seating.name(attacker), seating.name(defender)]
        sides[1] = _attached(view).get(target, []) + sides[1]
        title += " → " + t(f"{G}.card.{target}")
    out.append(title + "\n", style="bold underline")
    for name, cards in zip(names, sides, strict=True):
        total = sum(CARDS[c].value for c in cards)
        out.append(f"  {name} — {t(f'{G}.board.total', total=total)}: ", style="bold")
        for i, card in enumerate(cards):
            if i:
                out.append(", ")
            out.append_text(card_text(card, t))
        out.append("\n")
    return out


class ViveLeRoiRenderer(Renderer):
    """Vive le Roi as seen by one seat."""

    game_id = G

    def help_text(self, lang: str) -> str:
        return words(lang)(f"{G}.tui.help")

    def input_hint(self, lang: str) -> str:
        return words(lang)(f"{G}.tui.input_hint")

    def board(self, view: Mapping[str, Any], seating: Seating) -> RenderableType:
        t = words(seating.lang)
        parts: list[RenderableType] = []
        fight = fight_lines(view, t, seating)
        if fight is not None:
            parts.append(fight)
        seats = list(range(int(view["num_players"])))
        if seating.viewer is not None:
            seats.sort(key=lambda s: s != seating.viewer)
        for seat in seats:
            parts.append(structure_lines(view, seat, t, seating.name(seat), seat == seating.you))
        middle = Text(t(f"{G}.zone.middle") + ": ", style="bold")
        for i, (card, _) in enumerate(view["middle"]):
            if i:
                middle.append(", ")
            middle.append_text(card_text(card, t))
        if view["king"]["seat"] is None:
            middle.append_text(card_text(KING_CARD, t))
        if not view["middle"] and view["king"]["seat"] is not None:
            middle.append(t(f"{G}.board.empty"), style="dim")
        discard = view["discard"]
        piles = Text(t(f"{G}.board.draw_pile", count=view["draw_pile"]) + " · "
                     + t(f"{G}.board.discard", count=len(discard)))
        if discard:
            piles.append(" · ")
            piles.append_text(card_text(discard[-1], t))
        parts += [middle, piles]
        return Group(*parts)

    def private(self, view: Mapping[str, Any], seating: Seating) -> RenderableType:
        you = view.get("you")
        if seating.viewer is None or not isinstance(you, Mapping):
            return Text("")
        t = words(seating.lang)
        out = Text(t(f"{G}.board.your_hand", count=len(you["hand"])) + "\n",
                   style="bold underline")
        for card in you["hand"]:
            out.append("  ")
            out.append_text(card_text(card, t))
            out.append("\n")
        for known in you.get("known_hands", ()):
            out.append(t(f"{G}.tui.known_hand", player=seating.name(int(known["seat"])),
                         card=t(f"{G}.card.{known['card']}")) + "\n", style="dim")
        return out

    def notation(self, action: Mapping[str, Any]) -> str | None:
        return notation(action)

    def parse(
        self, text: str, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
        seating: Seating,
    ) -> dict[str, Any]:
        return parse(text, view, legal, words(seating.lang))

    def why_illegal(
        self, action: Mapping[str, Any], view: Mapping[str, Any],
        legal: Sequence[Mapping[str, Any]], seating: Seating,
    ) -> str:
        t = words(seating.lang)
        kind = action.get("type")
        if not any(a["type"] == kind for a in legal):
            return t(f"{G}.tui.why.not_now", move=notation(action) or str(kind))
        return t(f"{G}.tui.why.illegal", move=notation(action) or str(kind))


# --- the notation ------------------------------------------------------------------------

VERBS: dict[str, tuple[str, tuple[str, ...]]] = {
    "play": ("play", ("card",)), "lay": ("lay_down", ("card",)),
    "challenge": ("challenge", ("noble", "target")), "attack": ("attack", ("province",)),
    "bribe": ("bribe", ("person",)), "commit": ("commit", ("cards",)),
    "place": ("place", ("onto",)), "keep": ("keep_in_hand", ()), "give": ("give", ("card",)),
    "take": ("take", ("card",)), "target": ("target", ("seat",)),
    "guard": ("guard", ("musketeer", "province")), "ear": ("play_ear", ("noble",)),
    "denounce": ("denounce", ("card", "victim")), "execute": ("execute", ("person",)),
    "church": ("church_decree", ()), "nobility": ("nobility_decree", ("courtier", "noble")),
    "release": ("release", ()), "refuse": ("refuse", ()), "activate": ("activate", ("card",)),
    "pass": ("pass", ()), "agree": ("agree", ()),
}
"""Each typed verb: the action type it makes and the numbers it takes (card ids, or a seat
for ``target`` and the victim of ``denounce``, counted from 1 as people count seats)."""
_VERB_OF = {kind: verb for verb, (kind, _) in VERBS.items()}


def notation(action: Mapping[str, Any]) -> str | None:
    """The typed form of ``action``: ``play 31``, ``commit 47 48``, ``place free``."""
    kind = action.get("type")
    verb = _VERB_OF.get(str(kind))
    if verb is None:
        return None
    parts = [verb]
    for field in VERBS[verb][1]:
        value = action.get(field)
        if field == "cards":
            parts += [str(c) for c in value or ()]
        elif field == "onto" and value == -1:
            parts.append("free")
        elif field in ("seat", "victim"):
            parts.append(str(int(value) + 1) if isinstance(value, int) else str(value))
        else:
            parts.append(str(value))
    return " ".join(parts)


def _number(word: str, t: Texts) -> int:
    if not word.isdigit():
        raise NotationError(t(f"{G}.tui.why.number", text=repr(word)))
    value = int(word)
    if value >= len(CARDS):
        raise NotationError(t(f"{G}.tui.why.no_card", card=value))
    return value


def _alike(view: Mapping[str, Any], card: int) -> tuple[bool, int, int, int, int]:
    """What tells a card apart for a choice: where it is (the hand or not) and its print."""
    you = view.get("you")
    in_hand = isinstance(you, Mapping) and card in you["hand"]
    c = CARDS[card]
    return (in_hand, c.kind, c.value, c.arms, c.role)


def parse(
    text: str, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], t: Texts,
) -> dict[str, Any]:
    """Turn a typed move into an action's JSON. Cards that cannot be told apart (the same
    print, both in the hand) are one choice: a typed card stands for the one the rules offer,
    and a typed batch for the legal batch of the same cards.

    Raises:
        NotationError: an unknown verb, a wrong count of numbers, a number that is no card.
    """
    words_ = text.lower().split()
    if not words_:
        raise NotationError(t(f"{G}.tui.why.empty"))
    verb, args = words_[0], words_[1:]
    if verb not in VERBS:
        raise NotationError(t(f"{G}.tui.why.verb", text=repr(verb)))
    kind, fields = VERBS[verb]
    if kind == "commit":
        if not args:
            raise NotationError(t(f"{G}.tui.why.count", verb=verb, count=1))
        cards = sorted(_number(a, t) for a in args)
        shape = sorted(_alike(view, c) for c in cards)
        for a in legal:
            if a["type"] == "commit" and sorted(_alike(view, c) for c in a["cards"]) == shape:
                return dict(a)
        return {"type": "commit", "cards": cards}
    if len(args) != len(fields):
        raise NotationError(t(f"{G}.tui.why.count", verb=verb, count=len(fields)))
    action: dict[str, Any] = {"type": kind}
    for field, word in zip(fields, args, strict=True):
        if field == "onto" and word == "free":
            action[field] = -1
        elif field in ("seat", "victim"):
            if not word.isdigit():
                raise NotationError(t(f"{G}.tui.why.number", text=repr(word)))
            action[field] = int(word) - 1
        else:
            action[field] = _number(word, t)
    if action in [dict(a) for a in legal]:
        return action
    for a in legal:  # a card alike to the one the rules name
        if a["type"] == kind and all(_same_choice(view, f, a.get(f), action[f]) for f in fields):
            return dict(a)
    return action


def _same_choice(view: Mapping[str, Any], field: str, offered: Any, typed: int) -> bool:
    """Whether ``typed`` in ``field`` is the choice ``offered``: the same number, or a card
    of the hand alike to it."""
    if offered == typed:
        return True
    if field in ("seat", "victim") or not isinstance(offered, int) or offered < 0:
        return False
    mine = _alike(view, offered)
    return mine[0] and mine == _alike(view, typed)


RENDERER = ViveLeRoiRenderer()

__all__ = ["RENDERER", "ViveLeRoiRenderer", "notation", "parse"]
