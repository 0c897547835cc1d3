"""Ratings in the browser: after rated matches between accounts (played through the API), a
profile shows its rating per game, marked provisional, the leaderboard lists the rated people
in order, on a desk and on a 390×844 phone, in the page's language; a player resigns from the
match page after its confirmation and his seat is marked as resigned. Screenshots of the
profile and the leaderboard go to ``build/screenshots/ratings/``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from sunking.core import Rng
from support.mailbox import Mailbox, smtp_server, token_in

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "ratings"
PEOPLE = ("Athalie", "Bérénice", "Cinna", "Esther")


@pytest.fixture(scope="module")
def rated(driver: ModuleType, tmp_path_factory: pytest.TempPathFactory,
          ) -> Iterator[tuple[str, dict[str, httpx.Client]]]:
    """A server with mail to a local SMTP server, four accounts and rated matches among them:
    its address and each person's signed-in API client."""
    with smtp_server() as (box, port), pytest.MonkeyPatch.context() as env:
        env.setenv("SUNKING_SMTP_HOST", "127.0.0.1")
        env.setenv("SUNKING_SMTP_PORT", str(port))
        env.setenv("SUNKING_SMTP_TLS", "none")
        server = driver.start_server(tmp_path_factory.mktemp("ratings"))
        clients = {h: httpx.Client(base_url=server.base, timeout=30) for h in PEOPLE}
        try:
            for handle, client in clients.items():
                sign_up(client, box, handle)
            for first, second in (("Athalie", "Bérénice"), ("Athalie", "Cinna"),
                                  ("Bérénice", "Esther"), ("Cinna", "Esther")):
                match_id, tokens = table(clients[first], clients[second], first, second)
                play_out(clients[first], match_id, tokens)
            wait_rated(clients["Esther"], "Esther", 2)
            yield server.base, clients
        finally:
            for client in clients.values():
                client.close()
            driver.stop_server(server)


def csrf(client: httpx.Client) -> dict[str, str]:
    return {"X-CSRF-Token": client.cookies["sunking_csrf"]}


def sign_up(client: httpx.Client, box: Mailbox, handle: str) -> None:
    email = f"{abs(hash(handle))}@example.org"
    answer = client.post("/api/account/signup", json={
        "handle": handle, "email": email, "password": "a long enough password",
        "languages": ["en"]})
    assert answer.status_code == 202, answer.text
    verified = client.post("/api/account/verify", json={"token": token_in(box.wait_for(email))})
    assert verified.status_code == 200, verified.text


def table(host: httpx.Client, guest: httpx.Client, first: str,
          second: str) -> tuple[str, list[str]]:
    """A louis14 match of two accounts: its id and the two seats' tokens."""
    created = host.post("/api/matches", headers=csrf(host), json={
        "game": "louis14", "players": 2, "language": "en",
        "seats": [{"kind": "human", "name": first}, {"kind": "human", "name": second}]}).json()
    claim = guest.post(f"/api/matches/{created['match_id']}/claim", headers=csrf(guest),
                       json={"invitation": created["seats"][1]["invitation"]})
    assert claim.status_code == 201, claim.text
    return created["match_id"], [created["seats"][0]["token"], claim.json()["token"]]


