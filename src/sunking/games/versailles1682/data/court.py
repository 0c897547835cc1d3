"""The numbers of the court: standing scale, dice tables, limits, and the names courtiers bear.

Each constant says where it comes from: a section of the rules (confirmed), or the
reconstruction in ``shared/rules/versailles1682.md`` (``reconstructed``).
"""

from __future__ import annotations

from typing import Final, NamedTuple

STANDING_MIN: Final = -2
STANDING_MAX: Final = 9
"""The apartments' scale (§2.0, confirmed)."""
NO_STANDING: Final = -99
"""A figure that is not in a royal's apartments (away, dead, or the royal is dead)."""

HAND_START: Final = 6
"""Cards dealt to each player (§6.0b, confirmed)."""
HAND_LIMIT: Final = 10
"""Cards a player may keep at the end of his turn (§7.4.1g, confirmed)."""
ACTIONS_PER_TURN: Final = 2
"""§7.4.1, confirmed."""

QUEEN_PARTY_BONUS: Final = 2
"""Added to the Queen standing of her party's courtiers at an introduction (§7.1)."""
FAVOURITE_BONUS: Final = 2
"""Taken off the die the Favourite rolls when the King decides (§9.4d, confirmed)."""
LOVER_BONUS: Final = 2
"""The mirror for the Queen's Lover when the Queen or Regent decides (ruling V-9)."""

INTERVENTION_SMALL: Final = 1
INTERVENTION_LARGE: Final = 2
"""Effect of an intervention audience: second die 1–5 and 6–10 (§8.4d, confirmed)."""
INTERVENTION_LARGE_FROM: Final = 6
INTERVENTION_EXTRA_FROM: Final = 8
"""One point more when the intervener's standing with that royal is at least 8 (§8.4d)."""

PARTY_ROLL: Final = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 1, 7: 2, 8: 2, 9: 2}
"""d10 → party or Queen's origin; a 10 is rolled again (§6.0f, confirmed)."""

CHANCELLOR_VERDICTS: Final = {1: "death", 2: "death", 3: "death", 4: "exile", 5: "exile",
                              6: "exile", 7: "fine", 8: "fine", 9: "fine", 10: "acquittal"}
"""The Chancellor's trial (§9.5a, confirmed); a fine takes half the fortune."""
CHANCELLOR_IMPRISON_MAX: Final = 0
"""The Chancellor and the letters patent reach courtiers at 0, −1 or −2 with the King."""
FINANCE_PENSION_UNIT: Final = 500
"""The Finance Minister's special pension: the die times 500 livres (§9.5b, confirmed)."""
GOVERNESS_STANDING: Final = 3
"""The Governess's praise or blame (§9.5e, confirmed)."""
WAR_PENALTY_KING: Final = 3
WAR_PENALTY_QUEEN: Final = 2
"""Supporters of the enemy lose this standing when war is declared (§9.5c, confirmed)."""

ETIQUETTE_FINE: Final = 1000
"""The steward's fine for a breach of etiquette (§3.0, confirmed)."""

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 6
"""How many may play (3 to 6)."""

TARGETS: Final = (30000, 50000)
"""The fortunes a family may play for (§6.0g, confirmed)."""
ROUND_LIMITS: Final = (20, 30, 40, 60)
"""Engine bound, not a rule: after this many rounds the richest family wins."""

