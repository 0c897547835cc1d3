"""The FastAPI application, made in steps: its lifespan (storage, bots, matches), the guards at
its edge (middleware, rate limits), the error answers, the routes (:mod:`.routes`) and the
static client.

Every refusal is an :class:`~.errors.ApiError` answered as ``{"error": {"code", "message"}}``.
The contract is ``docs/web-api.md``.
"""

from __future__ import annotations

import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Callable

import sqlalchemy as sa
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import ClientDisconnect
from starlette.routing import Route
from starlette.staticfiles import StaticFiles

from .accounts.service import AccountService
from .accounts.service import build as build_accounts
from .community.suspensions import Suspensions
from .config import Settings
from .errors import ApiError, malformed, storage_fault
from .guards import BodyLimit, SecurityHeaders
from .match.service import MatchService
from .metrics import ERRORS, ServiceGauges, registry_of
from .notices import TurnNotices
from .ratings.service import MatchRatings
from .routes import ROUTERS
from .routes.catalog import language_codes, web_dir
from .routes.operators import Readiness, address_check, store_probe
from .routes.schemas import problems
from .storage import MatchStore
from .storage.sql import SqlStore
from .throttle import Throttle
from .transport.pgpubsub import PgPubSub, is_postgres
from .workers.bots import BotRunner

__all__ = ["create_app", "web_dir"]

log = logging.getLogger(__name__)

GC_THRESHOLDS = (5000, 10, 100)
"""The garbage collector's thresholds in a server process (Python's are 700, 10, 10). Nearly
everything a move allocates dies young or lives as long as its match; with Python's
thresholds a server with 500 matches ran a full collection every few seconds, each pausing
every client for up to a quarter of a second (at human pace the move latency's 99th
percentile was 434 ms with Python's thresholds, 38 ms with these); these make collections of
the young ten times rarer and full ones rarer still."""

StoreFactory = Callable[[], MatchStore]
Lifespan = Callable[[FastAPI], contextlib.AbstractAsyncContextManager[None]]


def create_app(
    settings: Settings | None = None,
    *,
    store_factory: StoreFactory | None = None,
) -> FastAPI:
    """The application. Storage, bots and matches start with it and stop with it.

    ``store_factory`` replaces the SQL store of ``settings`` (tests pass a memory store).
    """
    settings = settings or Settings.from_env()
    docs = settings.api_docs
    app = FastAPI(title="sunking", lifespan=_lifespan(settings, store_factory),
                  openapi_url="/openapi.json" if docs else None,
                  docs_url="/docs" if docs else None, redoc_url="/redoc" if docs else None)
    _guard(app, settings)
    _answer_errors(app)
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=web_dir(), check_dir=False), name="static")
    return app


