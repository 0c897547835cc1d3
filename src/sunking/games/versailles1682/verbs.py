"""The small verbs of the court: dice, money, standing, cards moving, and figures leaving.

Every function changes a fresh state in place and logs to ``emit`` when it is not None.
Removal of a figure (death, Bastille, exile), the deaths of the royals and the end of wars
live here because cards, audiences and office powers all cause them.
"""

from __future__ import annotations

from ...core.events import Emit, say
from .data import (
    CARDS,
    COUNTRIES,
    NO_STANDING,
    PARTY_ROLL,
    QUEEN_PARTY_BONUS,
    STANDING_MAX,
    STANDING_MIN,
    WAR_PENALTY_KING,
    WAR_PENALTY_QUEEN,
)
from .state import (
    ABSENT,
    AT_COURT,
    BASTILLE,
    BOX,
    DISCARD,
    EXILE,
    HOUSE_ZONE,
    TABLEAU,
    VERSAILLES,
    WAR,
    V1682State,
)

# --- dice --------------------------------------------------------------------------------


def d10(s: V1682State) -> int:
    """Roll a ten-sided die: 1–10 (the 0 counts as 10)."""
    return s.rng.below(10) + 1


def d9(s: V1682State) -> int:
    """Roll a ten-sided die, rolling a 10 again (introductions, parties, §6.0f, §7.1)."""
    while True:
        roll = s.rng.below(10) + 1
        if roll != 10:
            return roll


def roll_country(s: V1682State) -> int:
    """A party or the Queen's origin by die roll (§6.0f, §6.0h)."""
    return PARTY_ROLL[d9(s)]


# --- money and standing ----------------------------------------------------------------------


def gain(s: V1682State, seat: int, amount: int, emit: Emit, why: str) -> None:
    """Add ``amount`` livres (negative: a loss; debts are allowed) to ``seat``'s fortune."""
    if amount == 0:
        return
    s.fortune[seat] += amount
    s.wealth_changed = 1
    if emit is not None:
        say(emit, "fortune", seat=seat, amount=amount, why=why, fortune=s.fortune[seat])


def standings(s: V1682State, royal: str) -> list[int]:
    return s.king_standing if royal == "king" else s.queen_standing


def shift(s: V1682State, seat: int, royal: str, delta: int, emit: Emit, why: str) -> None:
    """Move ``seat``'s figure ``delta`` steps in ``royal``'s apartments, kept on −2…9.

    Nothing happens to a figure that is not in those apartments.
    """
    values = standings(s, royal)
    old = values[seat]
    if old == NO_STANDING or delta == 0:
        return
    new = min(STANDING_MAX, max(STANDING_MIN, old + delta))
    values[seat] = new
    if emit is not None:
        say(emit, "standing", seat=seat, royal=royal, change=new - old, standing=new, why=why)


def present(s: V1682State, seat: int, emit: Emit, *, king: bool = True,
            queen: bool = True) -> None:
    """Introduce ``seat``'s figure at court: roll its standings (§7.1).

    A 10 is rolled again; the Queen's party adds 2, up to 9. A royal who is dead has no
    apartments to stand in.
    """
    if king:
        s.king_standing[seat] = d9(s) if s.king else NO_STANDING
    if queen:
        if s.queen:
            roll = d9(s)
            if s.party[seat] == s.queen_origin:
                roll = min(STANDING_MAX, roll + QUEEN_PARTY_BONUS)
            s.queen_standing[seat] = roll
        else:
            s.queen_standing[seat] = NO_STANDING
    if emit is not None:
        say(emit, "presented", seat=seat, king=s.king_standing[seat], queen=s.queen_standing[seat])


# --- cards and what seats know of them ---------------------------------------------------------


def forget(s: V1682State, card: int) -> None:
    """``card`` left a hand in sight of everybody: drop what was known of it there."""
    if s.known:
        s.known = tuple(f for f in s.known if f[1] != card)


def learn(s: V1682State, holder: int, card: int, mask: int) -> None:
    """The seats in ``mask`` (other than ``holder``) now know ``holder`` holds ``card``."""
    mask &= ~(1 << holder)
    if not mask:
        return
    for i, (h, c, m) in enumerate(s.known):
        if c == card and h == holder:
            s.known = (*s.known[:i], (h, c, m | mask), *s.known[i + 1:])
            return
    s.known = (*s.known, (holder, card, mask))