def play_out(client: httpx.Client, match_id: str, tokens: list[str]) -> None:
    """Both seats play random moves (with their tokens, no cookie) until the end."""
    rng = Rng(11)
    bare = httpx.Client(base_url=str(client.base_url), timeout=30)
    while True:
        view = bare.get(f"/api/matches/{match_id}",
                        headers={"Authorization": f"Bearer {tokens[0]}"}).json()
        if view["status"] == "finished":
            break
        seat = view["to_move"]
        mine = bare.get(f"/api/matches/{match_id}",
                        headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
        bare.post(f"/api/matches/{match_id}/actions",
                  headers={"Authorization": f"Bearer {tokens[seat]}"},
                  json={"version": mine["version"], "action": rng.choice(mine["legal_actions"])})
    bare.close()


def wait_rated(client: httpx.Client, handle: str, games: int) -> None:
    """Until the server has rated ``handle``'s ``games`` matches (it does so in the
    background)."""
    for _ in range(600):
        rating = client.get(f"/api/players/{handle}").json()["ratings"].get("louis14")
        if rating and rating["games"] >= games:
            return
        time.sleep(0.05)
    raise AssertionError(f"{handle}'s matches were never rated")


def ready(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")


@pytest.mark.parametrize(("device", "lang"), [("desk", "en"), ("phone", "fr")])
def test_e2e_a_profile_and_the_leaderboard_show_the_ratings(
    browser: Browser, driver: ModuleType, rated: tuple[str, dict[str, httpx.Client]],
    device: str, lang: str,
) -> None:
    base, clients = rated
    board = clients["Athalie"].get("/api/ratings/louis14").json()["players"]
    assert sorted(p["handle"] for p in board) == sorted(PEOPLE)
    viewport = driver.PHONE if device == "phone" else driver.VIEWPORT
    context = browser.new_context(viewport=viewport, locale=lang)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    SHOTS.mkdir(parents=True, exist_ok=True)
    ready(page, f"{base}/players/Cinna")
    driver.set_language(page, lang)
    ratings = page.get_by_test_id("profile-ratings")
    cinna = next(p for p in board if p["handle"] == "Cinna")
    provisional = "provisoire" if lang == "fr" else "provisional"
    expect(ratings).to_contain_text(f"{cinna['rating']}, {provisional}")
    expect(ratings).to_contain_text("2 parties classées" if lang == "fr" else "2 rated matches")
    page.screenshot(path=str(SHOTS / f"profile-{device}-{lang}.png"), full_page=True)
    assert driver.find_overflow(page) == []
    page.get_by_test_id("profile-ratings").get_by_role("link").first.click()
    page.wait_for_url("**/leaderboard/louis14")
    page.wait_for_selector("body[data-ready='1']")
    rows = page.get_by_test_id("leaderboard").locator("tbody tr")
    expect(rows).to_have_count(len(PEOPLE))
    for place, person in enumerate(board):
        expect(rows.nth(place)).to_contain_text(person["handle"])
        expect(rows.nth(place)).to_contain_text(str(person["rating"]))
    page.screenshot(path=str(SHOTS / f"leaderboard-{device}-{lang}.png"), full_page=True)
    assert driver.find_overflow(page) == []
    assert errors == []
    context.close()


def test_e2e_a_player_resigns_after_confirming(
    browser: Browser, driver: ModuleType, rated: tuple[str, dict[str, httpx.Client]],
) -> None:
    base, clients = rated
    match_id, tokens = table(clients["Esther"], clients["Athalie"], "Esther", "Athalie")
    context = browser.new_context(viewport=driver.PHONE)
    page = context.new_page()
    ready(page, f"{base}/play/{match_id}#t={tokens[1]}")
    driver.open_menu(page)  # a phone's header folds its tools behind "Menu"
    button = page.get_by_test_id("resign")
    expect(button).to_be_visible()
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss() if len(asked) == 1 else dialog.accept()

    page.on("dialog", answer)
    button.click()  # "Cancel": nothing happens
    expect(button).to_be_visible()
    assert "rank last" in asked[0]
    button.click()
    expect(page.locator(".badge.resigned").first).to_contain_text("resigned")
    expect(button).to_be_hidden()
    page.screenshot(path=str(SHOTS / "resigned-phone-en.png"), full_page=True)
    view = clients["Esther"].get(f"/api/matches/{match_id}",
                                 headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    assert view["seats"][1]["gone"] == "resigned"
    context.close()


def test_e2e_the_lobby_shows_a_seat_s_rating(
    browser: Browser, driver: ModuleType, rated: tuple[str, dict[str, httpx.Client]],
) -> None:
    base, clients = rated
    host = clients["Bérénice"]
    created = host.post("/api/matches", headers=csrf(host), json={
        "game": "louis14", "players": 2, "language": "en",
        "seats": [{"kind": "human", "name": "Bérénice"}, {"kind": "open"}]}).json()
    rating = host.get("/api/players/Bérénice").json()["ratings"]["louis14"]["rating"]
    context = browser.new_context(viewport=driver.VIEWPORT)
    page = context.new_page()
    driver.open_lobby(page, base)
    page.wait_for_selector("#open-panel[data-loaded='1']")
    expect(page.locator(f"tr[data-match-id='{created['match_id']}']")).to_contain_text(
        f"Bérénice ({rating}, provisional)")
    page.screenshot(path=str(SHOTS / "lobby-desk-en.png"), full_page=True)
    context.close()


def test_e2e_the_lobby_creates_a_practice_match(
    browser: Browser, driver: ModuleType, rated: tuple[str, dict[str, httpx.Client]],
) -> None:
    base, _clients = rated
    context = browser.new_context(viewport=driver.PHONE, locale="nl")
    page = context.new_page()
    driver.open_lobby(page, base, "nl")
    expect(page.locator("label[for=practice]")).to_have_text("Oefenen")
    page.get_by_test_id("practice").check()
    links, _spectator = driver.submit_match(page, [{"kind": "human", "name": "Jean"},
                                                   {"kind": "bot", "bot": "random"}])
    link = links[0]
    assert link is not None
    view = httpx.get(f"{base}/api/matches/{link.match_id}",
                     headers={"Authorization": f"Bearer {link.token}"}).json()
    assert view["practice"] is True
    context.close()
