"""The index of a large card file (manastack.cards.file_index): ``cards show NAME --cards FILE``
finds a card without reading the whole file, and answers exactly as the whole file does; a
changed file, or an index that can't be read or written, never changes an answer."""
from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from manastack.cards import CardError, load_db
from manastack.cards.file_index import KEEP, PREFIX, _prune, db_for_card, index_name
from manastack.oracle.render import render_abilities

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, cache: Path) -> subprocess.CompletedProcess:
    """``python -m manastack ARGS`` in a fresh interpreter with its cache directory at ``cache``."""
    env = {"PYTHONPATH": str(ROOT), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "HOME": str(Path.home()), "MANASTACK_CACHE": str(cache)}
    return subprocess.run([sys.executable, "-m", "manastack", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=600)


def shown(db, name: str) -> tuple:
    """What ``cards show`` prints of ``name`` in ``db``, or the error it gives."""
    try:
        card = db.get(db.resolve(name))
    except CardError as exc:
        return ("error", str(exc))
    return (card.name, card.type_line, card.text, card.power, card.toughness, str(card.mana_cost),
            render_abilities(card), card.unsupported)


@pytest.mark.slow
def test_cards_show_prints_a_bundled_card(tmp_path):
    done = run_cli("cards", "show", "llanowar elves", cache=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["Llanowar", "Elves", "{G}"]
    assert lines[1] == "Creature — Elf Druid  1/1"
    assert "activated    {T}: Add {G}." in done.stdout and "is_mana: True" in done.stdout
    assert "AddMana(produce=ManaProduce(symbols=('G')))" in done.stdout
    assert lines[-1] == "fully compiled"


@pytest.mark.slow
def test_cards_show_finds_a_corpus_card_the_same_way_with_and_without_the_index(corpus_path, tmp_path):
    first = run_cli("cards", "show", "Lightning Bolt", "--cards", str(corpus_path), cache=tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines()[:3] == ["Lightning Bolt  {R}", "Instant",
                                             "Lightning Bolt deals 3 damage to any target."]
    assert "effects: (DealDamage(amount=3, to=Target(0)))" in first.stdout
    assert "target 0: TargetSpec(kind='any')" in first.stdout
    assert first.stdout.splitlines()[-1] == "fully compiled"
    assert len(list(tmp_path.glob(f"{PREFIX}*.sqlite"))) == 1      # written by the first look-up
    again = run_cli("cards", "show", "Lightning Bolt", "--cards", str(corpus_path), cache=tmp_path)
    assert again.returncode == 0 and again.stdout == first.stdout
    # a card of two faces stored face by face (CR 712), found by its back face's name
    dfc = run_cli("cards", "show", "insectile aberration", "--cards", str(corpus_path), cache=tmp_path)
    assert dfc.returncode == 0, dfc.stderr
    assert dfc.stdout.startswith("Delver of Secrets  {U}\nCreature — Human Wizard  1/1\n")
    missing = run_cli("cards", "show", "Lightning Bolts", "--cards", str(corpus_path), cache=tmp_path)
    assert missing.returncode != 0 and "did you mean 'Lightning Bolt'" in missing.stderr


# Cards of every shape: split (by the whole, a half, "A/B"), aftermath, adventurer, transforming,
# flip and meld pairs, a leveler, a Saga, accents and case, a name the bundled files also hold,
# names the file doesn't have.
NAMES = ["Fire // Ice", "Ice", "commit/memory", "Driven // Despair", "Bonecrusher Giant", "Stomp",
         "Delver of Secrets", "Insectile Aberration", "Bushi Tenderfoot", "Graf Rats",
         "Student of Warfare", "The Eldest Reborn", "lim-dul's vault", "JOTUN GRUNT", "Llanowar Elves",
         "Forest", "Gisela, the Broken Blade", "Brisela, Voice of Nightmares", "Lightning Bolts", "x" * 300]


@pytest.fixture(scope="module")
def whole_and_index(corpus_path, tmp_path_factory):
    cache = tmp_path_factory.mktemp("index")
    db_for_card("Lightning Bolt", corpus_path, cache=cache)        # writes the index
    assert len(list(cache.glob(f"{PREFIX}*.sqlite"))) == 1
    return load_db(corpus_path), cache


@pytest.mark.parametrize("name", NAMES)
def test_a_name_resolves_and_compiles_from_the_index_as_from_the_whole_file(whole_and_index, corpus_path, name):
    whole, cache = whole_and_index
    from_index = db_for_card(name, corpus_path, cache=cache)
    assert shown(from_index, name) == shown(whole, name)
    if shown(whole, name)[0] != "error":
        assert len(from_index) < len(load_db()) + 10     # the built-in cards and a few entries


def write_cards(path: Path, text: str) -> None:
    face = {"name": "Probe", "type": "Instant", "types": ["Instant"], "manaCost": "{R}", "text": text}
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        json.dump({"data": {"Probe": [face]}}, fh)


def test_a_changed_file_is_read_again(tmp_path):
    path, cache = tmp_path / "cards.json.gz", tmp_path / "cache"
    write_cards(path, "Probe deals 3 damage to any target.")
    db = db_for_card("Probe", path, cache=cache, min_bytes=0)
    assert db.get("Probe").text == "Probe deals 3 damage to any target."
    assert db_for_card("Probe", path, cache=cache, min_bytes=0).get("Probe").text == db.get("Probe").text
    write_cards(path, "Probe deals 2 damage to any target.")
    assert db_for_card("Probe", path, cache=cache, min_bytes=0).get("Probe").text == \
        "Probe deals 2 damage to any target."
    assert len(list(cache.glob(f"{PREFIX}*.sqlite"))) == 2


def test_a_corrupt_index_is_ignored_and_written_anew(tmp_path):
    path, cache = tmp_path / "cards.json.gz", tmp_path / "cache"
    write_cards(path, "Probe deals 3 damage to any target.")
    cache.mkdir()
    index = cache / index_name(path.read_bytes())
    for garbage in (b"not a database at all" * 100, b""):
        index.write_bytes(garbage)
        db = db_for_card("Probe", path, cache=cache, min_bytes=0)
        assert db.get("Probe").fully_supported and db.get("Probe").text.startswith("Probe deals 3")
        assert index.read_bytes().startswith(b"SQLite format 3")


def test_an_unwritable_cache_changes_nothing_but_the_time(tmp_path):
    path = tmp_path / "cards.json.gz"
    write_cards(path, "Probe deals 3 damage to any target.")
    blocker = tmp_path / "a-file"
    blocker.write_text("a file where the cache directory would be")
    db = db_for_card("Probe", path, cache=blocker / "cache", min_bytes=0)
    assert db.get("Probe").text == "Probe deals 3 damage to any target."
    assert list(tmp_path.glob(f"**/{PREFIX}*")) == []


def test_a_bad_card_file_gives_the_same_error_and_no_index(tmp_path):
    path, cache = tmp_path / "cards.json", tmp_path / "cache"
    path.write_text(json.dumps({"data": {"Probe": [{"name": "Probe", "text": 7}]}}))
    with pytest.raises(CardError, match="field 'text' must be a string"):
        db_for_card("Probe", path, cache=cache, min_bytes=0)
    assert not list(cache.glob(f"{PREFIX}*"))
    with pytest.raises(CardError, match="card file not found"):
        db_for_card("Probe", tmp_path / "missing.json", cache=cache, min_bytes=0)


def test_small_files_are_not_indexed(tmp_path):
    path, cache = tmp_path / "cards.json.gz", tmp_path / "cache"
    write_cards(path, "Probe deals 3 damage to any target.")
    assert db_for_card("Probe", path, cache=cache).get("Probe").name == "Probe"
    assert not cache.exists()


def test_only_the_most_recently_used_indexes_are_kept(tmp_path):
    for i in range(KEEP + 2):
        index = tmp_path / f"{PREFIX}{i}.sqlite"
        index.write_bytes(b"x")
        os.utime(index, (1000 + i, 1000 + i))
    (tmp_path / "unrelated.sqlite").write_bytes(b"x")
    _prune(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"{PREFIX}{i}.sqlite" for i in range(2, KEEP + 2)] + ["unrelated.sqlite"])
