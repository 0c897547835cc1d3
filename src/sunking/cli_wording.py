"""The wording of each game's events in the ``sunking`` event log, as data.

:data:`EVENT_MESSAGES` holds, per game id and event type, a message template (or a tuple of
templates tried in order, for event types whose fields vary); :data:`VALUE_NAMES` holds, per
game id, tables that name coded values — card ids, countries, reasons. A table named like a
field names that field; any table can be applied with the ``name`` spec. The specs the
templates may use are listed in :mod:`sunking.cli_render`, which does the formatting.

Card names come from the games' own data tables, so that the log calls a card what the
rules call it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .games.versailles1682 import data as v1682
from .games.vive_le_roi import data as vlr

Template = str | tuple[str, ...]
"""A message template, or templates tried in order until one fits the event's fields."""

# --- Louis XIV -------------------------------------------------------------------------------

_LOUIS14_MESSAGES: dict[str, Template] = {
    "setup": "{players} players; stones in the general supply by seat: {general_supply}",
    "round": "── round {round} ── start player: {start_player:seats}",
    "money_card": "money card: {amount} louis d'or on tile {tile}",
    "neutral": "neutral stones go on tiles {tiles}",
    "neutral_joker": "a joker is revealed for the neutral stones",
    "influence_drawn": "{seat:seats} draws an influence card ({why})",
    "intrigue_drawn": "{seat:seats} draws an intrigue card ({why})",
    "place": "{seat:seats} plays influence card {card} and places {stones:tile_counts}",
    "retrieve": "{seat:seats} plays influence card {card} and takes back "
    "{stones:n stone|stones} from the general supply",
    "pay_to_pass": "{seat:seats} pays 2 louis d'or to pass",
    "swap_influence": "{seat:seats} discards influence card {card} unplayed",
    "last_card": "{seat:seats} puts their last influence card face down",
    "reshuffle": "the influence cards are reshuffled",
    "mission_stone": "{seat:seats} puts a stone on tile {tile} from the {source} supply "
    "(mission {mission})",
    "evaluate": "tile {tile} [{condition}] is evaluated: stones by colour {stones}; "
    "first {firsts:seats}; rewarded {receivers:seats}; may bribe {bribers:seats}",
    "flip": "tile {tile} turns to its {side} side",
    "intrigue": "{seat:seats} plays the intrigue card of tile {tile}: "
    "{stones:n stone|stones} from the {source} supply",
    "win_tie": "{seat:seats} wins the tie on tile {tile}",
    "bribe": "{seat:seats} pays {louis} louis d'or to bribe tile {tile}",
    "louis": "{seat:seats} receives {louis} louis d'or",
    "chip": "{seat:seats} gets a {chip} chip ({why})",
    "blazon": "{seat:seats} gets a blazon ({why})",
    "conde_stone": "{seat:seats} puts a stone on tile {tile} from the {source} supply "
    "(le Grand Condé)",
    "maintenon": "{seat:seats} puts {stones:n stone|stones} on tile 5 (Maintenon) and "
    "takes back {stones_back:n stone|stones}",
    "lay_mission": "{seat:seats} fulfils mission {mission} with {chips} chips",
    "draw_mission": "{seat:seats} draws a mission card from the {deck} deck",
    "convert_chip": "{seat:seats} pays 2 louis d'or to turn a {chip} chip into a crown",
    "keep_chip": "{seat:seats} keeps a {chip} chip and trades in {given_up}",
    "swap_missions": "{seat:seats} puts mission cards back under the {decks} decks",
    "income": "{seat:seats} takes {louis} louis d'or and {stones:n stone|stones}",
    "stones_back": "{seat:seats} takes back {stones:n stone|stones} (mission {mission})",
    "game_end": "game over: scores {scores}; winner: {winners:seats}",
}

_LOUIS14_CHIPS = {"S": "sceptre", "L": "letter", "R": "ring", "H": "helmet", "C": "crown"}

_LOUIS14_NAMES: dict[str, dict[Any, str]] = {
    "card": {0: "joker"},
    "side": {0: "front", 1: "back"},
    "chip": _LOUIS14_CHIPS,
    "chips": _LOUIS14_CHIPS,
    "given_up": _LOUIS14_CHIPS,
}

# --- Vive le Roi -----------------------------------------------------------------------------

