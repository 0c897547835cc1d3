"""The terminal client: a Textual app that plays one game at the terminal.

The app holds a :class:`~sunking.tui.session.Session` (which alone holds the game state) and
draws only what one seat may see: that seat's view, event log and legal actions, through the
game's renderer (:func:`~sunking.tui.render.renderer_for`).

Which seat is shown:

* one human seat: always that seat, bots' turns included;
* several human seats (hot-seat): the human who acted last; before another human acts, a
  hand-over screen covers everything ("pass the terminal to NAME, press Enter"), and the
  main screen is cleared to the public view behind it;
* no human seat: the spectator's view.

Bots think on a worker thread, so the interface keeps drawing while they do.

In a game whose rules judge what is said at the table (Versailles 1682), the shown seat may
speak at any time (``t``: a remark, optionally to a chosen courtier, shown in the talk pane),
look up the crib (``c``) and do what it owes out of turn (``f``: the steward fines a fault);
the :class:`~sunking.tui.session.Session` applies all of it.
"""

from __future__ import annotations

import asyncio
import io
import json
import time
from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Console, Group, RenderableType
from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option as ListOption

from ..core import RulesError
from ..i18n import DEFAULT_LANGUAGE, translate
from .render import Chooser, NotationError, Option, Seating, chooser_for, renderer_for, resolve
from .screens import HandOver, HelpScreen, Remark, TalkScreen, label_keys
from .session import Session

_NOT_ON_BOARD = frozenset({"log", "legal_actions", "you", "version"})
"""Parts of a view that the board and the players' table do not show."""
LOG_LINES = 200
"""How many of the latest events the log keeps on screen (scrolling back up to them)."""
MIN_LOG_WIDTH = 1
"""The log wraps its lines at its own width, however narrow (Textual's default of 78 columns
would render wider lines than a narrow log shows, and crop words at its edge)."""
BOT_REDRAW_SECONDS = 0.1
"""While bots play in a row, the position is redrawn at most this often (and at the end)."""
FORCED_PASS_SECONDS = 1.0
"""How long the only choice, to pass, stays on screen before the client passes by itself."""
FORCED_PASS_NOTE = "generic.autopassing"
"""The text key of the note shown while the client passes for the person."""


