"""The mail outbox (a table of the database) and the postman that empties it.

:meth:`Outbox.queue` stores a mail (a quick insert). :class:`Postman` runs in the
background: it takes the mails that are due, one claim per mail (so that two server processes
never send one mail twice), sends each through SMTP, or writes it to the log when no SMTP
server is configured, and marks it sent. A mail whose sending fails stays queued and is tried
again after a growing pause (:data:`RETRY_SECONDS`); the failure is logged once when sending
starts to fail and once when it works again, not at every retry. Once sent through SMTP a
mail's body (which may hold a single-use link) is erased; sent mails leave the table after
:data:`KEEP_SECONDS`.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Sequence
from email.message import EmailMessage
from typing import Any, TypeVar

import aiosmtplib
import sqlalchemy as sa

from ..storage.schema import METADATA
from ..ticker import Ticker

log = logging.getLogger(__name__)

OUTBOX = sa.Table(
    "mail_outbox",
    METADATA,
    sa.Column("mail_id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("recipient", sa.String(254), nullable=False),
    sa.Column("subject", sa.String(200), nullable=False),
    sa.Column("body", sa.Text, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("sent_at", sa.Float, nullable=True),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("next_try", sa.Float, nullable=False),
    sa.Column("last_error", sa.String(300), nullable=True),
)
"""Every mail: queued here first, then sent (or, without SMTP, written to the log); a failed
send stays queued and is tried again."""
sa.Index("ix_mail_outbox_due", OUTBOX.c.sent_at, OUTBOX.c.next_try)

T = TypeVar("T")

RETRY_SECONDS = (5.0, 30.0, 120.0, 600.0, 1800.0)
"""The pauses before the 1st, 2nd, … retry of a mail (the last repeated)."""
CLAIM_SECONDS = 120.0
"""How long a mail being sent is kept from other postmen."""
POLL_SECONDS = 15.0
"""How often the postman looks for due mails when nobody woke it."""
KEEP_SECONDS = 7 * 24 * 3600.0
"""How long a sent mail stays in the table (the outbox page shows it meanwhile)."""
SEND_TIMEOUT = 30.0
"""Seconds one SMTP exchange may take."""


@dataclasses.dataclass(frozen=True, slots=True)
class SmtpSettings:
    host: str | None
    port: int = 587
    user: str | None = None
    password: str | None = None
    tls: str = "starttls"
    sender: str = "sunking@localhost"


@dataclasses.dataclass(frozen=True, slots=True)
class Mail:
    mail_id: int
    recipient: str
    subject: str
    body: str
    created_at: float
    sent_at: float | None
    attempts: int
    last_error: str | None


def _mail(row: Any) -> Mail:
    return Mail(row.mail_id, row.recipient, row.subject, row.body, row.created_at,
                row.sent_at, row.attempts, row.last_error)


class Outbox:
    """The outbox table on ``engine``. Its methods block (call them off the event loop)."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def queue(self, recipient: str, subject: str, body: str, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.insert(OUTBOX).values(
                recipient=recipient, subject=subject[:200], body=body, created_at=now,
                sent_at=None, attempts=0, next_try=now, last_error=None))

    def claim_due(self, now: float, limit: int = 20) -> list[Mail]:
        """The mails due now, each claimed for :data:`CLAIM_SECONDS` (the oldest first)."""
        claimed = []
        with self.engine.begin() as conn:
            rows = conn.execute(sa.select(OUTBOX).where(
                OUTBOX.c.sent_at.is_(None), OUTBOX.c.next_try <= now)
                .order_by(OUTBOX.c.mail_id).limit(limit)).all()
            for row in rows:
                if conn.execute(sa.update(OUTBOX).where(
                        OUTBOX.c.mail_id == row.mail_id, OUTBOX.c.sent_at.is_(None),
                        OUTBOX.c.next_try == row.next_try)
                        .values(next_try=now + CLAIM_SECONDS)).rowcount == 1:
                    claimed.append(_mail(row))
        return claimed

    def sent(self, mail_id: int, now: float, erase: bool) -> None:
        values: dict[str, Any] = {"sent_at": now, "last_error": None}
        if erase:
            values["body"] = ""
        with self.engine.begin() as conn:
            conn.execute(sa.update(OUTBOX).where(OUTBOX.c.mail_id == mail_id)
                         .values(attempts=OUTBOX.c.attempts + 1, **values))
            conn.execute(sa.delete(OUTBOX).where(OUTBOX.c.sent_at < now - KEEP_SECONDS))

    def failed(self, mail: Mail, next_try: float, error: str) -> None:
        """Keep a mail whose sending failed, to try again at ``next_try``."""
        with self.engine.begin() as conn:
            conn.execute(sa.update(OUTBOX).where(OUTBOX.c.mail_id == mail.mail_id).values(
                attempts=mail.attempts + 1, next_try=next_try, last_error=error[:300]))

    def recent(self, limit: int = 100) -> list[Mail]:
        """The newest mails, sent or not."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(OUTBOX).order_by(OUTBOX.c.mail_id.desc())
                                .limit(limit)).all()
        return [_mail(r) for r in rows]


class Postman(Ticker):
    """Sends the outbox's mails in the background (one task per server process): a
    :class:`~sunking.server.ticker.Ticker` whose tick is :meth:`deliver_due`, woken when a mail
    is queued and at the latest every :data:`POLL_SECONDS`. The ticker logs an outbox that
    cannot be read; the postman logs an SMTP server that refuses its mails, each once when it
    begins and once when it ends.

    ``call`` runs a blocking storage call off the event loop; ``retry`` are the pauses before
    each retry of a mail (the last one repeated).
    """

    def __init__(self, outbox: Outbox, smtp: SmtpSettings, call: Callable[..., Any],
                 retry: Sequence[float] = RETRY_SECONDS) -> None:
        super().__init__("the postman", POLL_SECONDS)
        self.outbox = outbox
        self.retry = tuple(retry)
        self.smtp = smtp
        self._call = call
        self._refused = False

    @property
    def logs_only(self) -> bool:
        """No SMTP server is configured: mails go to the log and the outbox page."""
        return self.smtp.host is None

    async def tick(self) -> None:
        await self.deliver_due()

    async def deliver_due(self) -> None:
        """Send every mail that is due (each failure is kept for a later try)."""
        for mail in await self._call(self.outbox.claim_due, time.time()):
            if self.closing:
                return
            try:
                await self._send(mail)
            except Exception as err:  # whatever SMTP or the network raise: retried later
                if not self._refused:
                    log.error("mail %d to the SMTP server %s failed, kept to try again: %s",
                              mail.mail_id, self.smtp.host, err)
                    self._refused = True
                pause = self.retry[min(mail.attempts, len(self.retry) - 1)]
                await self._call(self.outbox.failed, mail, time.time() + pause,
                                 f"{type(err).__name__}: {err}")
                continue
            if self._refused:
                log.warning("mail is being sent again (mail %d went through)", mail.mail_id)
                self._refused = False
            await self._call(self.outbox.sent, mail.mail_id, time.time(), not self.logs_only)

    async def _send(self, mail: Mail) -> None:
        if self.logs_only:
            log.info("mail (no SMTP server configured) to %s: %s\n%s", mail.recipient,
                     mail.subject, mail.body)
            return
        message = EmailMessage()
        message["From"] = self.smtp.sender
        message["To"] = mail.recipient
        message["Subject"] = mail.subject
        message.set_content(mail.body)
        await aiosmtplib.send(
            message, hostname=self.smtp.host, port=self.smtp.port,
            username=self.smtp.user, password=self.smtp.password,
            use_tls=self.smtp.tls == "tls", start_tls=self.smtp.tls == "starttls",
            timeout=SEND_TIMEOUT)