_VLR_OFFICES = {
    "bishop": "Bishop", "cardinal": "Cardinal", "queen": "Queen", "general": "General",
    "captain_of_the_guard": "Captain of the Guard", "cartographer": "Cartographer",
    "treasurer": "Treasurer",
}
_VLR_EVENTS = {
    "rebellion": "Rebellion", "kings_ear": "King's Ear", "excommunication": "Excommunication",
    "low_birth": "Low Birth", "executioner": "Executioner", "riots": "Riots",
    "bandits": "Bandits", "luring_away": "Luring away", "inheritance": "Inheritance",
    "extortion": "Extortion", "gossip": "Gossip",
}


def _words(key: str) -> str:
    return key.replace("_", " ")


def _vlr_card_name(card: vlr.Card) -> str:
    """A Vive le Roi card as the log shows it: ``courtier 5 (stag)``, ``Anjou (lion)``."""
    arms = _words(vlr.ARMS[card.arms]).replace(" ", "-") if card.arms >= 0 else ""
    if card.kind == vlr.PROVINCE:
        return f"{card.name} ({arms})"
    if card.kind == vlr.OFFICIAL:
        office = vlr.OFFICE_NAMES[card.role]
        return "the " + _VLR_OFFICES.get(office, _words(office))
    if card.kind == vlr.EVENT:
        event = vlr.EVENT_NAMES[card.role]
        return _VLR_EVENTS.get(event, _words(event))
    return card.name.replace(vlr.ARMS[card.arms], arms) if arms else card.name


_VLR_CARDS = {card.id: _vlr_card_name(card) for card in vlr.CARDS}

