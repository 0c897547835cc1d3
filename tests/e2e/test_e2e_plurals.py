"""The browser picks a message's plural form by the language's gettext rule, as served with
the catalog (``/api/i18n/<lang>``), and never evaluates that rule as code."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

FORMS = """async () => {
  const i18n = await import("/static/js/i18n.js");
  const out = {};
  for (const lang of ["en", "nl", "fr", "de", "cs"]) {
    await i18n.loadLanguage(lang);
    out[lang] = {
      moves: [0, 1, 2].map((n) => i18n.t("versailles1682.board.moves", { n })),
      louis: [1, 3, 5].map((n) => i18n.t("louis14.count.louis", { n })),
      written: i18n.t("versailles1682.livres", { amount: "12\\u00a0000" }),
    };
  }
  return out;
}"""

REFUSED = """async () => {
  const { pluralRule } = await import("/static/js/plural_rule.js");
  try { pluralRule("nplurals=2; plural=alert(1);"); return "evaluated"; }
  catch (error) { return String(error.message); }
}"""


def test_e2e_the_browser_counts_word_for_word(browser: Browser, server: Any) -> None:
    page = browser.new_page()
    try:
        page.goto(server.base + "/")
        forms = page.evaluate(FORMS)
        refused = page.evaluate(REFUSED)
    finally:
        page.close()
    assert forms["en"]["moves"] == ["0 moves", "1 move", "2 moves"]
    assert forms["nl"]["moves"] == ["0 zetten", "1 zet", "2 zetten"]
    assert forms["fr"]["moves"] == ["0 coup", "1 coup", "2 coups"]
    assert forms["de"]["moves"] == ["0 Züge", "1 Zug", "2 Züge"]
    assert forms["cs"]["moves"] == ["0 tahů", "1 tah", "2 tahy"]
    assert forms["cs"]["louis"] == ["1 louisdor", "3 louisdory", "5 louisdorů"]
    assert forms["cs"]["written"] == "12\u00a0000 livrů"
    assert forms["de"]["written"] == "12\u00a0000 Livre"
    assert refused.startswith("plural rule:"), refused


ELIDED = """async () => {
  const i18n = await import("/static/js/i18n.js");
  const { finish } = await import("/static/js/elision.js");
  await i18n.loadLanguage("fr");
  const filled = i18n.t("versailles1682.event.intervention", {
    seat: "Bert", royal: "le Roi", target: "Anna", roll: "6", change: "-2" });
  return {
    filled,
    samples: ["auprès de le Roi", "de le Grand Dauphin", "à les Anglais", "qu'il faut que Anne",
              "de le faire", "à Le Nôtre"].map((text) => finish("fr", text)),
    english: finish("en", "de le Roi, de Anna"),
  };
}"""


def test_e2e_the_browser_contracts_french_as_the_server_does(browser: Browser,
                                                             server: Any) -> None:
    """The board's own texts (Louis XIV's log is worded in the browser) make the French
    contractions and elisions as the server's do: "au Roi", "d'Anna"."""
    page = browser.new_page()
    try:
        page.goto(server.base + "/")
        said = page.evaluate(ELIDED)
    finally:
        page.close()
    assert "demande au Roi" in said["filled"] and "faveur d'Anna" in said["filled"], said
    assert said["samples"] == ["auprès du Roi", "du Grand Dauphin", "aux Anglais",
                               "qu'il faut qu'Anne", "de le faire", "à Le Nôtre"]
    assert said["english"] == "de le Roi, de Anna"
