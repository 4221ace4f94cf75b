"""encoding/1 (froeschis.games.froeschis.encoding): ids round-trip, the tensor follows
spec/froeschis/encoding.md, and a
seat's view holds exactly what it may know: equal for states it cannot tell apart, blind to
face-down cards and to the draw pile's order."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from froeschis.framework.errors import FormatError, FroeschisError, RulesError
from froeschis.games.froeschis import encoding
from froeschis.games.froeschis.actions import (
    DECLINE_SWAP,
    DRAW,
    SWAP,
    TAKE_DISCARD,
    ActionKind,
    Shuffle,
    frog_at,
)
from froeschis.games.froeschis.bots import determinize
from froeschis.games.froeschis.cards import FROG, TRASH, Card, Row, number
from froeschis.games.froeschis.cards import spot as shared_spot
from froeschis.games.froeschis.chance import sample_chance
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.observation import observe
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import Rules, with_variants
from froeschis.games.froeschis.state import Phase, Player
from froeschis.games.froeschis.tiny import tiny_deck

ALL_RULES = [
    with_variants(Rules(), *names) for n in range(4) for names in itertools.combinations(VARIANT_OPTIONS, n)
]
TINY = Rules(deck=tiny_deck("1 1 1 1 2 2 2 2 3 3 3 3 F F T T T"), row_length=3)
MAX_STEPS = 3000
"""Where a random game is cut off: the rules have no end for a game in which nobody completes a row."""


def random_states(players: int, rules: Rules, seed: int, games: int = 2) -> Iterator[GameState]:
    """Every state of a few games played with random actions and random shuffles (at most
    :data:`MAX_STEPS` of each)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = new_game(players, rules)
        yield state
        for _ in range(MAX_STEPS):
            if state.is_terminal:
                break
            action = sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
            state = state.apply(action)
            yield state


def sample_states(every: int = 7) -> Iterator[GameState]:
    """Every ``every``-th state of random games with 2 to 4 players under every combination of
    variants, and of a tiny game (a different row length and deck)."""
    for seed, (players, rules) in enumerate(itertools.product((2, 3, 4), [*ALL_RULES, TINY])):
        yield from itertools.islice(random_states(players, rules, seed), 0, None, every)


# --------------------------------------------------------------------------- ids


def test_the_ids_are_the_ones_the_spec_lists() -> None:
    """spec/froeschis/encoding.md: draw 0, take-discard 1, swap 2, decline-swap 3, frog@k 3+k."""
    rules = Rules()
    assert encoding.num_distinct_actions(rules) == 12
    assert [encoding.id_to_action(i, rules) for i in range(4)] == [DRAW, TAKE_DISCARD, SWAP, DECLINE_SWAP]
    assert [encoding.action_to_id(frog_at(k), rules) for k in range(1, 9)] == list(range(4, 12))
    assert encoding.num_distinct_actions(TINY) == 7
    assert encoding.action_to_id(SWAP, TINY) == 2  # not moved by a shorter row


@pytest.mark.parametrize("rules", [Rules(), TINY], ids=["published", "tiny"])
def test_every_id_is_one_action_and_back(rules: Rules) -> None:
    count = encoding.num_distinct_actions(rules)
    actions = [encoding.id_to_action(i, rules) for i in range(count)]
    assert len(set(actions)) == count
    assert [encoding.action_to_id(a, rules) for a in actions] == list(range(count))


def test_every_legal_action_of_many_states_round_trips_and_is_in_the_mask() -> None:
    checked = Counter[str]()
    for state in sample_states(every=3):
        for seat in range(state.num_players):
            mask = encoding.legal_action_mask(state, seat)
            assert len(mask) == encoding.num_distinct_actions(state.rules)
            deciding = seat == state.current_player
            legal = state.legal_actions() if deciding else ()
            ids = [encoding.action_to_id(action, state.rules) for action in legal]
            assert [encoding.id_to_action(i, state.rules) for i in ids] == list(legal)
            assert [i for i, allowed in enumerate(mask) if allowed] == sorted(ids)
            checked.update(str(action).partition("@")[0] for action in legal)
    # the sample reached every kind of decision (the optional swap needs its variant)
    assert set(checked) == {"draw", "take-discard", "frog", "swap", "decline-swap"}, checked