_VLR_MESSAGES: dict[str, Template] = {
    "deal": "── deal {deal} ── {players} players; the King is beside {king:seats}; "
    "nobles and provinces: {structures:per_seat name card}",
    "round": "── round {round} of deal {deal} ── start player: {start_player:seats}; "
    "the King is {captive:name captivity} {king:seats}{last_round:name last_round_note}",
    "last_round": "the draw pile is used up: round {round} is the last",
    "sits_out": "{seat:seats} holds no card and sits out",
    "no_card": "{seat:seats} has no card to lay in the middle",
    "play": "{seat:seats} lays {card:name card} in the middle",
    # duels
    "challenge": "{seat:seats} challenges {defender:seats}: {noble:name card} against "
    "{target:name card}",
    "duel_card": "{seat:seats} lays a duel card face down",
    "duel_reveal": "duel: {challenger:seats} shows {card:name card} ({value}), "
    "{defender:seats} shows {defender_card:name card} ({defender_value})",
    "duel_again": "tie: {seat:seats} and {defender:seats} fight on",
    "duel_off": "the duel of {seat:seats} and {defender:seats} is off: {why:name duel_off}",
    "noble_dies": "{noble:name card} of {seat:seats} dies",
    # attacks and bribery
    "attack": "{seat:seats} attacks {province:name card} of {defender:seats}",
    "bribe": "{seat:seats} tries to bribe {person:name card} of {defender:seats}",
    "commit": "{seat:seats} commits {cards:name card} (attacker {attacker_total}, "
    "defender {defender_total})",
    "called_off": "{seat:seats} cannot open the fight: it is called off",
    "fight_won": "{winner:seats} wins the {kind} for {target:name card} ({attacker:seats} "
    "against {defender:seats}) and leaves {kept:name card|nothing} on it, worth {kept_value}",
    # decrees
    "church_decree": "{seat:seats} issues a Church decree: {captor:seats} must release the "
    "King",
    "king_released": "{seat:seats} releases the King on the decree of {decreer:seats}",
    "decree_ignored": "{seat:seats} owns a Bishop or the Cardinal and ignores the decree of "
    "{decreer:seats}",
    "decree_refused": "{seat:seats} refuses the decree of {decreer:seats}: {points:+d} points",
    "nobility_decree": "{seat:seats} issues a Nobility decree: discards {courtier:name card} "
    "and takes {noble:name card} from the discard pile",
    # Phase 2: events, then the groups of the middle
    "distribution": "── Phase 2: the middle is shared out "
    "({rebellions:n Rebellion|Rebellions} played)",
    "event": "event of {seat:seats}: {card:name card}",
    "no_effect": "{card:name card} of {seat:seats} has no effect and is discarded",
    "rebellion": (
        "Rebellion: the rebels {rebels:seats} free the King from {captor:seats}; "
        "{paid:seats} score {points:+d} points",
        "Rebellion: {seat:seats} frees the King from {captor:seats} ({points:+d} points) and "
        "takes {taken:name card|nothing} from the middle",
        "Rebellion: {seat:seats} captures the King and takes {taken:name card|nothing} from "
        "the middle",
        "the Rebellion of {seat:seats} has no effect: {effect:name rebellion}",
    ),
    "kings_ear": "{seat:seats} puts the King's Ear under {noble:name card}: "
    "{points:+d} points",
    "ear_to_middle": "the King's Ear of {seat:seats} goes to the middle",
    "ear_contest": "the King's Ear is contested by {seats:seats}",
    "ear_bid": "{seat:seats} bids a card face down for the King's Ear",
    "ear_no_bid": "{seat:seats} does not bid for the King's Ear",
    "ear_bids": "the bids for the King's Ear: {bids:seat_cards card}",
    "ear_stays": "the King's Ear stays in the middle",
    "denounce": "{seat:seats} plays {card:name card} on {victim:seats}: {points:+d} points",
    "execute": "the Executioner of {seat:seats} discards {person:name card} of "
    "{victim:seats}, with {gold:name card|no gold}",
    "riots": "{seat:seats} stirs up Riots against {victim:seats}",
    "guard": "{seat:seats} stations {musketeer:name card} on {province:name card}",
    "riots_take": "{seat:seats} takes the unguarded provinces of {victim:seats}: "
    "{provinces:name card|none}",
    "steal": "{seat:seats} plays {card:name card} and takes {taken:name card} from "
    "{victim:seats}: {points:+d} points",
    "extortion": "{seat:seats} extorts a random card from the hand of {victim:seats}",
    "extorted_placed": "{seat:seats} puts the extorted {card:name card} into their "
    "structure{onto:name onto}",
    "extorted_kept": "{seat:seats} keeps the extorted card in hand",
    "group_won": "the {kind:name group} of the middle go to {seat:seats}: {cards:name card}",
    "group_tied": "the {kind:name group} of the middle are tied between {seats:seats}: each "
    "takes their own card back ({cards:name card})",
    "take_back": "{seat:seats} takes back {card:name card} from the middle",
    # officials
    "activate": "{card:name card} of {seat:seats} takes office",
    "arrest": "the Captain of the Guard of {seat:seats} arrests {person:name card} of "
    "{victim:seats}, with {gold:name card|no gold}",
    "give": "{seat:seats} gives {card:name card} to {receiver:seats}",
    "to_hand": "{seat:seats} takes {card:name card} into hand",
    "place": "{seat:seats} puts {card:name card}{onto:name onto}",
    # Phases 3 and 4, the end
    "province_scoring": "province scoring: {points:per_seat +d}; scores {scores:per_seat}",
    "deck_empty": "the draw pile is used up in the refill: the next round is the last",
    "king_moves": "the King moves on to {seat:seats}",
    "final_scoring": "final scoring: scores {scores:per_seat}",
    "next_deal": "nobody has {limit} points yet: a new deal (scores {scores:per_seat})",
    "game_end": "game over: scores {scores:per_seat}; winner: {winners:seats}",
    # private: told to one seat only
    "hand": "{seat:seats} is dealt {cards:name card}",
    "drawn": "{seat:seats} draws {card:name card} ({why:name draws})",
    "duel_card_is": "the duel card of {seat:seats} is {card:name card}",
    "ear_bid_is": "the bid of {seat:seats} for the King's Ear is {card:name card}",
    "extorted": "{seat:seats} extorts {card:name card} from {victim:seats}",
}

_VLR_NAMES: dict[str, dict[Any, str]] = {
    "card": _VLR_CARDS,
    "onto": {-1: "", **{c: f" on {name}" for c, name in _VLR_CARDS.items()}},
    "captivity": {True: "held captive by", False: "visiting"},
    "last_round_note": {True: " — the last round", False: ""},
    "duel_off": {
        "no number card": "the defender has no number card",
        "tie, called off": "after a tie one side declines to fight on",
    },
    "rebellion": {
        "none in the last round": "it is the last round",
        "none: several rebellions": "several Rebellions were played and no King is freed",
    },
    "group": {
        "province": "provinces", "gold": "gold cards", "musketeer": "musketeers",
        "courtier": "courtiers",
    },
    "draws": {"turn": "step A of the turn", "refill": "refilling the hand"},
}

