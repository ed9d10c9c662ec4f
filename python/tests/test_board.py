"""The board from Python: the same rules as the library and the command line."""

import copy
import json
import pickle
import subprocess

import numpy as np
import pytest

import polydame


def test_the_readme_example():
    b = polydame.Board("international")
    b.push("32-28")
    assert b.fen.startswith("B:W28,31,33,")
    assert len(b.legal_moves) == 9
    assert b.turn == "black"


def test_perft_matches_the_published_numbers():
    # International 1,049,442 at depth 7, English 845,931 at depth 8: the published
    # tables the Rust suite holds (tests/perft/international.txt, english.txt: Aart Bik's
    # and dctl's numbers).
    assert polydame.Board("international").perft(7) == 1049442
    assert polydame.Board("english").perft(8) == 845931
    with pytest.raises(ValueError):
        polydame.Board("english").perft(2, routes="all")


def test_moves_push_pop_and_illegal_moves():
    b = polydame.Board("international")
    first = b.push("32-28")
    assert str(first) == "32-28" and first.from_square == "32" and first.to_square == "28"
    b.push("19-23")
    (take,) = b.legal_moves
    assert str(take) == "28x19" and take.captured == ["23"] and take.is_capture
    with pytest.raises(polydame.IllegalMove) as e:
        b.push("31-26")
    assert e.value.code == "capture-compulsory" and "28x19" in e.value.reason
    assert not b.is_legal("31-26") and b.is_legal("28x19") and b.is_legal(take)
    b.push(take)
    assert [str(m) for m in b.move_stack] == ["32-28", "19-23", "28x19"]
    assert str(b.pop()) == "28x19" and b.ply == 2
    with pytest.raises(polydame.IllegalMove) as e:
        b.push("a1-b2")
    assert e.value.code
    with pytest.raises(TypeError):
        b.push(3228)
    with pytest.raises(IndexError):
        polydame.Board("english").pop()


def test_fen_outcome_copy_and_pickle():
    b = polydame.Board("international", fen="W:W28:B23")
    assert b.piece_at("28") == ("white", "man") and b.piece_at("1") is None
    assert b.piece_at(28) == ("white", "man") and b.piece_at(23) == ("black", "man")  # a number too
    with pytest.raises(ValueError):
        b.piece_at("51")
    with pytest.raises(ValueError):
        b.piece_at(51)
    with pytest.raises(TypeError, match="a square is a name or a number"):
        b.piece_at(2.5)
    c = b.copy()
    c.push("28x19")
    assert b.outcome() is None and not b.is_game_over()
    o = c.outcome()
    assert o.winner == "white" and o.result == "1-0" and o.reason and "White wins" in o.description
    assert c.legal_moves == []
    assert copy.deepcopy(c).fen == c.fen
    (m,) = c.move_stack
    assert pickle.loads(pickle.dumps(m)) == m and str(pickle.loads(pickle.dumps(m))) == "28x19"
    again = pickle.loads(pickle.dumps(c))
    assert again.fen == c.fen and [str(m) for m in again.move_stack] == ["28x19"]
    with pytest.raises(polydame.InvalidFen) as e:
        polydame.Board("international", fen="W:W99:B1")
    assert e.value.code and e.value.column == 4  # the column of `99`, from 1


def test_pickle_keeps_the_pieces_a_move_takes():
    # Zamma: after a1-a2, d4 could have captured e5, and Black may take it off before its
    # own move; i9-h8 with and without the removal land alike and must survive pickling.
    b = polydame.Board("zamma", fen="W:Wa1,d4:Be5,i9")
    b.push("a1-a2")
    assert {str(m) for m in b.legal_moves} >= {"i9-h8", "i9-h8<d4>"}
    b.push("i9-h8<d4>")
    again = pickle.loads(pickle.dumps(b))
    assert again.fen == b.fen == "W:Wa2:Be5,h8"
    (m,) = [m for m in again.move_stack if str(m) == "i9-h8<d4>"]
    assert m.removed == ["d4"] and m.captured == [] and not m.is_capture
    back = pickle.loads(pickle.dumps(m))
    assert back == m and back.removed == ["d4"]


