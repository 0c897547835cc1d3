"""``sunking serve``: run the web platform (FastAPI under uvicorn) on this machine."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.text import Text

from .options import DataDirOption

if TYPE_CHECKING:
    import uvicorn


def event_loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (not on Windows), else asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


HostOption = Annotated[
    str, typer.Option("--host", help="Address to listen on (only this machine by default)."),
]
PortOption = Annotated[int, typer.Option("--port", "-p", help="Port to listen on.")]
BotWorkersOption = Annotated[
    int | None,
    typer.Option("--bot-workers", metavar="N",
                 help="Processes that compute bot moves (0: threads).", show_default=False),
]
RootParallelOption = Annotated[
    int | None,
    typer.Option("--root-parallel", metavar="N",
                 help="Parts an ismcts:hard or ismcts:expert move is searched in at once, "
                      "one per worker (default: 2, or 1 with one bot worker).",
                 show_default=False),
]
BotDelayOption = Annotated[
    float | None,
    typer.Option("--bot-delay", metavar="SECONDS",
                 help="Pause before each bot move (default 0.5).", show_default=False),
]
OldRulesOption = Annotated[
    str | None,
    typer.Option("--old-rules", metavar="keep|close",
                 help="What becomes of unfinished matches started under rules this release "
                      "no longer plays: keep them as they are (default) or close them.",
                 show_default=False),
]
MigrateOnlyOption = Annotated[
    bool, typer.Option("--migrate-only", help="Bring the database schema up to date and exit."),
]


def serve_command(
    host: HostOption = "127.0.0.1",
    port: PortOption = 8000,
    data_dir: DataDirOption = None,
    bot_workers: BotWorkersOption = None,
    root_parallel: RootParallelOption = None,
    bot_delay: BotDelayOption = None,
    old_rules: OldRulesOption = None,
    migrate_only: MigrateOnlyOption = False,
) -> None:
    """Run the web platform: lobby, matches over REST and websockets, bots, browser client.

    Matches are stored in SQLite under the data directory, or in PostgreSQL when
    `SUNKING_DATABASE_URL` is set (`postgresql+psycopg://user:password@host/db`); the
    schema is migrated at start. Stop with Ctrl-C; matches continue where they were when
    the server starts again. Unfinished matches started under rules this release no longer
    plays are listed at start, and kept as they are or closed (`--old-rules`).
    """
    from ..server import Settings  # the server's libraries load only for this command
    from ..server.running import (
        CHOICES,
        LOG_LEVELS,
        check_data_dir,
        configure_logging,
        settle_old_rules,
        uvicorn_server,
    )
    from ..server.storage.sql import SqlStore

    console = Console()
    settings = Settings.from_env(data_dir=data_dir, bot_workers=bot_workers,
                                 root_parallel=root_parallel, bot_delay=bot_delay,
                                 old_rules=old_rules,
                                 public_url=None if os.environ.get("SUNKING_PUBLIC_URL")
                                 else f"http://{shown_host(host)}:{port}")
    if settings.old_rules not in CHOICES:
        raise typer.BadParameter(f"must be keep or close, not {settings.old_rules!r}",
                                 param_hint="--old-rules / SUNKING_OLD_RULES")
    log_level = os.environ.get("SUNKING_LOG_LEVEL", "info")
    if log_level.lower() not in LOG_LEVELS:
        raise typer.BadParameter(f"must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}",
                                 param_hint="SUNKING_LOG_LEVEL")
    check_data_dir(settings)  # a one-line message and exit when it cannot be written
    store = SqlStore(settings.url)
    try:
        if migrate_only:
            console.print(Text("The database schema is up to date.", style="bold"))
            return
        errors = Console(stderr=True)
        settle_old_rules(store, settings.old_rules,
                         lambda line: errors.print(Text(line, style="yellow")))
    finally:
        store.close()
    configure_logging(log_level)
    server = uvicorn_server(settings, host, port)
    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
        runner.run(_serve(server, host, port, console))
    if not server.started:
        raise typer.Exit(code=1)


LOOPBACK = ("127.0.0.1", "::1", "localhost")


def shown_host(host: str) -> str:
    """The name people reach ``host`` by: ``localhost`` for this machine's own address
    (browsers refuse an IP address as the passkeys' relying party), else ``host``."""
    if host in LOOPBACK:
        return "localhost"
    return host if ":" not in host else f"[{host}]"


async def _serve(server: uvicorn.Server, host: str, port: int, console: Console) -> None:
    """Run ``server``, telling where it listens once it has started."""
    shown = shown_host(host)
    task = asyncio.create_task(server.serve())
    while not server.started and not task.done():
        await asyncio.sleep(0.05)
    if server.started:
        console.print(Text(f"sunking is running at http://{shown}:{port}", style="bold green"))
        console.print(Text("Press Ctrl-C to stop.", style="dim"))
    await task
