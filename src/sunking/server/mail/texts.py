"""The wording of mails, from the message catalogs (``mail.<kind>.subject`` and
``mail.<kind>.body``), in the recipient's language (English when it has none of the five)."""

from __future__ import annotations

from ... import i18n

KINDS = ("verify", "reset", "taken", "turn", "digest", "invite")
"""``verify``: confirm an address; ``reset``: choose a new password; ``taken``: someone
tried to sign up with an address that already has an account; ``turn``: it is the person's
turn in a match he is not connected to; ``digest``: the day's list of the matches where it
is his turn (:mod:`..notices`); ``invite``: a seat offered to him by name
(:mod:`..community`)."""


def compose(kind: str, lang: str, **values: str) -> tuple[str, str]:
    """The subject and body of a mail of ``kind`` in ``lang``, ``values`` filled in.

    Raises:
        KeyError: ``kind`` is not one of :data:`KINDS`.
    """
    if kind not in KINDS:
        raise KeyError(f"no mail of kind {kind!r}")
    messages = i18n.messages(lang if lang in i18n.LANGUAGES else i18n.DEFAULT_LANGUAGE)
    subject = messages[f"mail.{kind}.subject"].format(**values)
    body = messages[f"mail.{kind}.body"].format(**values)
    return subject, body
