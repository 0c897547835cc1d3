"""Mail: every mail is queued in the database first (:mod:`.outbox`), then a background
postman sends it through SMTP (``aiosmtplib``) or, with no SMTP server configured, writes it
to the server's log and keeps it for the operators' outbox page. A request only queues; it
never waits on the SMTP server. A failed send is logged once and tried again later, never
dropped. The wording of each mail is in the message catalogs (:mod:`.texts`)."""

from __future__ import annotations

from .outbox import Mail, Outbox, Postman, SmtpSettings
from .texts import compose

__all__ = ["Mail", "Outbox", "Postman", "SmtpSettings", "compose"]