def test_a_seat_that_is_not_deciding_has_an_empty_mask() -> None:
    state = new_game(3)
    assert state.is_chance
    assert not any(encoding.legal_action_mask(state, 0))
    dealt = state.apply(sample_chance(state, random.Random(1)))
    assert any(encoding.legal_action_mask(dealt, dealt.turn))
    assert not any(encoding.legal_action_mask(dealt, (dealt.turn + 1) % 3))


@pytest.mark.parametrize(
    "bad",
    [-1, 12, 1000, True, 2.0, "3", None],
)
def test_a_bad_id_is_refused_naming_it(bad: object) -> None:
    with pytest.raises(FormatError, match="action_id") as refused:
        encoding.id_to_action(bad, Rules())  # type: ignore[arg-type]
    assert repr(bad) in str(refused.value)


@pytest.mark.parametrize(
    "bad",
    [frog_at(9), Shuffle((FROG, TRASH)), "draw", 0, None],
    ids=["frog-beyond-the-row", "shuffle", "text", "int", "none"],
)
def test_a_bad_action_is_refused(bad: object) -> None:
    with pytest.raises(FroeschisError):
        encoding.action_to_id(bad, Rules())  # type: ignore[arg-type]


def test_bad_seats_players_and_rules_are_refused() -> None:
    state = new_game(2)
    for seat in (-1, 2, True, "0"):
        with pytest.raises(FormatError, match="seat"):
            encoding.observation_tensor(state, seat)  # type: ignore[arg-type]
        with pytest.raises(FormatError, match="seat"):
            encoding.legal_action_mask(state, seat)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        encoding.observation_shape(5, Rules())
    with pytest.raises(FormatError):
        encoding.observation_shape(2, "published")  # type: ignore[arg-type]
    with pytest.raises(FormatError, match="draw_pile_known"):
        encoding.information_state_string(state, 0, draw_pile_known=1)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the tensor


def decode(tensor: tuple[float, ...], players: int, rules: Rules) -> dict[str, object]:
    """The tensor read back as spec/froeschis/encoding.md lays it out (written from the spec, not the
    code)."""
    kinds = sorted(set(rules.deck), key=lambda card: card.code)
    k, length = len(kinds), rules.row_length
    values = list(tensor)

    def take(n: int) -> list[float]:
        nonlocal values
        head, values = values[:n], values[n:]
        return head

    def one(block: list[float]) -> int | None:
        assert all(v in (0.0, 1.0) for v in block) and sum(block) <= 1, block
        return block.index(1.0) if 1.0 in block else None

    phases = ["deal", "reshuffle", "draw", "frog", "swap", "over"]
    found: dict[str, object] = {"phase": phases[one(take(6)) or 0], "round": take(1)[0]}
    found["turn"] = one(take(players))
    found["first_completer"] = one(take(players))
    found["winners"] = take(players)
    found["lengths"] = take(players)
    rows = []
    for _ in range(players):
        row: list[str] = []
        for _ in range(length):
            which = one(take(k + 2))
            assert which is not None
            if which == 1:
                row.append("?")
            elif which >= 2:
                row.append(str(kinds[which - 2]))
        rows.append(row)
    found["rows"] = rows
    hand = one(take(k))
    found["hand"] = None if hand is None else kinds[hand]
    top = one(take(k))
    found["discard_top"] = None if top is None else kinds[top]
    found["discard_size"] = take(1)[0]
    found["discard_counts"] = dict(zip(kinds, take(k), strict=True))
    found["draw_pile_size"] = take(1)[0]
    assert values == [], "the tensor is longer than the spec's blocks"
    return found


def test_the_tensor_holds_what_the_seat_sees_in_the_spec_layout() -> None:
    for state in sample_states(every=11):
        players = state.num_players
        for seat in range(players):
            tensor = encoding.observation_tensor(state, seat)
            assert (len(tensor),) == encoding.observation_shape(players, state.rules)
            found = decode(tensor, players, state.rules)
            order = [(seat + i) % players for i in range(players)]  # relative: the seat itself first
            assert found["phase"] == state.phase.value
            assert found["round"] == state.round
            assert found["turn"] == order.index(state.turn)
            first = state.first_completer
            assert found["first_completer"] == (None if first is None else order.index(first))
            assert found["winners"] == [float(s in state.winners) for s in order]
            assert found["lengths"] == [float(state.players[s].length) for s in order]
            assert found["rows"] == [
                [str(spot.card) if spot.face_up else "?" for spot in state.row(s).spots] for s in order
            ]
            assert found["hand"] == state.hand
            assert found["discard_top"] == (state.discard_pile[0] if state.discard_pile else None)
            assert found["discard_size"] == len(state.discard_pile)
            counts = Counter(state.discard_pile)
            assert found["discard_counts"] == {card: float(counts[card]) for card in found["discard_counts"]}  # type: ignore[attr-defined]
            assert found["draw_pile_size"] == len(state.draw_pile)


