"""What a person shows others on his profile page: his handle always; his statistics and his
finished matches only if he chose to (both hidden by default)."""

from __future__ import annotations

import dataclasses

import sqlalchemy as sa

from ..storage.schema import METADATA

PROFILE_CHOICES = sa.Table(
    "profile_choices",
    METADATA,
    sa.Column("account_id", sa.String(32), primary_key=True),
    sa.Column("public_statistics", sa.Boolean, nullable=False),
    sa.Column("public_history", sa.Boolean, nullable=False),
)
"""An account's choice of what its public profile shows (no row: nothing but the handle)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Shown:
    """What a profile shows to others."""

    statistics: bool = False
    history: bool = False

    def to_json(self) -> dict[str, bool]:
        return {"public_statistics": self.statistics, "public_history": self.history}


class Profiles:
    """The profile choices on ``engine`` (migrated already). Every method blocks."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def shown(self, account_id: str) -> Shown:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(PROFILE_CHOICES).where(
                PROFILE_CHOICES.c.account_id == account_id)).first()
        return Shown() if row is None else Shown(bool(row.public_statistics),
                                                 bool(row.public_history))

    def choose(self, account_id: str, shown: Shown) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.delete(PROFILE_CHOICES).where(
                PROFILE_CHOICES.c.account_id == account_id))
            conn.execute(sa.insert(PROFILE_CHOICES).values(
                account_id=account_id, public_statistics=shown.statistics,
                public_history=shown.history))

    def forget(self, account_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.delete(PROFILE_CHOICES).where(
                PROFILE_CHOICES.c.account_id == account_id))
