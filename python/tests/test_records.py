"""Game records from Python: read as written, validated with the reason for the first
illegal move, and written again."""

import pickle

import pytest

import polydame

GAMES = """[Event "one"]
[GameType "20"]
1. 32-28 19-23 (1... 17-22 2. 28x17) 2. 28x19 14x23 *

[Event "two"]
[GameType "20"]
1. 32-28 19-23
2. 31-26 *
"""


def test_read_pdn_keeps_tags_moves_and_variations(tmp_path):
    one, two = polydame.read_pdn(GAMES)
    assert isinstance(one.tags, dict) and one.tags["Event"] == "one" and list(one.tags)[0] == "Event"
    assert one.tag("event") == "one" and one.moves == ["32-28", "19-23", "28x19", "14x23"] and one.result == "*"
    assert one.variations == [(None, 1, ["17-22", "28x17"])]
    assert two.line == 5
    path = tmp_path / "games.pdn"
    path.write_text(GAMES)
    assert [g.moves for g in polydame.read_pdn(str(path))] == [one.moves, two.moves]
    assert len(polydame.read_pdn(path)) == 2  # a pathlib.Path too
    with pytest.raises(OSError):
        polydame.read_pdn(tmp_path / "missing.pdn")
    with pytest.raises(OSError):  # a name of a .pdn file that is not there is not PDN text
        polydame.validate(str(tmp_path / "missing.pdn"))


def test_validate_names_the_illegal_move():
    one, two = polydame.validate(GAMES)
    assert one.valid and one.plies == 4 and one.error is None
    assert not two.valid and two.plies == 2
    e = two.error
    assert (e["ply"], e["line"], e["column"], e["text"], e["code"]) == (3, 8, 4, "31-26", "capture-compulsory")
    assert "28x19" in e["reason"]
    again = pickle.loads(pickle.dumps(two))
    assert (again.game, again.valid, again.error, again.tags) == (two.game, two.valid, two.error, two.tags)
    assert repr(again) == "Verdict(game=2, variant='international', valid=False, plies=2)"
    # Without a GameType, the variant is given.
    (v,) = polydame.validate("1. 11-15 23-19 *", variant="english")
    assert v.valid and v.variant == "english"
    (v,) = polydame.validate("1. 11-15 23-19 *")
    assert not v.valid and v.error["code"] == "no-gametype"


def test_round_trip_through_a_board(tmp_path):
    (game,) = polydame.read_pdn(GAMES.split("\n\n")[0])
    board = polydame.Board("international")
    for m in game.moves:
        board.push(m)
    text = polydame.write_pdn([board, board.copy()], {"Event": "again"})
    again = polydame.read_pdn(text)
    assert [g.moves for g in again] == [game.moves, game.moves]
    assert all(g.tag("Event") == "again" for g in again)
    assert all(v.valid for v in polydame.validate(text))
    # Bytes in another encoding are read as the command line reads them.
    data = '[White "Иванов"]\n[GameType "25"]\n1. c3-d4 *\n'.encode("windows-1251")
    (g,) = polydame.read_pdn(data)
    assert g.tag("White") == "Иванов"


def test_a_bad_move_in_a_variation_is_a_warning_as_everywhere():
    # 27x20 is no capture; the main line is legal. The command line, the studio and this
    # package give the library's one verdict: valid, with the variation's error beside it.
    text = '[GameType "20"]\n1. 32-28 (1. 32-27 19-24 2. 27x20) 19-23 2. 28x19 14x23 *\n'
    (v,) = polydame.validate(text)
    assert (v.valid, v.judgement, v.error) == (True, "valid", None)
    assert len(v.variation_errors) == 1 and v.variation_errors[0]["text"] == "27x20"
    (bad,) = polydame.validate('[GameType "20"]\n1. 32-28 19-23 2. 28x18 *\n')
    assert (bad.valid, bad.judgement, bad.error["text"]) == (False, "invalid", "28x18")


def test_one_verdict_in_python_and_on_the_command_line(tmp_path, polydame_bin):
    """The same files (a bad move only in a variation, a gzip archive, Windows-1251 names,
    a binary file) get the same verdict, code, line and column from validate() as from
    `polydame validate --json`."""
    import gzip
    import json
    import subprocess

    files = {
        "variation.pdn": '[GameType "20"]\n1. 32-28 (1. 32-27 19-24 2. 27x20) 19-23 2. 28x18 *\n'.encode(),
        "packed.pdn.gz": gzip.compress(b'[GameType "21"]\n1. 11-15 23-19 2. 8-11 22-18 *\n\n[GameType "21"]\n1. 11-15 23-18 *\n'),
        "cyrillic.pdn": '[White "Иванов"]\n[Black "Петров"]\n[GameType "25"]\n1. c3-d4 f6-g5 2. d4-e5 *\n'.encode("windows-1251"),
        "junk.pdn": bytes(range(1, 200)) * 3,
    }
    for name, data in files.items():
        path = tmp_path / name
        path.write_bytes(data)
        out = subprocess.run([polydame_bin, "validate", "--json", str(path)], capture_output=True, text=True)
        cli = [json.loads(line) for line in out.stdout.splitlines() if '"game"' in line]
        ours = polydame.validate(path)
        assert len(ours) == len(cli) > 0, (name, out.stdout, out.stderr)
        for v, c in zip(ours, cli):
            assert (v.valid, v.judgement, v.plies) == (c["valid"], c["judgement"], c["plies"]), (name, c)
            if c.get("error"):
                e = c["error"]
                assert (v.error["code"], v.error["line"], v.error["column"]) == (e["code"], e["line"], e["column"]), (name, c)
            else:
                assert v.error is None, (name, v.error)
        if name == "cyrillic.pdn":
            assert ours[0].tags["White"] == "Иванов" == cli[0]["white"]


def test_every_refusal_is_a_polydame_error_and_a_value_error():
    for exc in (polydame.IllegalMove, polydame.InvalidFen, polydame.VariantError, polydame.BudgetExceeded):
        assert issubclass(exc, polydame.PolydameError) and issubclass(exc, ValueError), exc
    board = polydame.Board("international")
    with pytest.raises(polydame.PolydameError):
        board.push("31-26x")
    with pytest.raises(polydame.PolydameError):
        polydame.Board("international", fen="W:W99:B1")


def test_write_pdn_refuses_what_is_not_a_board():
    with pytest.raises(TypeError, match="Board"):
        polydame.write_pdn("x")
    with pytest.raises(TypeError, match="Boards, not int"):
        polydame.write_pdn([polydame.Board("international"), 3])


def test_variant_options_as_keyword_arguments_as_the_docs_write_them():
    # docs/python.md: `Variant("accelerated", halt="killer")`, as `--option halt=killer`.
    killer = polydame.Variant("accelerated", halt="killer").describe()
    assert "halt rule: a flying capture lands directly behind the last piece" in killer
    assert "halt rule" not in polydame.Variant("accelerated").describe()
