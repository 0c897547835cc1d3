"""A real SMTP server on 127.0.0.1 (``aiosmtpd``) for the account tests: what arrives is
kept, and a test waits for the mail it expects and reads its link."""

from __future__ import annotations

import email
import email.policy
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from .ports import free_port

LINK = re.compile(r"https?://\S+")


class Mailbox:
    """The mails an SMTP server received (an ``aiosmtpd`` handler)."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []
        self._lock = threading.Lock()

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self._lock:
            self.mails.append(message)  # type: ignore[arg-type]
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self._lock:
            return [m for m in self.mails if m["To"] == address]

    def wait_for(self, address: str, count: int = 1, limit: float = 30.0) -> EmailMessage:
        """The ``count``-th mail to ``address``, waited for up to ``limit`` seconds."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            mails = self.to(address)
            if len(mails) >= count:
                return mails[count - 1]
            time.sleep(0.02)
        raise AssertionError(f"no mail number {count} to {address} within {limit} s "
                             f"(got {len(self.to(address))})")


def body_of(mail: EmailMessage) -> str:
    part = mail.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def link_in(mail: EmailMessage) -> str:
    found = LINK.search(body_of(mail))
    assert found, body_of(mail)
    return found.group(0)


def token_in(mail: EmailMessage) -> str:
    return link_in(mail).split("#token=", 1)[1]


@contextmanager
def smtp_server(port: int | None = None) -> Iterator[tuple[Mailbox, int]]:
    """An SMTP server on 127.0.0.1 (on ``port``, or a free one) while the block runs."""
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=port or free_port())
    controller.start()
    try:
        yield box, controller.port
    finally:
        controller.stop()