def _lifespan(settings: Settings, store_factory: StoreFactory | None) -> Lifespan:
    """What starts with the application and stops with it: the match service (and, on
    PostgreSQL, the notifications between processes), the accounts and their postman."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service, pubsub = _service(settings, store_factory)
        app.state.service = service
        app.state.settings = settings
        if isinstance(service.store, SqlStore):
            app.state.accounts = build_accounts(settings, service.store.engine,
                                                1 if service.store.is_sqlite else 4)
        app.state.metrics = registry_of(ServiceGauges(
            lambda: len(service.cache.held), lambda: service.planner.fair.waiting))
        app.state.readiness = Readiness(store_probe(service.store))
        if pubsub is not None:
            await pubsub.start(service.remote_change, service.resync)
        await service.start()
        notices = TurnNotices(service, lambda: getattr(app.state, "accounts", None),
                              delay=settings.notice_seconds, public_url=settings.public_url)
        notices.start()
        ratings = MatchRatings(service, lambda: getattr(app.state, "accounts", None))
        ratings.start()
        app.state.ratings = ratings
        suspensions = Suspensions(service, lambda: getattr(app.state, "accounts", None))
        suspensions.start()
        app.state.suspensions = suspensions
        _settle_memory()
        try:
            yield
        finally:
            await notices.close()
            await ratings.close()
            await suspensions.close()
            accounts: AccountService | None = getattr(app.state, "accounts", None)
            if accounts is not None:
                await accounts.close()
            await service.close()
            if pubsub is not None:
                await pubsub.close()

    return lifespan


def _service(
    settings: Settings, store_factory: StoreFactory | None
) -> tuple[MatchService, PgPubSub | None]:
    """The match service of ``settings``: its store, bot workers and (on PostgreSQL) the
    pub/sub between processes, not started yet."""
    store = store_factory() if store_factory else SqlStore(settings.url)
    io_threads = 1 if getattr(store, "is_sqlite", True) else 4
    pubsub = None if store_factory or not is_postgres(settings.url) else PgPubSub(
        settings.url)
    bots = BotRunner(settings.bot_workers, settings.root_parallel)
    service = MatchService(store, bots, pubsub=pubsub, bot_delay=settings.bot_delay,
                           io_threads=io_threads, languages=language_codes,
                           idle_seconds=settings.idle_seconds,
                           abandon_days=settings.abandon_days)
    return service, pubsub


def _settle_memory() -> None:
    """What exists now (the libraries, the catalogs, the games' tables) lives as long as the
    process: the garbage collector's full passes need not walk it again and again."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def _guard(app: FastAPI, settings: Settings) -> None:
    """The guards at the edge (:mod:`.guards`) and the rate limits (:mod:`.throttle`)."""
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit)
    app.state.throttle = Throttle.of(settings)
    app.state.metrics_from = address_check(settings.metrics_from)


def _answer_errors(app: FastAPI) -> None:
    """Every refusal as ``{"error": {"code", "message"}}``."""
    app.exception_handler(ApiError)(api_error)
    app.exception_handler(sa.exc.DBAPIError)(database_error)
    app.exception_handler(RequestValidationError)(invalid_body)
    app.exception_handler(ClientDisconnect)(client_gone)
    app.exception_handler(StarletteHTTPException)(http_error)


async def api_error(_request: Request, err: ApiError) -> JSONResponse:
    ERRORS.labels(err.code).inc()
    headers = {"Retry-After": str(err.retry_after)} if err.retry_after is not None else None
    return JSONResponse({"error": err.to_json()}, status_code=err.status, headers=headers)


async def database_error(request: Request, err: sa.exc.DBAPIError) -> JSONResponse:
    log.error("database error: %s", err)
    return await api_error(request, storage_fault(err))


async def client_gone(request: Request, _err: ClientDisconnect) -> Response:
    """The client left before its request was read whole: nobody is there to answer, and
    nothing went wrong on this side (one line at debug level)."""
    log.debug("client disconnected before its request was read: %s %s", request.method,
              request.url.path)
    return Response(status_code=400)


async def http_error(request: Request, err: StarletteHTTPException) -> JSONResponse:
    """The router's own refusals in the API's form: no such path (404 ``not_found``), or a
    method the path does not take (405 ``method_not_allowed``, its ``Allow`` listing every
    method of the path, whichever route has it)."""
    path = request.url.path
    if err.status_code == 405:
        allowed = allowed_methods(path)
        error = ApiError("method_not_allowed",
                         f"{request.method} is not a method of {path[:100]} (it takes "
                         f"{', '.join(allowed)})", 405)
        answer = await api_error(request, error)
        answer.headers["Allow"] = ", ".join(allowed)
        return answer
    if err.status_code == 404:
        return await api_error(request, ApiError("not_found", f"no such path: {path[:100]}",
                                                 404))
    return await api_error(request, ApiError("malformed", str(err.detail), err.status_code))


def allowed_methods(path: str) -> list[str]:
    """Every method the routes of ``path`` take."""
    methods: set[str] = set()
    for router in ROUTERS:
        for route in router.routes:
            if isinstance(route, Route) and route.methods and route.path_regex.match(path):
                methods |= route.methods
    return sorted(methods)


async def invalid_body(request: Request, err: RequestValidationError) -> JSONResponse:
    return await api_error(request, malformed(problems(err)))