class PlayApp(App[None]):
    """Play one game at the terminal; see the module docstring for who sees what."""

    TITLE = "sunking"
    CSS = """
    #status { height: auto; background: $boost; padding: 0 1; text-style: bold; }
    #main { height: 1fr; }
    #left { width: 87; max-width: 58%; }
    #right { width: 1fr; }
    #players { height: auto; }
    #prompt { height: 4; padding: 1 0 0 0; text-style: bold; }
    #prompt.over { height: auto; }
    #choices { height: 12; }
    #move { margin: 0; }
    #message { height: 2; color: $error; }
    #log { height: 1fr; min-height: 6; border-top: solid $primary; }
    #talk { height: auto; max-height: 6; border-top: solid $primary; display: none; }
    #private { padding: 0 0 1 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("ctrl+l", "redraw", "Redraw", show=False),
        Binding("t", "talk", "Talk"),
        Binding("c", "crib", "Crib"),
        Binding("f", "duty", "Duty"),
        Binding("z", "undo", "Take back"),
        Binding("ctrl+q", "quit", "Quit"),
    ]

    def __init__(
        self, session: Session, lang: str = DEFAULT_LANGUAGE, auto_pass: bool = True,
    ) -> None:
        super().__init__()
        self.session = session
        self.lang = lang
        self.renderer = renderer_for(session.game_id)
        label_keys(self, lang, self.renderer)
        self.auto_pass = auto_pass
        """Pass for a human whose only legal action is to pass, after a visible moment."""
        self.viewer: int | None = session.humans[0] if len(session.humans) == 1 else None
        self.chooser: Chooser | None = None
        self._menu: list[Option] = []
        self._legal: list[dict[str, Any]] = []
        self._logged = 0
        self._log_seat: int | None = -1
        self._view_key: tuple[int, int | None] | None = None
        self._view_cache: dict[str, Any] = {}
        self._drawn: dict[str, str] = {}
        self._log_lines: dict[int | None, list[str]] = {}
        self._talked = 0

    # --- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="left"):
                yield Static(id="private")
                yield Static(id="board")
            with Vertical(id="right"):
                yield Static(id="players")
                yield Static(id="prompt")
                yield OptionList(id="choices")
                yield Input(placeholder=self.renderer.input_hint(self.lang), id="move")
                yield Static(id="message")
                if self.renderer.table_talk:
                    yield RichLog(id="talk", wrap=True, markup=False, max_lines=LOG_LINES,
                              min_width=MIN_LOG_WIDTH)
                yield RichLog(id="log", wrap=True, markup=False, max_lines=LOG_LINES,
                              min_width=MIN_LOG_WIDTH)
        yield Footer()

    def on_mount(self) -> None:
        self._draw()
        self._advance()

    @property
    def seating(self) -> Seating:
        viewer = self.viewer
        you = viewer if viewer is not None and self.session.seats[viewer].you else None
        return Seating(self.session.names, viewer, self.session.game_id, self.lang, you)

    # --- drawing ---------------------------------------------------------------------

    def _view(self) -> dict[str, Any]:
        """The shown seat's view of the position now (computed once per position)."""
        key = (self.session.version, self.viewer)
        if self._view_key != key:
            self._view_cache = self.session.view(self.viewer)
            self._view_key = key
        return self._view_cache

    def _update(
        self, widget: str, key: object, draw: Callable[[], RenderableType] | Text
    ) -> None:
        """Show ``draw`` (or ``draw()``) in ``widget`` unless what it shows, ``key``, is
        unchanged: every update of a widget costs a new layout of the screen."""
        text = json.dumps(key, sort_keys=True, default=str)
        if self._drawn.get(widget) != text:
            self._drawn[widget] = text
            self.query_one(f"#{widget}", Static).update(draw if isinstance(draw, Text) else draw())

    def _draw(self) -> None:
        """Redraw the position as the shown seat sees it (only the parts that changed)."""
        view = self._view()
        seating = self.seating
        public = {k: v for k, v in view.items() if k not in _NOT_ON_BOARD}
        seed = translate(self.lang, "tui.seed", seed=self.session.seed)
        status = f"{self.renderer.status(view, seating)} · {seed}"
        self._update("status", status, Text(status))
        self._update("board", (public, seating), lambda: self.renderer.board(view, seating))
        self._update("players", (public, seating),
                     lambda: self.renderer.players(view, seating))
        result = self.session.result()
        if result is not None:
            self._update("private", (result, seating),
                         lambda: self.renderer.result(result, seating))
        else:
            self._update("private", (view.get("you"), seating),
                         lambda: self.renderer.private(view, seating))
        self._draw_log()
        self._draw_talk()
        self.refresh_bindings()

    def _draw_talk(self) -> None:
        """Add the new remarks said at the table to the talk pane, with the speaker's name."""
        if not self.renderer.table_talk:
            return
        said = self.session.talk
        if self._talked < len(said):
            pane = self.query_one("#talk", RichLog)
            pane.display = True  # the pane takes room from the log once somebody talks
            for seat, text in said[self._talked:]:
                line = Text(f"{self.session.names[seat]}: ", style="bold")
                line.append(text)
                pane.write(line)
            self._talked = len(said)

    def _draw_log(self) -> None:
        """Add the shown seat's new events to the log (all of them when the seat changed)."""
        lines = self._log_lines.setdefault(self.viewer, [])
        events = self.session.events(self.viewer)
        seating = self.seating
        fresh = events[len(lines):]
        for event, text in zip(fresh, self.renderer.log_lines(fresh, seating), strict=True):
            lines.append(f"{event.get('version', ''):>4} {text}" if text else "")
        log = self.query_one("#log", RichLog)
        if self._log_seat != self.viewer:
            log.clear()
            self._logged = max(0, len(lines) - LOG_LINES)
            self._log_seat = self.viewer
        if self._logged < len(lines):
            log.write(Text("\n".join(line for line in lines[self._logged:] if line)))
            self._logged = len(lines)
            self.call_after_refresh(log.scroll_end, animate=False)

    def _show_menu(self) -> None:
        """Fill the menu with the chooser's entries."""
        assert self.chooser is not None
        self._menu = self.chooser.options()
        choices = self.query_one("#choices", OptionList)
        choices.set_options(
            ListOption(Text(f"{i}. {o.label}"), id=str(i)) for i, o in
            enumerate(self._menu, start=1)
        )
        choices.highlighted = 0 if self._menu else None
        chosen = " › ".join(step.label for step in self.chooser.chosen)
        prompt = self.renderer.prompt(self._view(), self.seating)
        name = self.session.names[self.viewer] if self.viewer is not None else ""
        text = Text(f"{name}: {prompt}")
        if chosen:
            text.append(f"\n  {chosen}", style="italic")
        self._update("prompt", text.markup, text)

    def _say(self, message: str = "") -> None:
        self._update("message", message, Text(message))

    # --- the flow of the game --------------------------------------------------------

    def _advance(self) -> None:
        """Move on: bots play until a human is to decide or the game is over."""
        session = self.session
        if session.is_over:
            self._finish()
            return
        seat = session.to_move
        assert seat is not None
        if not session.human_to_move:
            self._wait_for_bots()
            return
        if session.hot_seat and seat != self.viewer:
            self.viewer = None  # behind the hand-over screen, only the public view
            self._clear_decision()
            self._draw()
            self.push_screen(HandOver(session.names[seat], seat, self.lang),
                             callback=lambda _: self._take_seat(seat))
            return
        self._take_seat(seat)

    def _take_seat(self, seat: int) -> None:
        """Show ``seat``'s view and offer its decision."""
        self.viewer = seat
        self._draw()
        view = self._view()
        self._legal = self.session.legal_actions(seat)
        self.chooser = chooser_for(self.renderer, view, self._legal, self.seating)
        self._say()
        self._show_menu()
        self.query_one("#choices", OptionList).focus()
        if self.auto_pass and self.renderer.forced_pass(view, self._legal, self.seating):
            self._say(translate(self.lang, FORCED_PASS_NOTE))
            version = self.session.version
            self.set_timer(FORCED_PASS_SECONDS, lambda: self._pass_for(seat, version))

    def _pass_for(self, seat: int, version: int) -> None:
        """Take the only (passing) action for ``seat``, unless the decision moved on."""
        if self.session.version == version and self.viewer == seat and self.chooser:
            self._play(0)

    def _clear_decision(self) -> None:
        self.chooser = None
        self._menu = []
        self._legal = []
        self.query_one("#choices", OptionList).clear_options()
        self._update("prompt", "", Text(""))
        self._say()

    def _wait_for_bots(self) -> None:
        self._clear_decision()
        seat = self.session.to_move
        if seat is not None:
            thinking = translate(self.lang, "tui.thinking", player=self.session.names[seat],
                                 seat=seat)
            self._update("prompt", thinking, Text(thinking))
        self._bots()

    @work(exclusive=True, group="bots")
    async def _bots(self) -> None:
        session = self.session
        drawn = time.monotonic()
        while not session.is_over and not session.human_to_move:
            version = session.version
            seat, action = await asyncio.to_thread(session.bot_decision)
            if session.version != version:
                continue  # a remark or a fine was said meanwhile: decide again
            session.apply_bot(seat, action)
            if time.monotonic() - drawn < BOT_REDRAW_SECONDS:
                continue
            drawn = time.monotonic()
            self._draw()
            if not session.is_over and not session.human_to_move:
                nxt = session.to_move
                assert nxt is not None
                thinking = translate(self.lang, "tui.thinking", player=session.names[nxt],
                                     seat=nxt + 1)
                self._update("prompt", thinking, Text(thinking))
        self._advance()

    def _finish(self) -> None:
        self._clear_decision()
        self.query_one("#choices", OptionList).display = False
        self.query_one("#move", Input).display = False
        self.query_one("#prompt", Static).add_class("over")
        if self.session.hot_seat:
            self.viewer = None
        self._draw()
        result = self.session.result()
        assert result is not None
        winners = ", ".join(self.session.names[w] for w in result["winners"])
        final = self.renderer.final_scores(result, self.seating)
        self._update("prompt", result, lambda: Group(
            Text(translate(self.lang, "tui.game_over", winners=winners)), final))

    def _play(self, index: int) -> None:
        seat = self.viewer
        assert seat is not None
        self.session.play(seat, index)
        self._clear_decision()
        self._say()
        self._draw()
        self._advance()

    # --- input -----------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#choices")
    def _menu_selected(self, event: OptionList.OptionSelected) -> None:
        self._take(event.option_index)

    def _take(self, position: int) -> None:
        if self.chooser is None or not 0 <= position < len(self._menu):
            return
        done = self.chooser.choose(self._menu[position])
        self._say()
        if done is not None:
            self._play(done)
        else:
            self._show_menu()

    def on_key(self, event: Any) -> None:
        if event.key in ("backspace", "escape") and isinstance(self.focused, OptionList):
            if self.chooser is not None and self.chooser.back():
                self._show_menu()
            event.stop()

    @on(Input.Submitted, "#move")
    def _typed(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if self.chooser is None:
            self._say(translate(self.lang, "tui.not_your_turn"))
            return
        if text.lower() in ("?", "help"):
            event.input.value = ""
            self.action_help()
            return
        if text.lower() == "back":
            event.input.value = ""
            if self.chooser.back():
                self._show_menu()
            return
        if text.startswith("#"):
            number = text[1:].strip()
            if number.isdigit() and 1 <= int(number) <= len(self._menu):
                event.input.value = ""
                self._take(int(number) - 1)
            else:
                self._say(f"{text!r}: "
                          + translate(self.lang, "tui.menu_range", n=len(self._menu)))
            return
        try:
            index = resolve(self.renderer, text, self._view(), self._legal, self.seating)
        except NotationError as error:
            self._say(f"{text!r}: {error}")
            return
        event.input.value = ""
        self._play(index)

    def action_redraw(self) -> None:
        """Draw everything again from the shown seat's view."""
        self._view_key = None
        self._drawn.clear()
        self._log_lines.clear()
        self._log_seat = -1
        self._draw()
        if self.chooser is not None:
            self._show_menu()

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.renderer.help_text(self.lang) + "\n"
                                    + translate(self.lang, "tui.help.keys"), self.lang))

    # --- talk at the table, out of turn ---------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The talk, crib and duty keys are shown only when they can be used now."""
        seat = self.viewer
        if action == "talk":
            return self.renderer.table_talk and seat is not None and not self.session.is_over
        if action == "crib":
            return self.renderer.crib(self._view(), self.seating) is not None
        if action == "duty":
            return seat is not None and bool(self.session.duties(seat))
        return True

    def action_talk(self) -> None:
        seat = self.viewer
        if not self.check_action("talk", ()) or seat is None:
            return
        addressees = self.renderer.addressees(self._view(), self.seating)
        self.push_screen(TalkScreen(self.session.names[seat], addressees, self.lang),
                         callback=lambda remark: self._remark(seat, remark))

    def _remark(self, seat: int, remark: Remark | None) -> None:
        if remark is None or self.viewer != seat:
            return
        try:
            self.session.remark(seat, *remark)
        except RulesError:
            self._say(translate(self.lang, "tui.talk.refused"))
            return
        self._after_talk()

    def action_crib(self) -> None:
        crib = self.renderer.crib(self._view(), self.seating)
        if crib is not None:
            self.push_screen(HelpScreen(crib, self.lang))

    def action_duty(self) -> None:
        """Do the first duty the shown seat owes (the steward fines the oldest fault)."""
        seat = self.viewer
        if seat is None or not self.session.duties(seat):
            return
        self.session.do_duty(seat)
        self._after_talk()

    def action_undo(self) -> None:
        """Take back the shown seat's last action, where the engine allows it."""
        seat = self.viewer
        if seat is None or not self.session.can_undo(seat):
            self._say(translate(self.lang, "tui.no_undo"))
            return
        self.session.undo(seat)
        self._clear_decision()
        self._advance()

    def _after_talk(self) -> None:
        """Show what was said or done out of turn; a decision being made is offered again
        (what is legal may have changed: a steward to move fines first)."""
        self._draw()
        if self.chooser is not None and self.viewer is not None:
            self._take_seat(self.viewer)

    # --- for tests and tools ---------------------------------------------------------

    def screen_text(self) -> str:
        """The text now on the terminal (the top screen as drawn), without styles."""
        width, height = self.size
        console = Console(width=width, height=height, file=io.StringIO(), record=True,
                          color_system=None, legacy_windows=False, safe_box=False)
        console.print(self.screen._compositor.render_update(
            full=True, screen_stack=self._background_screens))
        return console.export_text()