def test_drops_place_pieces_from_the_hand():
    # Guerrilla Checkers: the guerrilla's first turn places two stones from its hand of 66
    # anywhere on the inner points, next to each other (84 pairs, as Ludii counts).
    b = polydame.Board("guerrilla-checkers")
    assert len(b.legal_moves) == 84 and all(m.is_drop for m in b.legal_moves)
    b.push("@i9@i11")
    (m,) = b.move_stack
    assert m.is_drop and m.path == ["i9", "i11"] and (m.from_square, m.to_square) == ("i9", "i11")
    assert b.fen == "B:Wi9,i11:BCj6,Ch8,Cl8,Cf10,Cj10,Ch12:PW64"
    back = pickle.loads(pickle.dumps(m))
    assert back == m and back.is_drop
    again = pickle.loads(pickle.dumps(b))
    assert again.fen == b.fen and not any(x.is_drop for x in again.legal_moves)

def test_variants_from_text_with_diagnostics():
    assert "international" in polydame.variants() and len(polydame.variants()) >= 36
    with pytest.raises(polydame.VariantError) as e:
        polydame.Variant("internatonal")
    assert "international" in str(e.value)
    with pytest.raises(polydame.VariantError) as e:
        polydame.Variant.from_text("[board]\nshape = \"square\"\nwidht = 8\n", name="mine.toml")
    (d, *_) = e.value.diagnostics
    assert (d["file"], d["line"], d["column"]) == ("mine.toml", 3, 1) and d["message"]
    with pytest.raises(polydame.VariantError):
        polydame.Variant.from_file("/no/such/variant.toml")
    v = polydame.Variant("english")
    assert pickle.loads(pickle.dumps(v)).id == "english"
    assert v.first == "black" and v.kinds == ["man", "king"] and len(v.squares) == 32
    assert "English" in v.describe()


def test_svg_text_and_pdn():
    b = polydame.Board("english")
    b.push("11-15")
    assert b._repr_svg_().startswith("<svg") and ">15</text>" in b.svg() and b.svg().rstrip().endswith("</svg>")
    assert str(b).count("b") >= 12
    pdn = polydame.write_pdn(b, {"Event": "test"})
    (game,) = polydame.read_pdn(pdn)
    assert game.tag("Event") == "test" and game.moves == ["11-15"]
    (verdict,) = polydame.validate(pdn)
    assert verdict.valid and verdict.variant == "english" and verdict.plies == 1


def test_planes_and_action_index():
    b = polydame.Board("international")
    p = b.planes()
    assert p.shape == (2, 2, 50) and p.dtype == np.uint8
    assert p[0, 0].sum() == 20 and p[1, 0].sum() == 20 and p[:, 1].sum() == 0
    squares = b.variant.squares
    assert p[0, 0, squares.index("31")] == 1 and p[1, 0, squares.index("1")] == 1 and p[0, 0, squares.index("28")] == 0
    mask = b.legal_action_mask()
    assert mask.shape == (b.action_count,) and mask.sum() == len(b.legal_moves)
    for m in b.legal_moves:
        i = b.move_index(m)
        assert mask[i] == 1 and b.move_from_index(i) == m
    with pytest.raises(polydame.IllegalMove):
        b.move_from_index(0)
    # Turned for Black: each man on the square the half turn sends it to.
    turned = b.planes(turned=True)
    t = b.variant.turned_squares
    assert sorted(t[t[i]] for i in range(50)) == list(range(50))
    assert (turned[:, :, [t[i] for i in range(50)]] == p).all()
    assert squares[t[squares.index("1")]] == "50"


def test_two_captures_with_the_same_ends_are_told_apart():
    # International: the king on 6 takes three men from 6 to 3 by two routes, 6x28x14x3
    # (17, 23, 9) and 6x33x20x3 (17, 29, 9): one first action, and a second (the leg that
    # differs) tells them apart.
    b = polydame.Board("international", fen="W:WK6:B9,17,23,36,29")
    moves = b.legal_moves
    assert sorted(map(str, moves)) == ["6x28x14x3", "6x33x20x3"]
    firsts = [b.move_actions(m)[0] for m in moves]
    assert len(set(firsts)) == 1 and all(len(b.move_actions(m)) == 2 for m in moves)
    spelled = {tuple(b.move_actions(m)): m for m in moves}
    assert len(spelled) == len(moves)
    for actions, m in spelled.items():
        assert b.move_from_actions(list(actions)) == m
        for k in range(1, len(actions)):
            assert b.move_from_actions(list(actions[:k])) is None
            assert b.legal_action_mask(list(actions[:k]))[actions[k]] == 1
    shared = next(a for a in firsts if firsts.count(a) > 1)
    with pytest.raises(polydame.IllegalMove) as e:
        b.move_from_index(shared)
    assert e.value.code == "more-actions"
    with pytest.raises(polydame.IllegalMove) as e:
        b.move_from_actions([shared, 0])
    assert e.value.code == "no-such-action"


