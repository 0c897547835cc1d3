"""``sunking admin``: the operators' commands of moderation, on the server's database.

- ``sunking admin reports``: the newest reports with their context (the chat lines around the
  one named, or the move named, in the words of the match's log);
- ``sunking admin suspend HANDLE --reason TEXT``: the account cannot sit at a table, move or
  write in a chat any more, and is told the reason; the stand-in bot plays the seats it holds;
- ``sunking admin restore HANDLE``: the suspension is lifted.

They work while the server runs (the server reads suspensions from the database).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from .options import DataDirOption, fail

if TYPE_CHECKING:
    from ..server.community.moderation import Admin

app = typer.Typer(name="admin", no_args_is_help=True,
                  help="Moderation: reports, suspending and restoring accounts.")


@contextmanager
def _admin(data_dir: Any) -> Iterator[Admin]:
    from ..server import Settings
    from ..server.accounts.store import AccountStore
    from ..server.community.moderation import Admin
    from ..server.community.store import CommunityStore
    from ..server.storage.sql import SqlStore

    store = SqlStore(Settings.from_env(data_dir=data_dir).url)
    accounts = AccountStore(store.engine)
    try:
        yield Admin(store, accounts, CommunityStore(store.engine))
    finally:
        accounts.close()
        store.engine.dispose()


def _who(name: str, handle: str | None) -> str:
    return f"{name} ({handle})" if handle else f"{name} (a guest)"


def _print(console: Console, report: dict[str, Any]) -> None:
    when = datetime.fromtimestamp(report["created_at"], UTC).strftime("%Y-%m-%d %H:%M UTC")
    console.print(Text(f"Report {report['report_id']}, {when}, match {report['match_id']}",
                       style="bold"))
    if report.get("gone"):
        console.print(Text("  the match is gone"))
        names = [f"seat {report['seat'] + 1}", f"seat {report['reporter_seat'] + 1}"]
    else:
        names = [report["names"][report["seat"]], report["names"][report["reporter_seat"]]]
        console.print(Text(f"  game: {report['game']}"))
    console.print(Text(f"  reported: seat {report['seat'] + 1}, "
                       f"{_who(names[0], report['reported_handle'])}"))
    console.print(Text(f"  by: seat {report['reporter_seat'] + 1}, "
                       f"{_who(names[1], report['reporter_handle'])}"))
    console.print(Text(f"  reason: {report['reason']}; words: {report['text'] or '(none)'}"))
    for line in report.get("lines", []):
        mark = ">" if line["named"] else " "
        private = " (private)" if line["private"] else ""
        console.print(Text(f"  {mark} line {line['number']}, {line['name']}{private}: "
                           f"{line['text']}"))
    if "action" in report:
        action = report["action"]
        console.print(Text(f"  > move {report['move']} (version {action['version']}, "
                           f"{action['name']}, by {action['mover']}): "
                           f"{action.get('text') or '(no words)'}"))
        console.print(Text(f"    as played: {json.dumps(action['action'], ensure_ascii=False)}"))


@app.command("reports")
def reports_command(
    limit: Annotated[int, typer.Option("--limit", min=1, max=500,
                                       help="How many of the newest reports.")] = 20,
    as_json: Annotated[bool, typer.Option("--json", help="Print them as JSON.")] = False,
    data_dir: DataDirOption = None,
) -> None:
    """List the newest reports, the newest first, each with its context."""
    with _admin(data_dir) as admin:
        found = admin.reports(limit)
    if as_json:
        typer.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return
    console = Console()
    if not found:
        console.print(Text("No reports."))
    for report in found:
        _print(console, report)


@app.command("suspend")
def suspend_command(
    handle: Annotated[str, typer.Argument(help="The account's handle.", show_default=False)],
    reason: Annotated[str, typer.Option("--reason", help="Why, as the person is told it.",
                                        show_default=False)],
    data_dir: DataDirOption = None,
) -> None:
    """Suspend an account: it cannot sit, move or chat, and is told why; the stand-in bot
    plays its seats."""
    with _admin(data_dir) as admin:
        try:
            written = admin.suspend(handle, reason)
        except LookupError:
            raise fail(f"no account has the handle {handle!r}") from None
        except ValueError as err:
            raise fail(str(err)) from None
    Console().print(Text(f"{written} is suspended: {' '.join(reason.split())}",
                         style="bold"))


@app.command("restore")
def restore_command(
    handle: Annotated[str, typer.Argument(help="The account's handle.", show_default=False)],
    data_dir: DataDirOption = None,
) -> None:
    """Lift an account's suspension."""
    with _admin(data_dir) as admin:
        try:
            written, was = admin.restore(handle)
        except LookupError:
            raise fail(f"no account has the handle {handle!r}") from None
    Console().print(Text(f"{written} may play again." if was
                         else f"{written} was not suspended."))
