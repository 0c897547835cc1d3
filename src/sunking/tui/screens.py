"""The screens the terminal client shows over its table: the hand-over between people
sharing the terminal, the help (or another page to read, such as a crib) and the line to
speak at the table; and the footer's key labels in the players' language."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from rich.console import RenderableType
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from ..i18n import DEFAULT_LANGUAGE, translate
from .render import Renderer
from .session import MAX_REMARK


def label_keys(node: DOMNode, lang: str, renderer: Renderer | None = None) -> None:
    """Label ``node``'s key bindings (the footer shows them) in ``lang``: the game's own
    label (``renderer.key_label``) or else the common catalog's ``tui.key.<action>``."""
    keys = node._bindings.key_to_bindings
    for key, bindings in keys.items():
        keys[key] = [
            dataclasses.replace(b, description=(renderer and renderer.key_label(b.action, lang))
                                or translate(lang, f"tui.key.{b.action}"))
            if b.description else b for b in bindings
        ]


class HandOver(Screen[None]):
    """Covers the table between two human players: it shows only whose turn it is."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "Ready")]
    DEFAULT_CSS = """
    HandOver { align: center middle; }
    HandOver Static { width: auto; padding: 1 4; border: double $accent; }
    """

    def __init__(self, name: str, seat: int, lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.player = name
        self.seat = seat
        self.lang = lang
        label_keys(self, lang)

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                translate(self.lang, "tui.handover", player=self.player,
                          seat=self.seat + 1),
                id="handover",
            )

    def action_ready(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """The game's notation and the keys (Markdown), or another page to read (the crib)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q,enter", "close", "Close"),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen VerticalScroll { width: 90%; height: 90%; border: round $accent;
                                background: $surface; }
    """

    def __init__(self, text: str | RenderableType, lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.text = text
        label_keys(self, lang)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(self.text) if isinstance(self.text, str) else Static(self.text)

    def action_close(self) -> None:
        self.dismiss(None)


Remark = tuple[str, int | None]
"""What a person says at the table: the text, and the seat spoken to (None: the words
tell)."""


class TalkScreen(ModalScreen[Remark | None]):
    """Say something at the table: a line of text and, where the game knows whom one may
    address, the courtier spoken to (Tab moves to the list)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close")]
    DEFAULT_CSS = """
    TalkScreen { align: center middle; }
    TalkScreen Vertical { width: 90%; max-width: 100; height: auto; border: round $accent;
                          background: $surface; padding: 0 1; }
    TalkScreen OptionList { height: auto; max-height: 10; }
    TalkScreen .hint { color: $text-muted; }
    """

    def __init__(
        self, speaker: str, addressees: list[tuple[int, str]], lang: str = DEFAULT_LANGUAGE,
    ) -> None:
        super().__init__()
        self.speaker = speaker
        self.addressees = addressees
        self.lang = lang
        label_keys(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(translate(self.lang, "tui.talk.title", player=self.speaker),
                         classes="title")
            yield Input(placeholder=translate(self.lang, "tui.talk.placeholder"),
                        max_length=MAX_REMARK, id="remark")
            if self.addressees:
                yield Static(translate(self.lang, "tui.talk.to"))
                yield OptionList(
                    ListOption(translate(self.lang, "tui.talk.to_words"), id="words"),
                    *(ListOption(label, id=str(seat)) for seat, label in self.addressees),
                    id="addressed")
            yield Static(translate(self.lang, "tui.talk.hint"), classes="hint")

    def on_mount(self) -> None:
        self.query_one("#remark", Input).focus()

    @on(OptionList.OptionSelected, "#addressed")
    def _chosen(self) -> None:
        self.query_one("#remark", Input).focus()

    @on(Input.Submitted, "#remark")
    def _said(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            return
        addressed: int | None = None
        if self.addressees:
            choice = self.query_one("#addressed", OptionList)
            if choice.highlighted:
                addressed = self.addressees[choice.highlighted - 1][0]
        self.dismiss((text, addressed))

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["HandOver", "HelpScreen", "Remark", "TalkScreen", "label_keys"]