NEGOTIATION_MOVES: Final = 1
"""Default of the ``negotiation_moves`` option, the engine bound standing in for the 5-minute
clock of §7.2: payments, shows or offers per player and negotiation (then he is done); the server
adds the wall clock. A state saved before the option existed keeps this bound."""
NEGOTIATION_MOVE_CHOICES: Final = (1, 2, 3, 5, 10)
PAYMENT_STEP: Final = 1000
PAYMENT_MAX: Final = 20000
PAYMENTS: Final = tuple(range(PAYMENT_STEP, PAYMENT_MAX + 1, PAYMENT_STEP))
"""The sums a player may send another in one payment during the negotiation: any the payer
has (§7.2 sets no limit), in steps of 1,000 up to 20,000 (engine bounds that keep the choices
few; a larger sum takes several payments)."""
OFFER_AMOUNTS: Final = (1000, 2000, 3000, 5000, 10000)
"""The sums of an offer ("I pay 2,000 if you …"), engine choice."""
FAVOURS: Final = ("play_card", "move_court", "intervene", "request")
"""What an offer asks in return, from §7.2's own list: play one of his cards in the payer's
favour, move the court, intervene with the King for him, make a request for him."""

FAMILY_NAMES: Final = (
    "de Trémière", "de Bourgenrelle", "de la Tour qui Penche", "d'Argenson",
    "de Maintenon", "Serizet Van Broutmou", "de Montespan", "de Lauzun", "de Vendôme",
    "de Sévigné", "de Rohan", "de Saint-Simon",
)
"""The family names players choose from; the first six are the rulebook's own examples."""

GIVEN_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "m": ("Jean", "Paul", "Louis", "François", "Charles", "Philippe", "Henri", "Armand"),
    "f": ("Marie", "Anne", "Françoise", "Louise", "Catherine", "Madeleine", "Athénaïs",
          "Marguerite"),
}
"""Given names of the family members who come to court, in order of succession."""

RANKS: Final = {"m": "Monsieur", "f": "Madame"}
"""The rank that opens a form of address, as in the rulebook's examples (§3.0, §8.4)."""
RANK_ALIASES: Final[dict[str, tuple[str, ...]]] = {
    "m": ("Monsieur", "Monseigneur", "Sir", "Mylord", "Milord", "My Lord"),
    "f": ("Madame", "Ihre Ladyschaft", "Lady", "Milady", "My Lady"),
}
"""The ranks the judge knows: the French of the rulebook's examples, the German edition's
(§3.0: "Ihre Ladyschaft, Lady oder Sir") and their English equivalents. "Herr" and "Frau"
are not ranks of the court."""
ARTICLES: Final = {"m": ("le",), "f": ("la",)}
"""The French article between the rank and a dignity or title ("Madame la Marquise")."""
COURTESIES: Final = (
    "mein lieber", "meine liebe", "lieber", "liebe", "verehrter", "verehrte",
    "mon cher", "ma chère", "mon très cher", "ma très chère", "cher", "chère",
    "my dear", "dear", "bonjour", "guten tag", "good day",
)
"""Words of courtesy that may open an address (§3.0: "mein lieber Marquis de Trémière")."""
OPENERS: Final = (
    "Herr", "Frau", "Fräulein", "Mademoiselle", "Madam", "Mister", "Mr", "Mrs", "Miss", "Ms",
    "Excellenz", "Excellence", "Excellency", "Hoheit", "Altesse", "Highness", "Graf", "Gräfin",
)
"""Words that open an address the court does not use (§3.0 names none of them): a public
message that opens with one, or with any word of a form of address, is taken for an address
(and judged, strictly)."""
DIGNITY: Final = {"m": "Maréchal", "f": "Maréchale"}
DIGNITY_ALIASES: Final[dict[str, tuple[str, ...]]] = {
    "m": ("Maréchal", "Marschall", "Marshal"),
    "f": ("Maréchale", "Marschallin", "Marshal"),
}
"""The Marshal of France's dignity (WÜRDE), by gender; English has one form for both."""
TITLE_FORMS: Final[dict[str, dict[str, str]]] = {
    "duc": {"m": "Duc", "f": "Duchesse"},
    "marquis": {"m": "Marquis", "f": "Marquise"},
    "comte": {"m": "Comte", "f": "Comtesse"},
    "baron": {"m": "Baron", "f": "Baronne"},
}
"""Masculine and feminine forms of each title (ruling V-40: show Comte, accept Conte)."""
TITLE_ALIASES: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    "duc": {"m": ("Duc", "Herzog", "Duke"), "f": ("Duchesse", "Herzogin", "Duchess")},
    "marquis": {"m": ("Marquis", "Markgraf", "Marquess"),
                "f": ("Marquise", "Markgräfin", "Marchioness")},
    "comte": {"m": ("Comte", "Conte", "Graf", "Count"),
              "f": ("Comtesse", "Contessa", "Gräfin", "Countess")},
    "baron": {"m": ("Baron", "Freiherr"), "f": ("Baronne", "Baronin", "Freifrau",
                                                 "Baroness")},
}
"""Every form of a title the judge accepts: French, the German edition's, German, English."""
class AddressWords(NamedTuple):
    """The words of a generated form of address in one language."""

    rank: dict[str, str]
    dignity: dict[str, str]
    titles: dict[str, dict[str, str]]
    office: int
    """Which of :data:`OFFICE_FORMS`' forms names an office."""
    joiner: str
    """The word between two offices."""
    article: bool
    """Whether an article stands before the dignity or title ("Madame la Marquise")."""