def test_states_a_seat_cannot_tell_apart_look_the_same_to_it() -> None:
    """A determinization (the unseen cards dealt again at random) is, to the seat, the same state."""
    rng = random.Random(5)
    compared = 0
    for state in sample_states(every=13):
        for seat in range(state.num_players):
            other = determinize(observe(state, seat), state.rules, rng)
            if other.players != state.players or other.draw_pile != state.draw_pile:
                compared += 1
            for view in (
                encoding.observation_tensor,
                encoding.observation_string,
                encoding.legal_action_mask,
            ):
                assert view(other, seat) == view(state, seat)
            assert encoding.information_state_string(other, seat) == encoding.information_state_string(
                state, seat
            )
            assert encoding.information_state_tensor(other, seat) == encoding.information_state_tensor(
                state, seat
            )
    assert compared > 100  # most determinizations did move hidden cards


def _with_face_down_cards_exchanged(state: GameState) -> GameState | None:
    """The state with two different face-down cards of the rows exchanged (None without two)."""
    places = [
        (seat, i) for seat, p in enumerate(state.players) for i, s in enumerate(p.row.spots) if not s.face_up
    ]
    for (s1, i1), (s2, i2) in itertools.combinations(places, 2):
        a, b = state.row(s1).spots[i1].card, state.row(s2).spots[i2].card
        if a != b:
            rows = [list(p.row.spots) for p in state.players]
            rows[s1][i1], rows[s2][i2] = shared_spot(b, False), shared_spot(a, False)
            players = tuple(Player(p.length, Row(tuple(r))) for p, r in zip(state.players, rows, strict=True))
            return GameState(
                state.rules, state.phase, state.round, state.turn, players, state.draw_pile,
                state.discard_pile, state.hand, state.first_completer, state.winners,
            )  # fmt: skip
    return None


def test_face_down_cards_and_the_draw_order_never_change_the_tensor() -> None:
    changed = 0
    for state in sample_states(every=17):
        exchanged = _with_face_down_cards_exchanged(state)
        reordered = None
        if len(set(state.draw_pile)) > 1:
            reordered = GameState(
                state.rules, state.phase, state.round, state.turn, state.players, state.draw_pile[::-1],
                state.discard_pile, state.hand, state.first_completer, state.winners,
            )  # fmt: skip
        for other in (exchanged, reordered):
            if other is None or other == state:
                continue
            changed += 1
            for seat in range(state.num_players):
                assert encoding.observation_tensor(other, seat) == encoding.observation_tensor(state, seat)
                # the draw pile's contents, when known, are the same; only their order changed
                for known in (False, True):
                    args = {"draw_pile_known": known}
                    assert encoding.information_state_string(other, seat, **args) == (
                        encoding.information_state_string(state, seat, **args)
                    )
    assert changed > 50


def test_what_a_seat_sees_does_change_the_tensor_and_the_strings() -> None:
    """The checks above would pass for a constant encoding: a card turned face up must show."""
    state = GameState(
        Rules(), Phase.DRAW, 1, 0,
        tuple(Player(8, Row(tuple(shared_spot(number(n), False) for n in range(1, 9)))) for _ in range(2)),
        tuple(sorted(Counter(Rules().deck) - Counter([number(n) for n in range(1, 9)] * 2))),
    )  # fmt: skip
    spots = list(state.row(1).spots)
    spots[2] = shared_spot(number(3), True)
    shown = GameState(
        state.rules, state.phase, state.round, state.turn, (state.players[0], Player(8, Row(tuple(spots)))),
        state.draw_pile,
    )  # fmt: skip
    for seat in (0, 1):
        assert encoding.observation_tensor(shown, seat) != encoding.observation_tensor(state, seat)
        assert encoding.observation_string(shown, seat) != encoding.observation_string(state, seat)
    assert "row 1 (8): ? ? 3 ? ? ? ? ?" in encoding.observation_string(shown, 0)


