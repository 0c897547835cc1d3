"""The JSON bodies of the API, one pydantic model each (``docs/web-api.md``).

A route reads its body with :func:`read_body`: the raw bytes through the guarded JSON parser
(bounded depth and size, see :mod:`..guards`), then the model, strictly and with no field it
does not know. A refusal is ``malformed`` (422) naming each field at fault. Fields whose
meaning the service checks itself (an action for the game's codec, chat recipients against
the seats) are typed loosely here, so the service's error names what is wrong in the game's
own terms. The OpenAPI schema of a body gives the values the service takes where it can
(games, languages, bots, ranges), though the service checks them itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, TypeVar

import pydantic
from fastapi import Request
from fastapi.exceptions import RequestValidationError

from ...core.registry import available_games
from ..errors import malformed
from ..guards import parse_json
from ..match.lobby import MAX_SEED
from ..workers.bots import SERVER_BOTS
from .catalog import language_codes

Short = Annotated[str, pydantic.StringConstraints(max_length=100)]
"""A name, an id or a spec: the service checks each more closely."""

Model = TypeVar("Model", bound=pydantic.BaseModel)


class Body(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid", strict=True)


WEEK = 7 * 24 * 3600
BOT_SPECS: list[pydantic.JsonValue] = [*SERVER_BOTS, None]


def _only(values: Sequence[str]) -> Any:
    """A field's values as the OpenAPI schema gives them; the service checks them itself, so
    that its refusal names them in its own terms."""
    return pydantic.Field(json_schema_extra={"enum": list[pydantic.JsonValue](values)})


class SeatBody(Body):
    kind: Literal["human", "bot", "open"]
    name: Short | None = None
    bot: Short | None = pydantic.Field(default=None, json_schema_extra={"enum": BOT_SPECS})


class MatchBody(Body):
    """``POST /api/matches``."""

    game: Short = _only(available_games())
    players: int
    seats: list[SeatBody] = pydantic.Field(max_length=16)
    language: Short = pydantic.Field(
        default="en", json_schema_extra={"enum": list[pydantic.JsonValue](language_codes())})
    seed: int | None = pydantic.Field(default=None, ge=0, le=MAX_SEED)
    turn_clock_seconds: float | None = pydantic.Field(
        default=None, json_schema_extra={"exclusiveMinimum": 0, "maximum": WEEK})
    hints: bool = False
    time_bank_seconds: float | None = pydantic.Field(
        default=None, json_schema_extra={"exclusiveMinimum": 0, "maximum": WEEK})
    practice: bool = False
    tutorial: bool = False
    chapter: int = pydantic.Field(
        default=1, ge=1, le=99,
        description="The chapter of a tutorial match (from 1; ignored for another match).")
    options: dict[Short, Any] = pydantic.Field(default_factory=dict, max_length=16)
    creator_seat: int | None = pydantic.Field(
        default=None, ge=0, le=15,
        description="The human seat the creator takes (left out: the first; null: none). "
        "Every other human seat gets an invitation instead of a token.")


class TokensBody(Body):
    """``POST /api/my-matches``."""

    tokens: list[Short] = pydantic.Field(max_length=500)


class ActionBody(Body):
    """``POST /api/matches/<id>/actions``: the version the action was computed from, the
    action (parsed by the game's codec: ``invalid_action`` when it is not one of its
    actions) and an optional request id that makes a retry harmless."""

    version: Any
    action: Any
    request_id: Any = None


class ChatBody(Body):
    """``POST /api/matches/<id>/chat``: the text, the private recipients (seats) and the
    seat a remark at the table addresses, or a spectator's name (checked by the chat and the
    service)."""

    text: Any
    to: Any = None
    addressed: Any = None
    name: Any = None


class JoinBody(Body):
    """``POST /api/matches/<id>/join``: the name the newcomer sits under."""

    name: Any


class InvitationBody(Body):
    """``POST /api/matches/<id>/invitation``: the invitation's code (from its link)."""

    invitation: Short


class ClaimBody(InvitationBody):
    """``POST /api/matches/<id>/claim``: the invitation's code and, if the person wants
    another, the name he sits under."""

    name: Any = None


class StartBody(Body):
    """``POST /api/matches/<id>/start`` (the body may be left out): the bot for free seats."""

    bot: Any = pydantic.Field(default=None, json_schema_extra={"enum": BOT_SPECS})


def problems(err: pydantic.ValidationError | RequestValidationError) -> str:
    """Every field at fault and why, in one line."""
    return "; ".join(
        f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or '(body)'}: {e['msg']}"
        for e in err.errors()
    )


async def read_body(request: Request, model: type[Model], *, optional: bool = False) -> Model:
    """The request's JSON body as ``model`` (with ``optional``, an empty body is ``{}``).

    Raises:
        ApiError: ``malformed`` if the body is not a JSON object of that shape.
    """
    raw = await request.body()
    data = {} if optional and not raw else parse_json(raw)
    if not isinstance(data, dict):
        raise malformed("the body must be a JSON object")
    try:
        return model.model_validate(data)
    except pydantic.ValidationError as err:
        raise malformed(problems(err)) from None


def body_schema(model: type[pydantic.BaseModel], *, required: bool = True) -> dict[str, Any]:
    """The OpenAPI ``requestBody`` of a route that reads its JSON body itself: the model's
    schema with its definitions inlined, so the schema stands alone (``required``: the body
    may not be left out)."""
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

    return {"requestBody": {"required": required, "content": {
        "application/json": {"schema": inline(schema)}}}}

