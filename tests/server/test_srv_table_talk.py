"""Table talk at a Versailles 1682 table: a public chat message that addresses a courtier is
an ``Address`` of its writer, judged by etiquette; the steward's fines (a bot steward fines at
once; a person fines out of turn); a private message is never judged; refusals change nothing;
talk out of turn leaves the clock of the seat to move alone."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from srv_support import auth, new_match, service_of, true_states, wait_until

from sunking.games.versailles1682.scenario import seed_for_steward
from sunking.games.versailles1682.state import V1682State

GAME = "versailles1682"




def state_of(client: TestClient, created: dict[str, Any]) -> V1682State:
    state = true_states(client, created["match_id"])[-1]
    assert isinstance(state, V1682State)
    return state


def play_setup(client: TestClient, created: dict[str, Any]) -> V1682State:
    """Name every courtier (the people choose the first legal action) and return the state."""
    match_id, tokens = created["match_id"], created["tokens"]
    while True:
        state = state_of(client, created)
        if all(n >= 0 for n in state.name) and state.phase != "setup":
            return state
        seat = state.to_move
        if seat not in tokens:
            wait_until(lambda v=state.version: state_of(client, created).version > v)
            continue
        action = state.legal_actions()[0].to_json()
        answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[seat]),
                             json={"version": state.version, "action": action})
        assert answer.status_code == 200, answer.text


def say(client: TestClient, created: dict[str, Any], seat: int, body: dict[str, Any]) -> Any:
    return client.post(f"/api/matches/{created['match_id']}/chat", json=body,
                       headers=auth(created["tokens"][seat]))


def wrong_address(state: V1682State, seat: int) -> str:
    """An address of ``seat``'s courtier that names it but is wrong ("Herr" is no rank)."""
    from sunking.games.versailles1682.data import FAMILY_NAMES

    return f"Herr {FAMILY_NAMES[state.name[seat]]}, a word?"


def test_srv_a_wrong_address_in_chat_is_fined_by_a_bot_steward(client: TestClient) -> None:
    created = new_match(client, ("human", "human", "human", "heuristic"), game=GAME,
                        seed=seed_for_steward(4, 3))
    state = play_setup(client, created)
    before = state.fortune[0]
    answer = say(client, created, 0, {"text": wrong_address(state, 1)})
    assert answer.status_code == 201, answer.text
    assert answer.json()["text"].startswith("Herr ")
    wait_until(lambda: len(state_of(client, created).register) == 1)
    after = state_of(client, created)
    assert after.faults[0]["speaker"] == 0 and after.faults[0]["courtier"] == 1
    assert after.faults[0]["fined"] and after.register[0]["offender"] == 0
    assert after.fortune[0] == before - 1000
    stored = service_of(client).store.load(created["match_id"]).actions
    # The address and the steward's fine follow each other; the bot may already have gone
    # on with its own turn after them.
    kinds = [a.action["type"] for a in stored]
    at = len(kinds) - 1 - kinds[::-1].index("address")
    assert kinds[at + 1] == "fine" and stored[at + 1].mover == "bot"
    # A right address is said, judged and leaves no fault.
    right = after.view(0)["courtiers"][1]["address"]  # type: ignore[index,call-overload]
    assert say(client, created, 2, {"text": f"{right}, bonjour"}).status_code == 201
    said = [a.action for a in service_of(client).store.load(created["match_id"]).actions
            if a.action["type"] == "address"]
    assert [a["speaker"] for a in said] == [0, 2] and said[1]["courtier"] == 1
    assert len(state_of(client, created).faults) == 1


