"""Etiquette (§3.0): the form of address of every courtier, and a judge of any address.

A courtier is addressed as RANK – DIGNITY – TITLE – FAMILY NAME – OFFICE, in that order;
any part may be left out, but the order may not change. A courtier with several titles is
addressed by the highest; a wife bears her husband's family name and titles (§8.4b), in
their feminine forms. The forms are French, as in the rulebook's own examples ("Monsieur le
Marquis de Trémière", "Madame la Marquise de Trémière"); the judge also knows the German and
English words of the rules. Calling a courtier by the given name ("lieber Peter") is a breach.

:func:`form_of_address` and :func:`judge` are pure functions of a :class:`Courtier`; the
steward's fine (:class:`~.actions.Fine`) uses the judge and records the breach in the court
register.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata

from .actions import Fine
from .court import Emit, gain, say
from .data import (
    CARDS,
    DIGNITY,
    DIGNITY_ALIASES,
    ETIQUETTE_FINE,
    FAMILY_NAMES,
    GIVEN_NAMES,
    OFFICE_FORMS,
    RANK_ALIASES,
    RANKS,
    TITLE_ALIASES,
    TITLE_FORMS,
    TYPE_INDEX,
)
from .state import ABSENT, TABLEAU, V1682State

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


def form_of_address(c: Courtier) -> str:
    """The full correct form of address, e.g. ``"Monsieur le Maréchal Duc de Rohan,
    Chancelier"`` or ``"Madame la Marquise de Trémière, Gouvernante des Enfants de
    France"``."""
    words = [RANKS[c.gender]]
    honours = []
    if c.marshal:
        honours.append(DIGNITY[c.gender])
    if c.title:
        honours.append(TITLE_FORMS[c.title][c.gender])
    if honours:
        words.append(_ARTICLE[c.gender])
        words += honours
    words.append(c.family)
    text = " ".join(words)
    if c.offices:
        text += ", " + " et ".join(OFFICE_FORMS[o][0] for o in c.offices)
    return text


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


# (part, value, gender or "", plain phrase): every word the judge recognises.
_VOCABULARY: list[tuple[str, str, str, str]] = []
for _g, _aliases in RANK_ALIASES.items():
    _VOCABULARY += [("rank", _g, _g, _plain(a)) for a in _aliases]
for _a in DIGNITY_ALIASES:
    _VOCABULARY.append(("dignity", "marshal", "f" if _a.endswith("e") else "", _plain(_a)))
for _key, _by_gender in TITLE_ALIASES.items():
    for _g, _words in _by_gender.items():
        _VOCABULARY += [("title", _key, _g, _plain(a)) for a in _words]
for _name in FAMILY_NAMES:
    _VOCABULARY.append(("family", family_core(_name), "", _plain(family_core(_name))))
for _key, _forms in OFFICE_FORMS.items():
    _VOCABULARY += [("office", _key, "", _plain(f)) for f in _forms]
for _g, _names in GIVEN_NAMES.items():
    _VOCABULARY += [("given", n, _g, _plain(n)) for n in _names]
_PATTERNS = [
    (part, value, gender, re.compile(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)"))
    for part, value, gender, phrase in _VOCABULARY
]


def _parts(text: str) -> list[tuple[int, str, str, str, str]]:
    """Recognised phrases as (start, part, value, gender, words), longest first where
    phrases overlap, in the order of the text."""
    plain = _plain(text)
    found = []
    for part, value, gender, pattern in _PATTERNS:
        for m in pattern.finditer(plain):
            found.append((m.start(), m.end(), part, value, gender))
    found.sort(key=lambda f: (f[0], -(f[1] - f[0])))
    out = []
    end = -1
    for start, stop, part, value, gender in found:
        if start >= end:
            out.append((start, part, value, gender, text[start:stop]))
            end = stop
    return out


def judge(text: str, c: Courtier) -> Verdict:
    """Whether ``text`` addresses ``c`` as etiquette demands, naming every fault."""
    found = _parts(text)
    faults: list[str] = []
    parts = tuple((part, words) for _, part, _, _, words in found if part != "given")
    for _, part, value, gender, words in found:
        if part == "given":
            faults.append(f"calls the courtier by the given name {words!r}")
        elif part == "rank" and gender != c.gender:
            faults.append(f"{words!r} is the rank of a {_sex(gender)}; the courtier is a "
                          f"{_sex(c.gender)} ({RANKS[c.gender]})")
        elif part == "dignity":
            if not c.marshal:
                faults.append(f"{words!r}: the courtier is no Marshal of France")
            elif gender and gender != c.gender:
                faults.append(f"{words!r} is the feminine form; say {DIGNITY[c.gender]!r}")
        elif part == "title":
            if not c.titles:
                faults.append(f"{words!r}: the courtier holds no title")
            elif value != c.title:
                right = TITLE_FORMS[c.title][c.gender]
                if value in c.titles:
                    faults.append(f"{words!r} is not the highest title; say {right!r}")
                else:
                    faults.append(f"{words!r}: the courtier is no {TITLE_FORMS[value]['m']}; "
                                  f"say {right!r}")
            elif gender != c.gender:
                faults.append(f"{words!r} is the form for a {_sex(gender)}; say "
                              f"{TITLE_FORMS[value][c.gender]!r}")
        elif part == "family" and value != family_core(c.family):
            faults.append(f"{words!r} is not the courtier's family name ({c.family})")
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


def _sex(gender: str) -> str:
    return "woman" if gender == "f" else "man"


def given_name(s: V1682State, seat: int) -> str:
    names = GIVEN_NAMES[s.gender[seat]]
    return names[(seat + s.generation[seat]) % len(names)]


def courtier(s: V1682State, seat: int) -> Courtier:
    """The courtier of ``seat`` as etiquette sees it."""
    gender = s.gender[seat]
    zone = TABLEAU + seat
    own = [CARDS[c] for c, z in enumerate(s.where) if z == zone]
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


MAX_TEXT = 300


def fine_problem(s: V1682State, action: Fine) -> str:
    """Why the steward may not impose this fine ('' if he may)."""
    n = s.num_players
    if not 0 <= action.offender < n or not 0 <= action.addressed < n:
        return f"no such seat among 0–{n - 1}"
    if s.status[action.addressed] == ABSENT or s.name[action.addressed] < 0:
        return f"seat {action.addressed} has no courtier at court to address"
    if len(action.text) > MAX_TEXT:
        return f"the text is longer than {MAX_TEXT} characters"
    verdict = judge(action.text, courtier(s, action.addressed))
    if verdict.ok:
        return f"{action.text!r} addresses {form_of_address(courtier(s, action.addressed))} " \
               "correctly: there is no breach to fine"
    return ""


def perform_fine(s: V1682State, action: Fine, emit: Emit) -> None:
    """Take 1,000 livres from the offender (debts allowed) and write the register."""
    verdict = judge(action.text, courtier(s, action.addressed))
    entry = {
        "round": s.round,
        "steward": s.steward,
        "offender": action.offender,
        "addressed": action.addressed,
        "text": action.text,
        "faults": list(verdict.faults),
        "amount": ETIQUETTE_FINE,
    }
    s.register = (*s.register, entry)
    say(emit, "fine", **entry)
    gain(s, action.offender, -ETIQUETTE_FINE, emit, "etiquette")
