"""Etiquette (§3.0): the form of address of every courtier, a strict judge of any address,
and the faults and fines of the table.

A courtier is addressed as RANK – DIGNITY – TITLE – FAMILY NAME – OFFICE, in that order;
any part may be left out, but the order may not change. A courtier with several titles is
addressed by the highest; a wife bears her husband's family name and titles (§8.4b), in
their feminine forms, and a widow keeps them (§10.4). Forms are generated in French, as in
the rulebook's own examples ("Monsieur le Marquis de Trémière", "Madame la Marquise de
Trémière"), in the German edition's words or in English. The judge is strict: every word of
an address but opening words of courtesy must be a part of the form; a given name ("lieber
Peter"), an unknown word or name is a fault (docs/versailles1682.md lists what it accepts).

:func:`form_of_address` and :func:`judge` are pure functions of a :class:`Courtier`. An
:class:`~.actions.Address` said at the table is judged by :func:`perform_address`; a wrong
one becomes a fault in the state, which the steward fines once with :class:`~.actions.Fine`.

Rulebook: German rulebook (`004_83e97ed5cbbf50d2.txt`), 3.0 "Etikette".
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata

from ...core.events import Emit, say
from .actions import Address, Fine
from .data import (
    ADDRESS_FORMS,
    ARTICLES,
    CARDS,
    COURTESIES,
    DIGNITY,
    DIGNITY_ALIASES,
    ETIQUETTE_FINE,
    FAMILY_ALIASES,
    FAMILY_NAMES,
    GIVEN_NAMES,
    OFFICE_FORMS,
    OPENERS,
    RANK_ALIASES,
    RANKS,
    TITLE_ALIASES,
    TITLE_FORMS,
    TYPE_INDEX,
)
from .state import ABSENT, TABLEAU, V1682State
from .verbs import gain

ORDER = ("rank", "dignity", "title", "family", "office")
"""The parts of a form of address, in the order etiquette demands."""
_ARTICLE = {"m": "le", "f": "la"}
_TITLE_RANK = {key: CARDS[next(c for c, ct in enumerate(CARDS) if ct.key == key)].rank
               for key in TITLE_FORMS}


@dataclasses.dataclass(frozen=True, slots=True)
class Courtier:
    """What etiquette needs to know of a courtier."""

    gender: str
    """``"m"`` or ``"f"``."""
    family: str
    """The family name borne (a wife bears her husband's), e.g. ``"de Trémière"``."""
    given: str = ""
    titles: tuple[str, ...] = ()
    """Title keys held or borne: duc, marquis, comte, baron."""
    marshal: bool = False
    offices: tuple[str, ...] = ()
    """Office keys held (see ``data/cards.py``)."""

    @property
    def title(self) -> str:
        """The highest title ('' if none)."""
        if not self.titles:
            return ""
        return max(self.titles, key=lambda k: _TITLE_RANK[k])


@dataclasses.dataclass(frozen=True, slots=True)
class Verdict:
    """The judge's answer: ``ok`` when the address is correct, else the ``faults``."""

    ok: bool
    faults: tuple[str, ...] = ()
    parts: tuple[tuple[str, str], ...] = ()
    """The parts recognised in the text, in order, as (part, words)."""


def form_of_address(c: Courtier, language: str = "fr") -> str:
    """The full correct form of address, e.g. ``"Monsieur le Maréchal Duc de Rohan,
    Chancelier"`` or ``"Madame la Marquise de Trémière, Gouvernante des Enfants de
    France"``; in German (``"Sir Marschall Duc de Rohan, Kanzler"``) or English (``"Sir
    Marshal Duke de Rohan, Chancellor"``) when asked, French for any other language (the
    court's own)."""
    forms = ADDRESS_FORMS.get(language, ADDRESS_FORMS["fr"])
    words = [forms.rank[c.gender]]
    honours = []
    if c.marshal:
        honours.append(forms.dignity[c.gender])
    if c.title:
        honours.append(forms.titles[c.title][c.gender])
    if honours:
        if forms.article:
            words.append(_ARTICLE[c.gender])
        words += honours
    words.append(c.family)
    text = " ".join(words)
    if c.offices:
        text += ", " + f" {forms.joiner} ".join(OFFICE_FORMS[o][forms.office]
                                                for o in c.offices)
    return text


def crib(s: V1682State, language: str) -> list[str | None]:
    """Every courtier's correct form of address in ``language`` (German, French or English;
    French otherwise), by seat; None for a seat without a courtier at court."""
    return [form_of_address(courtier(s, p), language) if _speaks(s, p) else None
            for p in range(s.num_players)]


def _plain(text: str) -> str:
    """Casefolded, without accents, with straight apostrophes (for matching)."""
    text = unicodedata.normalize("NFKD", text.replace("’", "'"))
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


def family_core(name: str) -> str:
    """A family name without its particle: ``"de la Tour qui Penche"`` → ``"Tour qui
    Penche"``, ``"d'Argenson"`` → ``"Argenson"``."""
    for particle in ("de la ", "de l'", "du ", "des ", "de ", "d'"):
        if name.startswith(particle):
            return name[len(particle):]
    return name


_TOKEN = re.compile(r"\w+['’]?|[^\w\s]")
PARTICLES = frozenset({"de", "d'", "du", "des", "la", "l'", "von", "van", "of"})
"""Words that open a family name; followed by an unknown word they name an unknown family."""


def _words(text: str) -> list[str]:
    """The words and marks of ``text``, as written."""
    return _TOKEN.findall(text)


Entry = tuple[str, str, str]
"""(part, value, gender) of a phrase the judge recognises; gender '' fits both."""
_VOCABULARY: dict[tuple[str, ...], Entry] = {}


def _learn(phrase: str, part: str, value: str, gender: str = "") -> None:
    _VOCABULARY.setdefault(tuple(_plain(w) for w in _words(phrase)), (part, value, gender))


def _learn_the_etiquette() -> None:
    """Every phrase of the etiquette's tables, each with its part of an address."""
    for gender, phrases in RANK_ALIASES.items():
        for phrase in phrases:
            _learn(phrase, "rank", gender, gender)
    for gender, phrases in ARTICLES.items():
        for phrase in phrases:
            _learn(phrase, "article", gender, gender)
    for gender, phrases in DIGNITY_ALIASES.items():
        for phrase in phrases:
            both = all(phrase in forms for forms in DIGNITY_ALIASES.values())
            _learn(phrase, "dignity", "marshal", "" if both else gender)
    for title, by_gender in TITLE_ALIASES.items():
        for gender, phrases in by_gender.items():
            for phrase in phrases:
                _learn(phrase, "title", title, gender)
    for family in FAMILY_NAMES:
        _learn(family, "family", family)
        for phrase in FAMILY_ALIASES.get(family, ()):
            _learn(phrase, "family", family)
        if family_core(family) != family:
            _learn(family_core(family), "family", family, "bare")
    for office, forms in OFFICE_FORMS.items():
        for phrase in forms:
            _learn(phrase, "office", office)
    for phrase in ("et", "und", "and"):
        _learn(phrase, "and", "")
    for phrase in COURTESIES:
        _learn(phrase, "courtesy", "")
    for gender, given_names in GIVEN_NAMES.items():
        for given in given_names:
            _learn(given, "given", given, gender)


_learn_the_etiquette()
_LONGEST = max(len(k) for k in _VOCABULARY)


def _scan(text: str) -> list[tuple[str, str, str, str]]:
    """The text as (part, value, gender, words) pieces, longest phrase first; a word the
    judge does not know is a piece of part ``"unknown"``, a particle with an unknown name
    one of part ``"stranger"``; marks (commas, …) are skipped."""
    words = _words(text)
    plain = [_plain(w) for w in words]
    out = []
    i = 0
    while i < len(words):
        for size in range(min(_LONGEST, len(words) - i), 0, -1):
            entry = _VOCABULARY.get(tuple(plain[i:i + size]))
            if entry is not None:
                out.append((*entry, " ".join(words[i:i + size])))
                i += size
                break
        else:
            if not words[i][0].isalnum():
                i += 1
                continue
            stop = i + 1
            while plain[stop - 1] in PARTICLES and stop < len(words) and \
                    words[stop][0].isalnum() and tuple(plain[stop:stop + 1]) not in _VOCABULARY:
                stop += 1
            part = "stranger" if stop > i + 1 else "unknown"
            out.append((part, "", "", " ".join(words[i:stop])))
            i = stop
    return out


def judge(text: str, c: Courtier) -> Verdict:
    """Whether ``text`` addresses ``c`` as etiquette demands, naming every fault.

    Strict: the text is the address alone, optionally opened by words of courtesy; every
    other word must be a part of a form of address (see docs/versailles1682.md).
    """
    pieces = _scan(text)
    faults: list[str] = []
    parts = tuple((part, words) for part, _, _, words in pieces if part in ORDER)
    for k, (part, value, gender, words) in enumerate(pieces):
        follows = pieces[k + 1][0] if k + 1 < len(pieces) else ""
        if part == "given":
            faults.append(f"calls the courtier by the given name {words!r}")
        elif part == "unknown":
            faults.append(f"{words!r} is no word of a form of address")
        elif part == "stranger":
            faults.append(f"{words!r} is no family name at this court; the courtier is "
                          f"{c.family}")
        elif part == "courtesy" and any(p in ORDER for p, *_ in pieces[:k]):
            faults.append(f"{words!r} may only open the address")
        elif part == "and" and not (k and pieces[k - 1][0] == "office" and follows == "office"):
            faults.append(f"{words!r} may only join two offices")
        elif part == "article":
            if gender != c.gender:
                faults.append(f"{words!r} is the article for a {_sex(gender)}; say "
                              f"{_ARTICLE[c.gender]!r}")
            if follows not in ("dignity", "title"):
                faults.append(f"{words!r} must stand before a dignity or a title")
        elif part == "rank" and gender != c.gender:
            faults.append(f"{words!r} is the rank of a {_sex(gender)}; the courtier is a "
                          f"{_sex(c.gender)} ({RANKS[c.gender]})")
        elif part == "dignity":
            if not c.marshal:
                faults.append(f"{words!r}: the courtier is no Marshal of France")
            elif gender and gender != c.gender:
                faults.append(f"{words!r} is the form for a {_sex(gender)}; say "
                              f"{DIGNITY[c.gender]!r}")
        elif part == "title":
            faults += _title_faults(words, value, gender, c)
        elif part == "family":
            if value != c.family:
                faults.append(f"{words!r} is not the courtier's family name ({c.family})")
            elif gender == "bare":
                faults.append(f"{words!r}: say the family name whole, {c.family!r}")
        elif part == "office" and value not in c.offices:
            faults.append(f"{words!r}: the courtier does not hold that office")
    if not parts:
        faults.append("the text names no part of the form of address")
    last = -1
    last_words = ""
    for part, words in parts:
        index = ORDER.index(part)
        if index < last:
            faults.append(f"{words!r} ({part}) comes after {last_words!r} ({ORDER[last]}): "
                          "the order is rank, dignity, title, family name, office")
        elif index > last:
            last, last_words = index, words
    return Verdict(not faults, tuple(faults), parts)


def _title_faults(words: str, value: str, gender: str, c: Courtier) -> list[str]:
    if not c.titles:
        return [f"{words!r}: the courtier holds no title"]
    right = TITLE_FORMS[c.title][c.gender]
    if value != c.title:
        if value in c.titles:
            return [f"{words!r} is not the highest title; say {right!r}"]
        return [f"{words!r}: the courtier is no {TITLE_FORMS[value]['m']}; say {right!r}"]
    if gender != c.gender:
        return [f"{words!r} is the form for a {_sex(gender)}; say "
                f"{TITLE_FORMS[value][c.gender]!r}"]
    return []


def _sex(gender: str) -> str:
    return "woman" if gender == "f" else "man"


def given_name(s: V1682State, seat: int) -> str:
    names = GIVEN_NAMES[s.gender[seat]]
    return names[(seat + s.generation[seat]) % len(names)]


def courtier(s: V1682State, seat: int) -> Courtier:
    """The courtier of ``seat`` as etiquette sees it."""
    gender = s.gender[seat]
    zone = TABLEAU + seat
    own = [CARDS[c] for c, z in enumerate(s.where) if z == zone and s.own_right(seat, c)]
    titles = {ct.key for ct in own if ct.kind == "title"}
    husband = s.spouse[seat] if gender == "f" else -1
    if husband >= 0:
        titles |= {CARDS[c].key for c in s.holds(husband, "title")}
    name = s.married_name[seat] if s.married_name[seat] >= 0 else s.name[seat]
    return Courtier(
        gender=gender,
        family=FAMILY_NAMES[name] if name >= 0 else "",
        given=given_name(s, seat),
        titles=tuple(sorted(titles, key=lambda k: -_TITLE_RANK[k])),
        marshal=any(ct.kind == "marshal" for ct in own),
        offices=tuple(sorted((ct.key for ct in own if ct.kind == "office"),
                             key=lambda k: TYPE_INDEX[k])),
    )


MAX_WORDS = 200
"""The longest address the engine judges, in characters."""


def _speaks(s: V1682State, seat: int) -> bool:
    """Whether ``seat``'s courtier is at the table to be addressed (named, not dead)."""
    return s.name[seat] >= 0 and s.status[seat] != ABSENT


def address_problem(s: V1682State, action: Address) -> str:
    """Why ``action`` cannot be said now ('' if it can)."""
    n = s.num_players
    for what, seat in (("speaker", action.speaker), ("courtier", action.courtier)):
        if not 0 <= seat < n:
            return f"the {what} {seat} is no seat among 0–{n - 1}"
    if action.speaker == action.courtier:
        return "a player does not address his own courtier"
    if not _speaks(s, action.courtier):
        return f"seat {action.courtier} has no courtier at court to address"
    if not action.words.strip():
        return "the address is empty"
    if len(action.words) > MAX_WORDS:
        return f"the address is longer than {MAX_WORDS} characters"
    return ""


def fine_problem(s: V1682State, action: Fine) -> str:
    """Why the steward may not impose this fine ('' if he may)."""
    if not 0 <= action.fault < len(s.faults):
        return f"there is no fault {action.fault} in the register"
    if s.faults[action.fault]["fined"]:
        return f"fault {action.fault} has already been fined"
    return ""


def perform_address(s: V1682State, action: Address, emit: Emit) -> None:
    """Judge the address; a wrong one becomes a fault for the steward to fine."""
    who = courtier(s, action.courtier)
    verdict = judge(action.words, who)
    say(emit, "address", seat=action.speaker, courtier=action.courtier, words=action.words,
        correct=verdict.ok)
    if verdict.ok:
        return
    fault = {
        "id": len(s.faults),
        "round": s.round,
        "speaker": action.speaker,
        "courtier": action.courtier,
        "words": action.words,
        "address": form_of_address(who),
        "faults": list(verdict.faults),
        "fined": False,
    }
    s.faults = (*s.faults, fault)
    say(emit, "fault", fault=fault["id"], seat=action.speaker, courtier=action.courtier,
        words=action.words, address=fault["address"])


def perform_fine(s: V1682State, action: Fine, emit: Emit) -> None:
    """Take 1,000 livres from the speaker (debts allowed) and write the register."""
    fault = dict(s.faults[action.fault], fined=True)
    s.faults = (*s.faults[:action.fault], fault, *s.faults[action.fault + 1:])
    entry = {
        "round": s.round,
        "steward": s.steward,
        "fault": action.fault,
        "offender": fault["speaker"],
        "addressed": fault["courtier"],
        "text": fault["words"],
        "amount": ETIQUETTE_FINE,
    }
    s.register = (*s.register, entry)
    say(emit, "fine", **entry)
    gain(s, fault["speaker"], -ETIQUETTE_FINE, emit, "etiquette")


def unfined(s: V1682State) -> tuple[Fine, ...]:
    """The fines the steward owes, one per fault not yet fined."""
    return tuple(Fine(f["id"]) for f in s.faults if not f["fined"])


# --- what a remark at the table addresses ------------------------------------------------

_SENTENCE_END = re.compile(r"[:;!?.\n]")
_OPENERS = frozenset(_plain(w) for w in OPENERS)
_NAMING = frozenset({"courtesy", "rank", "article", "dignity", "title", "family", "given",
                     "stranger"})


def address_words(text: str) -> str:
    """The words of ``text`` that make its address: up to the first mark that ends a
    sentence or a clause (``: ; ! ? .`` or a line break) and the first comma — unless what
    follows the comma are offices only ("Monsieur le Duc de Rohan, Chancelier, …")."""
    head = _SENTENCE_END.split(text, maxsplit=1)[0]
    segments = head.split(",")
    words = segments[0]
    for segment in segments[1:]:
        pieces = _scan(segment)
        if not pieces or any(part not in ("office", "and") for part, *_ in pieces):
            break
        words += "," + segment
    return words.strip()


def _opens_an_address(words: str) -> bool:
    first = _words(words)[:1]
    if not first:
        return False
    if _plain(first[0]) in _OPENERS:
        return True
    pieces = _scan(words)
    return bool(pieces) and pieces[0][0] in _NAMING


def _named(s: V1682State, speaker: int, words: str) -> list[int]:
    """The seats ``words`` point at: by family or given name, else by a title, office or
    dignity only one courtier at the table holds."""
    seats = [p for p in range(s.num_players) if p != speaker and _speaks(s, p)]
    people = {p: courtier(s, p) for p in seats}
    pieces = _scan(words)
    families = {value for part, value, *_ in pieces if part == "family"}
    given = {value for part, value, *_ in pieces if part == "given"}
    if families or given:
        return [p for p in seats if people[p].family in families or people[p].given in given]
    marks = [(part, value) for part, value, *_ in pieces if part in ("title", "office",
                                                                       "dignity")]
    if not marks:
        return []

    def holds(c: Courtier, part: str, value: str) -> bool:
        if part == "title":
            return value in c.titles
        if part == "office":
            return value in c.offices
        return c.marshal

    return [p for p in seats if all(holds(people[p], part, v) for part, v in marks)]


def remark_address(s: V1682State, speaker: int, text: str,
                   addressed: int | None = None) -> Address | None:
    """The :class:`~.actions.Address` a public remark of ``speaker`` makes, if any.

    With ``addressed`` (the seat the writer says he speaks to) the remark opens with that
    courtier's address, whatever its words. Without it, a remark is an address when its
    first words are words of a form of address (or an opener such as "Herr", see
    ``OPENERS``) and they point at exactly one courtier at the table by name, or by a title,
    office or dignity only he holds. The address is :func:`address_words` of the remark,
    cut to :data:`MAX_WORDS` characters. Without ``addressed``, nothing is made once the
    game is over or for a remark that points at nobody or at several; with it, the address
    is made whatever it names, for :meth:`~.state.V1682State.apply` to refuse with its
    reason (a seat without a courtier, the writer's own).
    """
    words = address_words(text)[:MAX_WORDS].strip() or text.strip()[:MAX_WORDS]
    if addressed is not None:
        return Address(speaker, addressed, words)
    if s.is_terminal or not 0 <= speaker < s.num_players or not _opens_an_address(words):
        return None
    seats = _named(s, speaker, words)
    return Address(speaker, seats[0], words) if len(seats) == 1 else None