# --- Versailles 1682 -------------------------------------------------------------------------

_V1682_CARDS = {c: card.names["en"] for c, card in enumerate(v1682.CARDS)}
_V1682_COUNTRIES = {"england": "England", "spain": "Spain", "holland": "Holland"}
_V1682_PARTIES = {"england": "English", "spain": "Spanish", "holland": "Dutch"}
_V1682_ROYALS = {"king": "the King", "queen": "the Queen"}
_V1682_WHY = {
    **{card.key: card.names["en"] for card in v1682.CARD_TYPES},
    "audience": "an audience",
    "audience_refused": "an audience refused",
    "bastille": "in the Bastille",
    "etiquette": "a breach of etiquette",
    "governess": "the Governess",
    "income": "income",
    "intervention": "an intervention",
    "king_refuses": "the King refuses",
    "payment": "a payment",
    "queen_refuses": "the Queen refuses",
    "request_refused": "a request refused",
    "special_pension": "a special pension",
    "spouse_income": "the spouse's income",
    "trial": "the Chancellor's trial",
    "war": "war on their party's country",
}

_V1682_MESSAGES: dict[str, Template] = {
    "setup": "{players} players; first steward: {steward:seats}; the first family with "
    "{target:,} livres wins",
    "courtier": "{seat:seats} is the family {name}; its first courtier is a {gender:name genders}",
    "party": "{seat:seats} belongs to the {party:name parties} party",
    "queen_origin": "the Queen comes from {origin:name countries}",
    "round": "── round {round} ── steward: {steward:seats}",
    "presented": "{seat:seats} is presented at court: standing {king:name standings} with the "
    "King, {queen:name standings} with the Queen",
    "heir": "an heir of {seat:seats} comes to court: a {gender:name genders} of the "
    "{party:name parties} party",
    "new_royals": "a new King and Queen are crowned; the Queen comes from "
    "{origin:name countries}",
    "regency_ends": "the regency ends",
    # negotiation and the court's place
    "negotiation": "── negotiation",
    "payment": "{seat:seats} sends {amount:,} livres to {to:seats}",
    "shows": "{seat:seats} shows a card to {to:seats}",
    "done": "{seat:seats} is done negotiating",
    "negotiation_ends": "the negotiation ends",
    "court_moves": (
        "{seat:seats} holds the court {place:name places}",
        "the court goes {place:name places}",
    ),
    "court_stays": "the court stays {place:name places}",
    # turns
    "turn": "turn of {seat:seats}",
    "no_turn": "{seat:seats} has no courtier and no turn",
    "draw": "{seat:seats} draws a card from the Talon",
    "draw_house": "{seat:seats} takes {card:name card} from the House of the King",
    "reshuffle": "the discards are shuffled into a new Talon of {cards:n card|cards}",
    "give": "{seat:seats} chooses to give {to:seats} one or two cards",
    "card_given": "{seat:seats} gives a card to {to:seats}",
    "end_turn": "{seat:seats} ends the turn",
    "discard": "{seat:seats} discards {card:name card} down to the hand limit",
    # requests and audiences
    "request": "{seat:seats} requests {card:name card} for {beneficiary:seats}"
    "{queen:name through_queen}: roll {rolls} — {granted:name outcomes}",
    "granted": "{card:name card} now lies before {seat:seats}",
    "to_house": "{card:name card} goes to the House of the King{seat:name from_seat}",
    "audience": "{seat:seats} asks {royal:name royals} in audience to {kind:name audiences}: "
    "die {roll} — {accepted:name outcomes}",
    "intervention": "{seat:seats} speaks to {royal:name royals} about {target:seats}: "
    "die {roll}, {change:+d}",
    "marriage": "{husband:seats} marries {wife:seats}, who takes the name {name}",
    "new_queen": "the King remarries; the new Queen comes from {origin:name countries}",
    # cards
    "play": "{seat:seats} plays {card:name card} on {target:name figure}"
    "{royal:name with_royal}",
    "play_war": "{seat:seats} plays {card:name card}",
    "favourite": "{seat:seats} becomes the King's Favourite",
    "lover": "{seat:seats} becomes the Queen's Lover",
    "secret_marriage": "the King secretly marries {seat:seats}",
    "privilege_lost": "{seat:seats} loses the {card:name card} card",
    "war": "France goes to war against {country:name countries}",
    "peace": "peace: every war ends",
    # office powers
    "power": (
        "{seat:seats}, Chancellor, tries {target:seats}: die {roll}, verdict "
        "{verdict:name verdicts}",
        "{seat:seats}, Finance Minister, grants {target:seats} a special pension: die {roll}",
        "{seat:seats}, Governess, speaks {sign:name signs} {target:seats} to {royal:name royals}",
        "{seat:seats}, War Minister, makes peace{peace:name peace_made}",
        "{seat:seats}, War Minister, declares war on {country:name countries}",
        "{seat:seats}, Master of the Hunt, leads the court {place:name places}",
        "{seat:seats}, Chancellor, sends {target:seats} to the Bastille",
    ),
    "fine": "the steward {steward:seats} fines {offender:seats} {amount:,} livres for "
    "addressing {addressed:seats} as “{text}” ({faults})",
    # standing, fortune and fate
    "standing": "{seat:seats}: {change:+d} with {royal:name royals}, now {standing} "
    "({why:name reasons})",
    "fortune": "{seat:seats}: {amount:+,} livres ({why:name reasons}), now {fortune:,}",
    "no_income": "{seat:seats} receives no income ({why:name reasons})",
    "bastille": "{seat:seats} is sent to the Bastille",
    "exile": "{seat:seats} is sent into exile",
    "returns": "{seat:seats} returns to court ({why:name reasons})",
    "death": "the courtier of {seat:seats} dies ({why:name reasons})",
    "widow_inherits": "the widow {seat:seats} keeps {card:name card}",
    "king_dies": "the King dies ({why:name reasons})",
    "queen_dies": "the Queen dies ({why:name reasons})",
    "regency": "the Queen rules as Regent until round {until_round}",
    "round_ends_at_once": "King and Queen are both dead: the round ends at once",
    # private: told to one seat only
    "drawn": "{seat:seats} draws {card:name card}",
    "shown": "{seat:seats} shows {card:name card}",
    "given": "{seat:seats} gives {card:name card} to {to:seats}",
    "received": "{seat:seats} gives {card:name card} to {to:seats}",
    "game_over": "game over ({reason:name end_reasons}): fortunes {fortunes:per_seat ,}; "
    "winner: {winners:seats}",
}

