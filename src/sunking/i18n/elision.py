"""French words that change when a name meets them: "à le Roi" is "au Roi", "de le Grand
Dauphin" is "du Grand Dauphin", "de Anna" is "d'Anna", "que Anne" is "qu'Anne".

A catalog writes its sentence once around a placeholder ("auprès de {royal}"), and only the
words that fill it decide whether the article contracts or the vowel elides, so the change is
made after filling (:func:`finish`). Only a preposition before a capitalised word changes:
those are the names and titles the placeholders put in; a pronoun before a verb ("de le
faire") is left alone.
"""

from __future__ import annotations

import re

_UPPER = "A-ZÀ-ÖØ-Þ"
_VOWEL = "AEIOUÀÂÉÈÊËÎÏÔÛÜ"
_FRENCH = (
    (re.compile(rf"\b([àÀ]) le (?=[{_UPPER}])"), lambda m: "au " if m[1] == "à" else "Au "),
    (re.compile(rf"\b([àÀ]) les (?=[{_UPPER}])"), lambda m: "aux " if m[1] == "à" else "Aux "),
    (re.compile(rf"\b([dD])e le (?=[{_UPPER}])"), lambda m: f"{m[1]}u "),
    (re.compile(rf"\b([dD])e les (?=[{_UPPER}])"), lambda m: f"{m[1]}es "),
    (re.compile(rf"\b([dD]|[qQ]u)e (?=[{_VOWEL}][a-zà-ÿ])"), lambda m: f"{m[1]}'"),
)


def finish(lang: str, text: str) -> str:
    """``text``, filled, with the contractions and elisions of ``lang`` made (French only:
    the other four languages write theirs in the catalogs)."""
    if lang != "fr" or " " not in text:
        return text
    for pattern, replace in _FRENCH:
        text = pattern.sub(replace, text)
    return text
