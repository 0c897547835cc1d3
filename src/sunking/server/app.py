"""The FastAPI application: lobby and match routes, the websocket, the static client.

Routes are thin: they read the request, authenticate the token, and call the
:class:`~.service.MatchService`; every refusal is an :class:`~.errors.ApiError` answered as
``{"error": {"code", "message"}}``. The contract is ``docs/web-api.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
from collections.abc import AsyncIterator, Callable
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import pydantic
import sqlalchemy as sa
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.middleware.gzip import GZipMiddleware
from starlette.staticfiles import StaticFiles

from ..core.registry import available_games, make
from .boards import replay_board
from .bot_worker import SERVER_BOTS, BotRunner
from .config import Settings
from .errors import ApiError, malformed, unavailable
from .guards import BodyLimit, SecurityHeaders, encode_json, parse_json
from .hub import serve_socket
from .live import build_replay
from .match_setup import MatchRequest, SeatRequest
from .pgpubsub import PgPubSub, is_postgres
from .service import MatchService
from .storage import MatchStore
from .storage.sql import SqlStore
from .table_api import table_router
from .throttle import Throttle

log = logging.getLogger(__name__)

FALLBACK_LANGUAGES = (("en", "English"), ("nl", "Nederlands"), ("fr", "Français"),
                      ("de", "Deutsch"), ("cs", "Čeština"))
"""Used while the message catalogs (:mod:`sunking.i18n`) are not installed."""

GC_THRESHOLDS = (5000, 10, 100)
"""The garbage collector's thresholds in a server process (Python's are 700, 10, 10). Nearly
everything a move allocates dies young or lives as long as its match; with Python's
thresholds a server with 500 matches ran a full collection every few seconds, each pausing
every client for up to a quarter of a second (at human pace the move latency's 99th
percentile was 434 ms with Python's thresholds, 38 ms with these); these make collections of
the young ten times rarer and full ones rarer still."""

PLACEHOLDER = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>sunking</title></head><body><h1>sunking</h1>
<p>The browser client is not installed; the API is at <code>/api/games</code>.</p>
</body></html>"""


def languages() -> list[tuple[str, str]]:
    """(code, name) of every language of the message catalogs."""
    try:
        from .. import i18n
    except ImportError:
        return list(FALLBACK_LANGUAGES)
    return list(i18n.languages())


@functools.cache
def all_messages(lang: str) -> dict[str, str]:
    """The common catalog of ``lang`` and every registered game's own catalog (its keys
    namespaced by the game id), English filling a game's gaps. Worked out once per language
    (do not change the answer).

    Raises:
        KeyError: ``lang`` is not a supported language.
        ImportError: the message catalogs are not installed.
    """
    from .. import i18n
    from ..core.presentation import catalog

    messages = i18n.messages(lang)
    for game_id in available_games():
        try:
            messages.update(catalog(game_id, lang))
        except NotImplementedError:
            continue  # a game without a presentation has no catalog of its own
    return messages


def language_codes() -> list[str]:
    return [code for code, _ in languages()]


def web_dir() -> Path:
    """The directory of the static browser client."""
    return Path(str(resources.files("sunking") / "web"))


Short = Annotated[str, pydantic.StringConstraints(max_length=100)]
"""A name, an id or a spec: the service checks each more closely."""


class SeatBody(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid", strict=True)
    kind: Literal["human", "bot", "open"]
    name: Short | None = None
    bot: Short | None = None


class MatchBody(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid", strict=True)
    game: Short
    players: int
    seats: list[SeatBody] = pydantic.Field(max_length=16)
    language: Short = "en"
    seed: int | None = None
    turn_clock_seconds: float | None = None
    hints: bool = False
    time_bank_seconds: float | None = None
    practice: bool = False
    options: dict[Short, Any] = pydantic.Field(default_factory=dict, max_length=16)


class TokensBody(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid", strict=True)
    tokens: list[Short] = pydantic.Field(max_length=500)


class ActionBody(pydantic.BaseModel):
    """``POST /api/matches/<id>/actions`` (read by hand; this model documents it)."""

    version: int
    action: dict[str, Any]
    request_id: Short | None = None


def body_schema(model: type[pydantic.BaseModel]) -> dict[str, Any]:
    """The OpenAPI ``requestBody`` of a route that reads its JSON body itself: the model's
    schema with its definitions inlined, so the schema stands alone."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return inline(defs[ref.removeprefix("#/$defs/")])
            return {k: inline(v) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    return {"requestBody": {"required": True, "content": {
        "application/json": {"schema": inline(schema)}}}}


def bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object.

    Raises:
        ApiError: ``malformed`` if the body is not a JSON object.
    """
    body = parse_json(await request.body())
    if not isinstance(body, dict):
        raise malformed("the body must be a JSON object")
    return body


def int_query(request: Request, name: str) -> int | None:
    """The whole number ``?<name>=`` of a request, if any.

    Raises:
        ApiError: ``malformed`` if it is not a whole number.
    """
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    if len(raw) > 12:
        raise malformed(f"'{name}' must be a whole number, not {raw[:12]!r}…")
    try:
        return int(raw)
    except ValueError:
        raise malformed(f"'{name}' must be a whole number, not {raw!r}") from None


def since_of(request: Request) -> int | None:
    """The ``?since=<version>`` of a request, if any.

    Raises:
        ApiError: ``malformed`` if it is not a whole number.
    """
    return int_query(request, "since")


def lang_of(request: Request | WebSocket) -> str | None:
    """The ``?lang=<code>`` of a request, if any (checked by the service)."""
    raw = request.query_params.get("lang")
    return raw if raw else None


def json_text(text: str) -> Response:
    """An answer whose JSON is already encoded."""
    return Response(content=text.encode("utf-8"), media_type="application/json")


def _problems(err: pydantic.ValidationError | RequestValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or '(body)'}: {e['msg']}"
        for e in err.errors()
    )


def create_app(
    settings: Settings | None = None,
    *,
    store_factory: Callable[[], MatchStore] | None = None,
) -> FastAPI:
    """The application. Storage, bots and matches start with it and stop with it.

    ``store_factory`` replaces the SQL store of ``settings`` (tests pass a memory store).
    """
    settings = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = store_factory() if store_factory else SqlStore(settings.url)
        io_threads = 1 if getattr(store, "is_sqlite", True) else 4
        pubsub = None if store_factory or not is_postgres(settings.url) else PgPubSub(
            settings.url)
        service = MatchService(store, BotRunner(settings.bot_workers), pubsub=pubsub,
                               bot_delay=settings.bot_delay, io_threads=io_threads,
                               languages=language_codes, idle_seconds=settings.idle_seconds)
        app.state.service = service
        if pubsub is not None:
            await pubsub.start(service.remote_change)
        await service.start()
        # What exists now (the libraries, the catalogs, the games' tables) lives as long as
        # the process: the garbage collector's full passes need not walk it again and again.
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        try:
            yield
        finally:
            await service.close()
            if pubsub is not None:
                await pubsub.close()

    docs = settings.api_docs
    app = FastAPI(title="sunking", lifespan=lifespan,
                  openapi_url="/openapi.json" if docs else None,
                  docs_url="/docs" if docs else None, redoc_url="/redoc" if docs else None)
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit)
    limits = Throttle(settings.rate_create, settings.rate_actions)

    def throttle(request: Request, kind: Literal["create", "act"]) -> None:
        limits.check(kind, request.client.host if request.client else None)

    def service_of(request: Request | WebSocket) -> MatchService:
        service: MatchService = request.app.state.service
        return service

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, err: ApiError) -> JSONResponse:
        headers = {"Retry-After": str(err.retry_after)} if err.retry_after is not None else None
        return JSONResponse({"error": err.to_json()}, status_code=err.status, headers=headers)

    @app.exception_handler(sa.exc.DBAPIError)
    async def database_error(_request: Request, err: sa.exc.DBAPIError) -> JSONResponse:
        log.error("database error: %s", err)
        return await api_error(_request, unavailable("the database is busy; try again"))

    @app.exception_handler(RequestValidationError)
    async def invalid_body(_request: Request, err: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": malformed(_problems(err)).to_json()}, status_code=422)

    boards_dir = web_dir() / "js" / "games"

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        out = []
        for game_id in available_games():
            spec = make(game_id).spec
            out.append({"id": spec.id, "name": spec.name, "names": dict(spec.names),
                        "min_players": spec.min_players, "max_players": spec.max_players,
                        "dedicated_board": (boards_dir / spec.id / "index.js").is_file()})
        return out

    @app.get("/api/bots")
    async def bots() -> list[str]:
        return list(SERVER_BOTS)

    @app.get("/api/languages")
    async def language_list() -> list[dict[str, str]]:
        return [{"code": code, "name": name} for code, name in languages()]

    @app.get("/api/i18n/{lang}")
    async def catalog(lang: str) -> dict[str, Any]:
        try:
            messages = all_messages(lang)
        except (ImportError, KeyError):
            raise ApiError("unknown_language", f"no messages for language {lang!r}",
                           404) from None
        return {"lang": lang, "messages": messages}

    @app.post("/api/matches", status_code=201, openapi_extra=body_schema(MatchBody))
    async def create_match(request: Request) -> dict[str, Any]:
        throttle(request, "create")
        try:
            body = MatchBody.model_validate(await json_body(request))
        except pydantic.ValidationError as err:
            raise malformed(_problems(err)) from None
        created = await service_of(request).create_match(MatchRequest(
            game=body.game, players=body.players,
            seats=tuple(SeatRequest(s.kind, s.name, s.bot) for s in body.seats),
            language=body.language, seed=body.seed,
            turn_clock_seconds=body.turn_clock_seconds, options=body.options, hints=body.hints,
            time_bank_seconds=body.time_bank_seconds, practice=body.practice,
            owner=request.client.host if request.client else None,
        ))
        record = created.record
        seats = []
        for s in record.seats:
            entry: dict[str, Any] = {"seat": s.seat, "kind": s.kind, "name": s.name,
                                     "bot": s.bot}
            token = created.seat_tokens.get(s.seat)
            if token is not None:
                entry["token"] = token
                entry["link"] = f"/play/{record.match_id}#t={token}"
            seats.append(entry)
        spectator = created.spectator_token
        return {"match_id": record.match_id, "seats": seats,
                "spectator": {"token": spectator,
                              "link": f"/play/{record.match_id}#t={spectator}"}}

    @app.get("/api/matches/{match_id}")
    async def match_view(match_id: str, request: Request) -> Response:
        service = service_of(request)
        live, viewer = await service.authenticate(match_id, bearer(request))
        since = since_of(request)
        lang = service.language(lang_of(request))
        await service.come_back(live, viewer)
        return json_text(service.view(live, viewer, since, lang))

    @app.post("/api/matches/{match_id}/actions", openapi_extra=body_schema(ActionBody))
    async def act(match_id: str, request: Request) -> Response:
        throttle(request, "act")
        service = service_of(request)
        live, viewer = await service.authenticate(match_id, bearer(request))
        since = since_of(request)
        lang = service.language(lang_of(request))
        service.check_since(live, since)
        body = await json_body(request)
        unknown = sorted(set(body) - {"version", "action", "request_id"})
        if unknown or "version" not in body or "action" not in body:
            raise malformed("the body is {\"version\", \"action\", \"request_id\"?}"
                            + (f"; unknown fields {', '.join(unknown)}" if unknown else ""))
        await service.submit(live, viewer, body["version"], body["action"],
                             body.get("request_id"))
        return json_text(service.view(live, viewer, since, lang))

    @app.post("/api/matches/{match_id}/leave")
    async def leave(match_id: str, request: Request) -> Response:
        service = service_of(request)
        live, viewer = await service.authenticate(match_id, bearer(request))
        await service.leave(live, viewer)
        return json_text(service.view(live, viewer))

    @app.get("/api/matches/{match_id}/replay")
    async def replay(match_id: str, request: Request) -> dict[str, Any]:
        service = service_of(request)
        live, viewer = await service.authenticate(match_id, bearer(request))
        answer = await asyncio.to_thread(build_replay, *live.replay_source())
        answer["chat"], _ = await service.chat.read(live, viewer)
        return answer

    @app.get("/api/matches/{match_id}/replay/board")
    async def replay_frame_board(match_id: str, request: Request) -> Response:
        service = service_of(request)
        live, _viewer = await service.authenticate(match_id, bearer(request))
        lang = service.language(lang_of(request)) or live.record.language
        version = int_query(request, "version")
        if version is None:
            raise malformed("'version' is required")
        seat = int_query(request, "seat")
        described = await asyncio.to_thread(replay_board, *live.replay_source(), version, seat,
                                            lang)
        return json_text(encode_json(described))

    @app.post("/api/my-matches", openapi_extra=body_schema(TokensBody))
    async def my_matches(request: Request) -> list[dict[str, Any]]:
        try:
            body = TokensBody.model_validate(await json_body(request))
        except pydantic.ValidationError as err:
            raise malformed(_problems(err)) from None
        return await service_of(request).my_matches(body.tokens)

    app.include_router(table_router(bearer, json_body))

    @app.websocket("/ws/matches/{match_id}")
    async def socket(websocket: WebSocket, match_id: str) -> None:
        await serve_socket(websocket, service_of(websocket), match_id,
                           websocket.query_params.get("token"), lang_of(websocket),
                           limits)

    def page(name: str) -> Response:
        path = web_dir() / name
        if path.is_file():
            return FileResponse(path, media_type="text/html")
        return HTMLResponse(PLACEHOLDER)

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return page("index.html")

    @app.get("/play/{match_id}", include_in_schema=False)
    async def play(match_id: str) -> Response:
        return page("play.html")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules(game: str) -> Response:
        return page("rules.html")

    app.mount("/static", StaticFiles(directory=web_dir(), check_dir=False), name="static")
    return app
