"""The pages of the browser client: the lobby, a match, a game's rules (the match's websocket
is :mod:`.websocket`)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

from .catalog import web_dir

PLACEHOLDER = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>sunking</title></head><body><h1>sunking</h1>
<p>The browser client is not installed; the API is at <code>/api/games</code>.</p>
</body></html>"""

router = APIRouter()


def page(name: str) -> Response:
    path = web_dir() / name
    if path.is_file():
        return FileResponse(path, media_type="text/html")
    return HTMLResponse(PLACEHOLDER)


@router.get("/", include_in_schema=False)
async def index() -> Response:
    return page("index.html")


@router.get("/play/{match_id}", include_in_schema=False)
async def play(match_id: str) -> Response:
    return page("play.html")


@router.get("/tutorial/{game}", include_in_schema=False)
async def tutorial(game: str) -> Response:
    """The rules page, which starts the game's tutorial at once."""
    return page("rules.html")


@router.get("/rules/{game}", include_in_schema=False)
async def rules(game: str) -> Response:
    return page("rules.html")

