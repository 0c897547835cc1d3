"""Where two JSON values first differ (the messages of the conformance harness and of the
golden playthroughs)."""

from __future__ import annotations

from sunking.testing.diff import first_difference


def test_the_same_data_does_not_differ_whatever_the_key_order() -> None:
    assert first_difference({"a": 1, "b": [1, {"c": 2}]}, {"b": [1, {"c": 2}], "a": 1}) is None


def test_the_first_difference_is_found_with_its_path() -> None:
    expected = {"players": [{"score": 3}, {"score": 5}], "round": 2}
    actual = {"players": [{"score": 3}, {"score": 6}], "round": 3}
    assert first_difference(expected, actual) == ("players[1].score", 5, 6)
    assert first_difference([1, 2], [1, 2, 3]) == (" (length)", 2, 3)
    assert first_difference({"a": 1}, {"b": 1}) == ("a", 1, "<missing>")
    assert first_difference({"a": 1}, {"a": 1, "b": 2}) == ("b", "<missing>", 2)
    assert first_difference(1, True) == ("(value)", 1, True)


def test_key_order_counts_when_asked() -> None:
    assert first_difference({"a": 1, "b": 2}, {"b": 2, "a": 1}) is None
    assert first_difference({"a": 1, "b": 2}, {"b": 2, "a": 1}, "view", key_order=True) == (
        "view (order of keys)", ["a", "b"], ["b", "a"])