def test_a_known_draw_pile_is_part_of_the_information_state_only() -> None:
    """After a reshuffle the draw pile's contents are known: they count in the information state,
    and a state with other contents (but the same observation) is then told apart."""
    rng = random.Random(3)
    told_apart = 0
    for state in sample_states(every=5):
        if len(state.draw_pile) < 2 or state.is_terminal:
            continue
        seat = 0
        other = determinize(observe(state, seat), state.rules, rng)
        known = encoding.information_state_string(state, seat, draw_pile_known=True)
        assert known != encoding.information_state_string(state, seat)
        tensor = encoding.information_state_tensor(state, seat, draw_pile_known=True)
        assert (len(tensor),) == encoding.information_state_shape(state.num_players, state.rules)
        kinds = encoding.card_kinds(state.rules)
        counts = Counter(state.draw_pile)
        assert tensor[-len(kinds) - 1 :] == (1.0, *(float(counts[c]) for c in kinds))
        if Counter(other.draw_pile) != counts:
            told_apart += 1
            assert encoding.information_state_string(other, seat, draw_pile_known=True) != known
    assert told_apart > 20


def test_the_observation_string_reads_as_the_spec_shows() -> None:
    """The example of spec/froeschis/encoding.md is this state's string, as the spec writes it."""
    hidden = shared_spot(TRASH, False)
    players = (
        Player(3, Row((shared_spot(number(1), True), hidden, shared_spot(FROG, True)))),
        Player(2, Row((hidden, hidden))),
    )
    rules = Rules(deck=tiny_deck("1 1 2 2 3 3 F T T T T"), row_length=3)
    state = GameState(rules, Phase.FROG, 2, 0, players, (number(2), number(3)), (number(3), TRASH), FROG, 1)
    spec = (Path(__file__).parents[3] / "spec" / "froeschis" / "encoding.md").read_text(encoding="utf-8")
    example = spec.split("```text\n", 1)[1].split("```", 1)[0]
    assert encoding.observation_string(state, 1) + "\n" == example
    assert encoding.information_state_string(state, 1, draw_pile_known=True).endswith(
        "\ndraw pile cards: 2 3"
    )
    assert encoding.information_state_string(state, 1).endswith("\ndraw pile cards: unknown")


def _spec_blocks(heading: str) -> list[str]:
    """The block names of the table under ``heading`` in spec/froeschis/encoding.md."""
    spec = (Path(__file__).parents[3] / "spec" / "froeschis" / "encoding.md").read_text(encoding="utf-8")
    section = spec.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return [line.split("`")[1] for line in section.splitlines() if line.startswith("| `")]


def test_the_blocks_are_the_specs() -> None:
    for players, rules in ((2, Rules()), (4, TINY)):
        blocks = encoding.observation_blocks(players, rules)
        assert [name for name, _ in blocks] == _spec_blocks("Observation tensor")
        info = encoding.information_state_blocks(players, rules)
        assert [name for name, _ in info] == [name for name, _ in blocks] + _spec_blocks(
            "Information state tensor"
        )
        assert dict(blocks)["rows"] == (players, rules.row_length, len(encoding.card_kinds(rules)) + 2)
        assert encoding.observation_shape(players, rules) == (sum(math.prod(shape) for _, shape in blocks),)
        assert encoding.information_state_shape(players, rules) == (
            sum(math.prod(shape) for _, shape in info),
        )


def test_shapes_for_every_player_count() -> None:
    kinds = [Card(-1), FROG, *(number(n) for n in range(1, 9))]
    assert list(encoding.card_kinds(Rules())) == kinds
    for players in (2, 3, 4):
        # 6 phases, round, 4 blocks of one value per seat, rows, hand, top, size, counts, draw size
        expected = 6 + 1 + 4 * players + players * 8 * 12 + 10 + 10 + 1 + 10 + 1
        assert encoding.observation_shape(players, Rules()) == (expected,)
        assert encoding.information_state_shape(players, Rules()) == (expected + 11,)


def test_every_action_kind_has_an_id() -> None:
    """A new kind of decision must get an id (and a new encoding version)."""
    for rules in (Rules(), TINY):
        count = encoding.num_distinct_actions(rules)
        assert {encoding.id_to_action(i, rules).kind for i in range(count)} == set(ActionKind)