_V1682_NAMES: dict[str, dict[Any, str]] = {
    "card": _V1682_CARDS,
    "countries": _V1682_COUNTRIES,
    "parties": _V1682_PARTIES,
    "royals": _V1682_ROYALS,
    "reasons": _V1682_WHY,
    "genders": {"m": "man", "f": "woman"},
    "standings": {v1682.NO_STANDING: "none"},
    "places": {"hunt": "at the hunt", "versailles": "at Versailles", "war": "with the army"},
    "outcomes": {True: "granted", False: "refused"},
    "through_queen": {True: " through the Queen", False: ""},
    "from_seat": {-1: "", **{seat: f" from seat {seat}" for seat in range(6)}},
    "figure": {-1: "the King", -2: "the Queen", **{seat: f"seat {seat}" for seat in range(6)}},
    "with_royal": {None: "", "king": " (with the King)", "queen": " (with the Queen)"},
    "audiences": {
        "free_prisoner": "free a prisoner", "intervene": "intervene",
        "marry": "allow a marriage", "recall_exile": "recall an exile",
        "remarry_king": "remarry", "withdraw_office": "withdraw an office",
    },
    "verdicts": {"acquittal": "acquittal", "death": "death", "exile": "exile", "fine": "a fine"},
    "signs": {1: "for", -1: "against"},
    "peace_made": {True: ""},
    "end_reasons": {
        "target": "a family reached the target", "round_limit": "the round limit is reached",
    },
}

# --- all games -------------------------------------------------------------------------------

EVENT_MESSAGES: dict[str, dict[str, Template]] = {
    "louis14": _LOUIS14_MESSAGES,
    "vive_le_roi": _VLR_MESSAGES,
    "versailles1682": _V1682_MESSAGES,
}
"""Wording of each game's events, by game id and event type."""

VALUE_NAMES: dict[str, Mapping[str, Mapping[Any, str]]] = {
    "louis14": _LOUIS14_NAMES,
    "vive_le_roi": _VLR_NAMES,
    "versailles1682": _V1682_NAMES,
}
"""Names for coded values in each game's events, by game id, table and value. A table named
like a field names that field wherever it occurs."""