def test_best_move():
    b = polydame.Board("international")
    best = polydame.best_move(b, depth=4)
    assert best.move in b.legal_moves and best.depth == 4 and best.nodes > 0
    # A king against two men that it wins: the score says so.
    b = polydame.Board("international", fen="W:W28,K46:B23,19")
    assert polydame.best_move(b, depth=6).score > 900_000
    timed = polydame.best_move(polydame.Board("international"), time=0.2)
    assert timed.move is not None and timed.line and timed.line[0] == str(timed.move)
    with pytest.raises(ValueError):
        polydame.best_move(b, time=-1)


def test_engine_keeps_its_table_along_a_game():
    # Two plies on along the line it expects, an engine that searched before meets fewer
    # positions than a search afresh (the Hub's and DXP's memory, from Python).
    engine = polydame.Engine()
    b = polydame.Board("international")
    for m in ("32-28", "19-23", "28x19", "14x23"):
        b.push(m)
    first = engine.best_move(b, depth=7)
    assert first.move in b.legal_moves and first.depth == 7
    b.push(first.line[0])
    b.push(first.line[1])
    again = engine.best_move(b, depth=7)
    afresh = polydame.best_move(b, depth=7)
    assert again.move in b.legal_moves
    assert again.nodes < afresh.nodes, (again.nodes, afresh.nodes)
    # A new game forgets: the same search as afresh.
    engine.new_game()
    assert engine.best_move(b, depth=7).nodes == afresh.nodes
    # Another variant's board starts another table.
    e = polydame.Board("english")
    assert engine.best_move(e, depth=5).nodes == polydame.best_move(e, depth=5).nodes
    assert repr(engine) == "Engine(weights=None, seed=0)"


def _cli_moves(polydame_bin, variant, fens, tmp_path):
    path = tmp_path / f"{variant}.fens"
    path.write_text("\n".join(fens) + "\n")
    out = subprocess.run([polydame_bin, "moves", variant, "--fen-file", str(path), "--json"], capture_output=True, text=True, check=True)
    return [sorted(m["notation"] for m in json.loads(line)["moves"]) for line in out.stdout.splitlines()]


@pytest.mark.parametrize("variant", polydame.variants())
def test_the_same_legal_moves_as_the_command_line(variant, polydame_bin, tmp_path):
    # Random games written by the command line, replayed here: at every position, the
    # same legal moves from Python as from `polydame moves`.
    fens, ours = [], []
    for seed in (1, 2):
        pdn = subprocess.run([polydame_bin, "random-game", variant, "--seed", str(seed)], capture_output=True, text=True, check=True).stdout
        (game,) = polydame.read_pdn(pdn)
        b = polydame.Board(variant)
        for m in game.moves:
            fens.append(b.fen)
            ours.append(sorted(str(x) for x in b.legal_moves))
            b.push(m)
    assert fens, variant
    assert _cli_moves(polydame_bin, variant, fens, tmp_path) == ours


def test_svg_options():
    b = polydame.Board("international")
    b.push("32-28")
    plain = b.svg()
    assert 'class="arrow"' in plain and plain.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="')
    assert 'class="arrow"' not in b.svg(last_move=False)
    small = b.svg(size=200)
    head = small[: small.index(">")]
    assert ' width="200"' in head and ' height="201"' in head  # 434 × 436 drawn 200 wide
    assert small[small.index(">") :] == plain[plain.index(">") :]
    for bad in (0, 10_001):
        with pytest.raises(ValueError):
            b.svg(size=bad)
    assert b._repr_svg_() == plain


def test_best_move_with_learned_weights(tmp_path, polydame_bin):
    import subprocess

    path = tmp_path / "english.weights.toml"
    done = subprocess.run(
        [polydame_bin, "tune", "english", "--games", "10", "--depth", "1", "--epochs", "20", "--out", str(path)],
        capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    board = polydame.Board("english")
    best = polydame.best_move(board, depth=4, weights=path)
    assert best.move in board.legal_moves
    with pytest.raises(ValueError, match="the weights are of english"):
        polydame.best_move(polydame.Board("russian"), depth=2, weights=path)
    with pytest.raises(OSError):
        polydame.best_move(board, depth=2, weights=tmp_path / "none.toml")
    engine = polydame.Engine(weights=path)
    assert engine.best_move(board, depth=4).move == best.move
    with pytest.raises(ValueError, match="the weights are of english"):
        engine.best_move(polydame.Board("russian"), depth=2)