ADDRESS_FORMS: Final[dict[str, AddressWords]] = {
    "fr": AddressWords(RANKS, DIGNITY, TITLE_FORMS, 0, "et", True),
    "de": AddressWords({"m": "Sir", "f": "Ihre Ladyschaft"},
                       {"m": "Marschall", "f": "Marschallin"}, TITLE_FORMS, 1, "und", False),
    "en": AddressWords({"m": "Sir", "f": "Lady"}, {"m": "Marshal", "f": "Marshal"},
                       {"duc": {"m": "Duke", "f": "Duchess"},
                        "marquis": {"m": "Marquess", "f": "Marchioness"},
                        "comte": {"m": "Count", "f": "Countess"},
                        "baron": {"m": "Baron", "f": "Baroness"}}, -1, "and", False),
}
"""The words of a generated form of address per language: French as in the rulebook's
examples, German as the German edition has it (its rank words, the French titles, German
offices), English."""
FAMILY_ALIASES: Final[dict[str, tuple[str, ...]]] = {
    "de la Tour qui Penche": ("de Tour qui Penche",),
}
"""Other spellings of a family name the rulebook itself uses (§8.4: "Madame de Tour qui
Penche")."""
OFFICE_FORMS: Final[dict[str, tuple[str, ...]]] = {
    "chancellor": ("Chancelier", "Kanzler", "Chancellor"),
    "finance_minister": ("Contrôleur général des finances", "Finanzminister",
                         "Minister der Finanzen", "Finance Minister"),
    "war_minister": ("Secrétaire d'État de la Guerre", "Kriegsminister", "War Minister"),
    "master_of_hunt": ("Grand Veneur", "Jagdmeister", "Master of the Hunt"),
    "governess": ("Gouvernante des Enfants de France", "Gouvernante der königlichen Kinder",
                  "Gouvernante", "Governess"),
    "first_lady": ("Première dame d'honneur de la Reine", "Erste Hofdame der Königin",
                   "Première dame d'honneur", "Erste Hofdame", "First Lady-in-waiting"),
    "lady_in_waiting": ("Dame d'honneur de la Reine", "Hofdame der Königin", "Dame d'honneur",
                        "Hofdame", "Lady-in-waiting"),
    "governor_gascogne": ("Gouverneur de Gascogne", "Gouverneur der Gascogne",
                          "Governor of Gascony"),
    "governor_normandie": ("Gouverneur de Normandie", "Gouverneur der Normandie",
                           "Governor of Normandy"),
    "governor_bourbonnais": ("Gouverneur du Bourbonnais", "Gouverneur des Brougonnais",
                             "Governor of the Bourbonnais"),
}
"""How an office is named in a form of address: the French form first (the one generated),
the German second, the English last; all are accepted."""


COURT_PLACES: Final = ("versailles", "hunt", "war")
"""Where the court is (the King's pawn), by the state's ``court`` number."""