def everybody(s: V1682State) -> int:
    return (1 << s.num_players) - 1


def offices_moved(s: V1682State, card: int) -> None:
    if CARDS[card].kind == "office" and card not in s.moved:
        s.moved.append(card)


# --- figures leaving the court -----------------------------------------------------------------


def drop_privilege(s: V1682State, seat: int, emit: Emit) -> None:
    """The Favourite and Queen's Lover cards of ``seat`` go to the discard pile."""
    zone = TABLEAU + seat
    for c, z in enumerate(s.where):
        if z == zone and CARDS[c].effect in ("favourite", "lover"):
            s.where[c] = DISCARD
            if emit is not None:
                say(emit, "privilege_lost", seat=seat, card=c)
    if s.favourite == seat:
        s.favourite = -1
    if s.lover == seat:
        s.lover = -1


LOST_AWAY = ("office", "pension")
"""The kinds of card a courtier loses to the House in the Bastille or exile (§11.0, §12.0)."""


def strip(s: V1682State, seat: int, emit: Emit) -> None:
    """Bastille or exile: offices and pensions go to the House; titles and the Marshal's
    dignity stay; the Favourite and Lover cards are discarded (§11.0, §12.0)."""
    zone = TABLEAU + seat
    for c, z in enumerate(s.where):
        if z == zone and CARDS[c].kind in LOST_AWAY:
            s.where[c] = HOUSE_ZONE
            if emit is not None:
                say(emit, "to_house", seat=seat, card=c)
    drop_privilege(s, seat, emit)


def imprison(s: V1682State, seat: int, emit: Emit) -> None:
    """Send ``seat``'s courtier to the Bastille (§12.0)."""
    _send_away(s, seat, emit, BASTILLE, "bastille")


def banish(s: V1682State, seat: int, emit: Emit) -> None:
    """Send ``seat``'s courtier into exile (§11.0)."""
    _send_away(s, seat, emit, EXILE, "exile")


def _send_away(s: V1682State, seat: int, emit: Emit, status: int, event: str) -> None:
    """Away from court: stripped of cards and privileges, without standing."""
    strip(s, seat, emit)
    s.status[seat] = status
    s.king_standing[seat] = s.queen_standing[seat] = NO_STANDING
    if emit is not None:
        say(emit, event, seat=seat)


def release(s: V1682State, seat: int, emit: Emit, why: str) -> None:
    """A prisoner or exile returns to court and presents himself at once (ruling V-16)."""
    s.status[seat] = AT_COURT
    if emit is not None:
        say(emit, "returns", seat=seat, why=why)
    present(s, seat, emit)


def kill(s: V1682State, seat: int, emit: Emit, why: str) -> None:
    """``seat``'s courtier dies (§10.4, ruling V-35).

    A married man's titles, dignity, pensions and offices stay face up with his widow: she
    keeps his title and receives their incomes (offices and pensions go to the House if she
    is in the Bastille or exile, §11.0, §12.0). An unmarried courtier's cards and a married
    woman's go to the House; the Favourite and Lover cards are discarded. The family keeps its
    hand and fortune and presents an heir of the other sex next round.
    """
    zone = TABLEAU + seat
    wife = s.spouse[seat] if s.gender[seat] == "m" else -1
    drop_privilege(s, seat, emit)
    for c, z in enumerate(s.where):
        if z != zone:
            continue
        if wife >= 0 and (s.status[wife] == AT_COURT or CARDS[c].kind not in LOST_AWAY):
            s.where[c] = TABLEAU + wife
            if emit is not None:
                say(emit, "widow_inherits", seat=wife, card=c)
        else:
            s.where[c] = HOUSE_ZONE
            if emit is not None:
                say(emit, "to_house", seat=seat, card=c)
    partner = s.spouse[seat]
    if partner >= 0:
        s.spouse[partner] = -1
        s.spouse[seat] = -1
    if s.secret_wife == seat:
        s.secret_wife = -1
    s.status[seat] = ABSENT
    s.heir[seat] = 1
    s.poisoner[seat] = 0
    s.king_standing[seat] = s.queen_standing[seat] = NO_STANDING
    s.married_name[seat] = -1
    if emit is not None:
        say(emit, "death", seat=seat, why=why)