def test_srv_a_person_steward_fines_out_of_turn_once(client: TestClient) -> None:
    created = new_match(client, ("human", "human", "human", "human"), game=GAME,
                        seed=seed_for_steward(4, 2))
    state = play_setup(client, created)
    assert say(client, created, 0, {"text": "a word with you", "addressed": 1}).status_code == 201
    state = state_of(client, created)
    assert len(state.faults) == 1 and not state.register
    url = f"/api/matches/{created['match_id']}/actions"
    fine = {"version": state.version, "action": {"type": "fine", "fault": 0}}
    wrong = client.post(url, json=fine, headers=auth(created["tokens"][1]))
    assert wrong.status_code == 409, wrong.text
    assert "steward" in wrong.json()["error"]["message"]
    answer = client.post(url, json=fine, headers=auth(created["tokens"][2]))
    assert answer.status_code == 200, answer.text
    fined = state_of(client, created)
    assert fined.fortune[0] == state.fortune[0] - 1000 and fined.to_move == state.to_move
    fine["version"] = fined.version
    again = client.post(url, json=fine, headers=auth(created["tokens"][2]))
    assert again.status_code in (409, 422), again.text
    assert "already been fined" in again.json()["error"]["message"]
    assert state_of(client, created).version == fined.version


def test_srv_private_talk_is_never_judged(client: TestClient) -> None:
    created = new_match(client, ("human", "human", "human", "human"), game=GAME)
    state = play_setup(client, created)
    answer = say(client, created, 0, {"text": wrong_address(state, 1), "to": [1]})
    assert answer.status_code == 201, answer.text
    assert state_of(client, created).version == state.version
    mixed = say(client, created, 0, {"text": "psst", "to": [1], "addressed": 1})
    assert mixed.status_code == 422 and "private" in mixed.json()["error"]["message"]


def test_srv_a_refused_address_posts_nothing(client: TestClient) -> None:
    created = new_match(client, ("human", "human", "human", "human"), game=GAME)
    state = play_setup(client, created)
    chat = f"/api/matches/{created['match_id']}/chat"
    for body, status, words in (
        ({"text": "Monsieur", "addressed": 0}, 409, "own courtier"),
        ({"text": "Monsieur", "addressed": 9}, 422, "'addressed'"),
        ({"text": "Monsieur", "addressed": True}, 422, "'addressed'"),
    ):
        answer = say(client, created, 0, body)
        assert answer.status_code == status, answer.text
        assert words in answer.json()["error"]["message"]
    assert client.get(chat, headers=auth(created["tokens"][1])).json()["messages"] == []
    assert state_of(client, created).version == state.version


def test_srv_talk_out_of_turn_keeps_the_clock_of_the_seat_to_move(client: TestClient) -> None:
    """A right address (no fault, so the mover's choices stay the same) changes the version
    but neither the mover's deadline nor anyone's time bank; the mover's move computed from
    the version before the talk still counts."""
    created = new_match(client, ("human", "human", "human", "human"), game=GAME,
                        turn_clock_seconds=3600.0, time_bank_seconds=60.0)
    state = play_setup(client, created)
    live = service_of(client).cache.held[created["match_id"]]
    deadline, mover = live.turn_deadline, state.to_move
    assert deadline is not None and mover is not None
    talker = (mover + 1) % 4
    banks = [s.bank_left for s in live.record.seats]
    right = state.view(talker)["courtiers"][mover]["address"]  # type: ignore[index,call-overload]
    answer = say(client, created, talker, {"text": f"{right}, bonjour"})
    assert answer.status_code == 201, answer.text
    assert state_of(client, created).version == state.version + 1
    assert live.turn_deadline == deadline
    assert [s.bank_left for s in live.record.seats] == banks
    move = state.legal_actions()[0].to_json()
    answer = client.post(f"/api/matches/{created['match_id']}/actions",
                         json={"version": state.version, "action": move},
                         headers=auth(created["tokens"][mover]))
    assert answer.status_code == 200, answer.text
    assert state_of(client, created).version == state.version + 2
    stale = client.post(f"/api/matches/{created['match_id']}/actions",
                        json={"version": state.version, "action": move},
                        headers=auth(created["tokens"][mover]))
    assert stale.status_code == 409, stale.text
