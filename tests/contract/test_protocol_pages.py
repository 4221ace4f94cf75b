"""Every registered game's protocol page is complete on its own about the hello (issue 30): it has a
"Rules features" section naming every feature its conformance kit accepts in the hello's ``rules``,
and none the kit does not know, so an implementer need not read an example engine to learn what to
declare. They check documentation, not a rule clause, so they carry no clause marker."""

from __future__ import annotations

import re

import pytest

from froeschis.framework.registry import game, names

SECTION = re.compile(r"^## Rules features\n(?P<body>.*?)(?=^## )", re.MULTILINE | re.DOTALL)
QUOTED = re.compile(r"`([a-z][a-z0-9_]*)`")


def kits() -> list[str]:
    return [name for name in names() if game(name).conformance is not None]


@pytest.mark.parametrize("name", kits())
def test_the_protocol_page_names_every_rules_feature(name: str) -> None:
    of = game(name)
    assert of.conformance is not None
    page = (of.spec() / "protocol.md").read_text(encoding="utf-8")
    section = SECTION.search(page)
    assert section is not None, f"{name}: protocol.md has no '## Rules features' section"
    named = set(QUOTED.findall(section["body"]))
    features = set(of.conformance.features)
    assert features, f"{name}: a kit with no rules features cannot be told apart from a page naming none"
    assert features <= named, f"{name}: the page does not name {sorted(features - named)}"
    rules_keys = set(of.rules_to_json(of.rules()))
    unknown = {word for word in named & rules_keys if word not in features}
    assert unknown == set(), (
        f"{name}: the page names as features rules keys the kit refuses: {sorted(unknown)}"
    )


def test_every_game_has_a_kit() -> None:
    assert kits() == list(names())