def kill_king(s: V1682State, emit: Emit, why: str) -> None:
    """The King dies (§10.1): wars end, the court returns to Versailles, his apartments are
    emptied and the Favourite card is discarded. With a living Queen a regency begins; a
    widower's death (or one secretly married, ruling V-32) ends the round at once."""
    s.king = 0
    if emit is not None:
        say(emit, "king_dies", why=why)
    end_wars(s, emit)
    s.court = VERSAILLES
    for p in range(s.num_players):
        s.king_standing[p] = NO_STANDING
    if s.favourite >= 0:
        drop_privilege(s, s.favourite, emit)
    s.secret_wife = -1
    if s.queen:
        s.regency_until = s.round + 1
        if emit is not None:
            say(emit, "regency", until_round=s.regency_until)
    else:
        both_dead(s, emit)


def kill_queen(s: V1682State, emit: Emit, why: str) -> None:
    """The Queen (or Regent) dies (§10.2): her apartments are emptied, the Lover card is
    discarded, there is no Queen's party. If the King is dead too, the round ends."""
    regent = not s.king
    s.queen = 0
    s.queen_origin = -1
    if emit is not None:
        say(emit, "queen_dies", why=why)
    if regent:
        # §9.3: the Regent's death ends the wars too.
        end_wars(s, emit)
        s.court = VERSAILLES
    for p in range(s.num_players):
        s.queen_standing[p] = NO_STANDING
    if s.lover >= 0:
        drop_privilege(s, s.lover, emit)
    if not s.king:
        both_dead(s, emit)


def both_dead(s: V1682State, emit: Emit) -> None:
    """Both royals are dead: the round ends at once, unpaid incomes are lost (§10.3)."""
    s.abort = 1
    s.new_royals = 1
    s.regency_until = 0
    if emit is not None:
        say(emit, "round_ends_at_once")


# --- war -----------------------------------------------------------------------------------------


def declare_war(s: V1682State, country: int, emit: Emit, card: int = -1) -> None:
    """France goes to war with ``country`` (§9.3, §9.5c): the court follows the army and
    the enemy's supporters lose 3 with the King and, unless the Queen is from that
    country, 2 with the Queen."""
    s.wars.append(country)
    if card >= 0:
        s.where[card] = BOX
    s.court = WAR
    if emit is not None:
        say(emit, "war", country=COUNTRIES[country], card=card)
    for p in range(s.num_players):
        if s.party[p] == country and s.status[p] == AT_COURT:
            shift(s, p, "king", -WAR_PENALTY_KING, emit, "war")
            if s.queen_origin != country:
                shift(s, p, "queen", -WAR_PENALTY_QUEEN, emit, "war")


def end_wars(s: V1682State, emit: Emit) -> None:
    """Every war ends: the box is discarded and the court returns to Versailles."""
    if not s.wars:
        return
    for c, z in enumerate(s.where):
        if z == BOX:
            s.where[c] = DISCARD
    s.wars = []
    s.court = VERSAILLES
    if emit is not None:
        say(emit, "peace")


# --- offices --------------------------------------------------------------------------------


def install(s: V1682State, card: int, seat: int, emit: Emit) -> None:
    """Lay title, dignity, pension or office ``card`` in front of ``seat``.

    A new office other than a governorship sends the holder's other such office to the
    House (§9.2c); governorships accumulate. A widow's offices of her husband are not hers
    (ruling V-35): they stay.
    """
    ct = CARDS[card]
    zone = TABLEAU + seat
    if ct.kind == "office" and not ct.governor:
        for c, z in enumerate(s.where):
            if (z == zone and c != card and CARDS[c].kind == "office" and not CARDS[c].governor
                    and s.own_right(seat, c)):
                s.where[c] = HOUSE_ZONE
                if emit is not None:
                    say(emit, "to_house", seat=seat, card=c)
    s.where[card] = zone
    offices_moved(s, card)
    if emit is not None:
        say(emit, "granted", seat=seat, card=card)

