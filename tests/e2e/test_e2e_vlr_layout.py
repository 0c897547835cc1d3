"""The Vive le Roi board keeps its figures and card names in sight, at a desk and on a phone:
in a fight each side's total is never under a card, and in a power structure a card attached
under another leaves the other's name readable (the stack fans out down the page)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

SIZES = {"desk": {"width": 1400, "height": 1000}, "phone": {"width": 390, "height": 844}}

COVERED_JS = """() => {
  const box = (n) => n.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const out = { totals: 0, stacked: 0, covered: [] };
  for (const total of document.querySelectorAll('.vlr-exchange .vlr-total')) {
    out.totals += 1;
    for (const card of document.querySelectorAll('.vlr-exchange .vlr-card')) {
      if (meet(box(total), box(card))) out.covered.push('total: ' + total.textContent);
    }
  }
  for (const card of document.querySelectorAll('.vlr-pile .vlr-card.attached')) {
    const above = card.previousElementSibling;
    if (!above || !above.classList.contains('vlr-card')) continue;
    out.stacked += 1;
    const name = above.querySelector('.vlr-card-name');
    if (name && meet(box(name), box(card))) {
      out.covered.push('name under an attached card: ' + name.textContent);
    }
  }
  return out;
}"""


def check(driver: ModuleType, page: Page, seen: dict[str, int], where: str) -> None:
    driver.settle(page)
    found = page.evaluate(COVERED_JS)
    assert found["covered"] == [], f"{where}: {found['covered']}"
    seen["totals"] += found["totals"]
    seen["stacked"] += found["stacked"]


@pytest.mark.parametrize("size", SIZES)
def test_e2e_vlr_totals_and_stacked_names_stay_in_sight(
    browser: Browser, server: Any, driver: ModuleType, size: str,
) -> None:
    context = browser.new_context(viewport=SIZES[size])  # type: ignore[arg-type]
    page = context.new_page()
    seat = driver.solo_match(page, server, "vive_le_roi", "en")
    driver.open_match(page, seat)
    seen = {"totals": 0, "stacked": 0}
    # The match's deal is drawn at random: twenty decisions see a fight and a stacked card
    # in any deal where ten sometimes saw no fight yet.
    driver.play_vlr(page, server, seat, 20,
                    check=lambda p, n: check(driver, p, seen, f"{size}, decision {n}"))
    assert seen["totals"] > 0, "no fight was seen: the check of totals never ran"
    assert seen["stacked"] > 0, "no stacked card was seen: the check of names never ran"
    context.close()
