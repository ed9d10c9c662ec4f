"""Hostile input: what an attacker's report found, kept as regressions (issue 39). Each
attack is built here; those that once killed the interpreter run in a fresh one, so that a
crash is this test's failure (with its signal) rather than the end of the suite.

Times are bounds that prove "does not hang", many times what the answer takes."""

import bz2
import gzip
import os
import pathlib
import pickle
import re
import struct
import subprocess
import sys
import textwrap

import pytest

import polydame

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGLISH = (ROOT / "variants" / "english.toml").read_text()


def with_promotion(expression):
    """English draughts' file with ``expression`` as its men's promotion zone."""
    text, n = re.subn(r'promotion = "rank\(8\)"', lambda _: f'promotion = "{expression}"', ENGLISH, count=1)
    assert n == 1
    return text


def isolated(code, timeout=120):
    """Runs ``code`` in a fresh interpreter with ``ENGLISH``, ``with_promotion`` and
    ``peak_mb()`` (the process's peak memory so far) defined; its standard output, after
    checking that it ended well (not killed by a signal)."""
    prelude = f"import polydame, re, resource\nENGLISH = {ENGLISH!r}\n"
    prelude += "def peak_mb():\n    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024\n"
    prelude += "def with_promotion(e):\n    return re.sub(r'promotion = \"rank\\(8\\)\"', lambda _: f'promotion = \"{e}\"', ENGLISH, count=1)\n"
    done = subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)], capture_output=True, text=True, timeout=timeout, cwd=ROOT
    )
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


# --- 1. Nesting: expressions of a variant file, PDN variations ---------------------------


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_an_expression_nested_too_deep_is_a_variant_error(depth):
    out = isolated(f"""
        text = with_promotion("(" * {depth} + "rank(8)" + ")" * {depth})
        try:
            polydame.Variant.from_text(text)
        except polydame.VariantError as e:
            d = e.diagnostics[0]
            print(d["kind"], d["line"], d["column"], d["message"])
    """)
    assert out.startswith("expression-too-large 48 "), out
    assert f"more than {polydame.MAX_NESTING} deep" in out


def test_a_chain_of_12000_terms_is_a_variant_error():
    out = isolated("""
        try:
            polydame.Variant.from_text(with_promotion(" | ".join(["rank(8)"] * 12_000)))
        except polydame.VariantError as e:
            print(e.diagnostics[0]["kind"], e.diagnostics[0]["message"])
    """)
    assert out.startswith("expression-too-large"), out
    assert f"more than {polydame.MAX_PARTS} parts" in out


def test_expressions_at_the_limits_load_from_a_thread_with_a_small_stack():
    # On the caller's 64 KiB stack the parser would give up (or overflow); the work runs on
    # the module's own thread.
    deep = polydame.MAX_NESTING - 1
    nested = with_promotion("(" * deep + "rank(8)" + ")" * deep)
    joined = with_promotion(" | ".join(["rank(8)"] * polydame.MAX_PARTS))
    out = isolated(f"""
        import threading
        threading.stack_size(64 * 1024)
        got = []
        def work():
            got.append(polydame.Variant.from_text({nested!r}).id)
            got.append(polydame.Variant.from_text({joined!r}).id)
            got.append(len(polydame.read_pdn('[GameType "21"]\\n1. 11-15 ' + "( 1. 9-13 " * {polydame.MAX_VARIATION_DEPTH} + " *\\n")[0].variations))
        t = threading.Thread(target=work)
        t.start()
        t.join()
        print(got)
    """)
    assert out.strip() == f"['english', 'english', {polydame.MAX_VARIATION_DEPTH}]"


@pytest.mark.parametrize("depth", [14_000, 20_000])
def test_variations_nested_too_deep_refuse_their_game_only(depth):
    out = isolated(f"""
        deep = '[GameType "21"]\\n1. 11-15 ' + "( 1. 9-13 " * {depth} + ")" * {depth} + " *\\n"
        text = deep + '\\n[GameType "21"]\\n1. 11-15 23-19 *\\n'
        games = polydame.read_pdn(text)
        print([g.refused for g in games])
        print(games[0].moves, games[1].moves)
        print([(v.valid, v.error and v.error["code"]) for v in polydame.validate(text)])
    """)
    refused, moves, verdicts = out.splitlines()
    assert f"the game nests variations more than {polydame.MAX_VARIATION_DEPTH} deep (line 2, column" in refused
    assert refused.endswith(", None]")
    assert moves == "[] ['11-15', '23-19']"
    assert verdicts == "[(False, 'too-large'), (True, None)]"


# --- 2. Ctrl-C ---------------------------------------------------------------------------


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
@pytest.mark.parametrize(
    "call",
    [
        "board.perft(13, threads=1)",  # about an hour
        "board.perft(13, threads=2)",
        "polydame.best_move(board, depth=64, time=1e9)",  # as long as depth 64 takes
    ],
)
def test_ctrl_c_stops_the_count_and_the_search(call):
    out = isolated(f"""
        import os, signal, threading, time
        board = polydame.Board("international")
        threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        start = time.monotonic()
        try:
            {call}
            print("finished")
        except KeyboardInterrupt:
            print("interrupted", time.monotonic() - start)
    """, timeout=60)
    word, seconds = out.split()
    assert word == "interrupted"
    assert float(seconds) < 20


# --- 3. Perft's depth and threads ---------------------------------------------------------


def test_a_perft_too_deep_is_a_value_error():
    out = isolated("""
        board = polydame.Board("international")
        for depth in (10**8, 2**40, 65):
            try:
                board.perft(depth)
            except ValueError as e:
                print(e)
    """)
    assert out.splitlines() == [
        f"a perft of depth {d} is refused: the deepest count is 64 plies" for d in (10**8, 2**40, 65)
    ]


def test_perft_numbers_out_of_range():
    board = polydame.Board("international")
    with pytest.raises(ValueError, match="at most 256 threads"):
        board.perft(3, threads=10**6)
    with pytest.raises(ValueError, match="at most 256 threads"):
        board.perft(3, threads=2**70)
    with pytest.raises(ValueError, match="0 or more"):
        board.perft(-1)
    with pytest.raises(ValueError, match="0 or more"):
        board.perft(3, threads=-2)
    with pytest.raises(TypeError, match="whole number"):
        board.perft(2.5)
    np = pytest.importorskip("numpy")
    assert board.perft(np.int64(3)) == 658
    assert board.perft(3, threads=polydame.MAX_PERFT_THREADS) == 658
    # The deepest search there is, not an OverflowError.
    assert polydame.best_move(board, depth=2**40, time=0.05).move is not None


# --- 4. Pickles and indices ----------------------------------------------------------------


def test_a_tampered_move_pickle_is_a_value_error():
    board = polydame.Board("international")
    move = board.legal_moves[0]
    rebuild, (cells, text, names, squares) = move.__reduce__()
    assert rebuild(cells, text, names, squares) == move
    frm, to, path, captured, removed, before, after, drop = cells
    bad = [
        (cells, text, [], squares),  # no names: from_square once panicked
        ((frm, to, path, [5], removed, before, after, drop), text, names, squares),  # a capture without its square's name
        ((frm, 7, path, captured, removed, before, after, drop), text, names, squares),  # the path ends elsewhere
        ((0xFFFF, 0xFFFF, [3], [], [], 0, 0, False), "--", ["--"], ([], [])),  # a pass with a path
        ((frm, 0xFFFF, [0xFFFF], [], [], 0, 0, False), text, names, squares),  # a pass's cell in a move
        (cells, "x" * (polydame.MAX_MOVE_BYTES + 1), names, squares),
    ]
    for parts in bad:
        with pytest.raises(ValueError, match="do not make a move"):
            pickle.loads(pickle.dumps(_Reduced(rebuild, parts)))


class _Reduced:
    """Pickles as ``rebuild(*parts)``: a tampered pickle, made the way an attacker would."""

    def __init__(self, rebuild, parts):
        self.rebuild, self.parts = rebuild, parts

    def __reduce__(self):
        return self.rebuild, self.parts


@pytest.mark.parametrize(
    "cells",
    [
        (60000, 60001, [60001], [], [], 0, 0, False),  # far off any board
        (30, 200, [200], [], [], 0, 0, False),  # within a cell number, off this board
        (31, 26, [26], [], [], 200, 200, False),  # a kind the variant does not have
    ],
)
def test_a_move_off_the_board_is_illegal_not_a_panic(cells):
    board = polydame.Board("international")
    rebuild = board.legal_moves[0].__reduce__()[0]
    move = rebuild(cells, "x", ["a", "b"], ([], []))
    for call in (board.push, board.move_index):
        with pytest.raises(polydame.IllegalMove) as e:
            call(move)
        assert e.value.code == "no-such-square"
    assert board.is_legal(move) is False
    assert board.ply == 0


def test_a_move_of_a_larger_board_is_illegal_on_a_smaller_one():
    international = polydame.Board("international")
    move = next(m for m in international.legal_moves if int(m.from_square) > 32)
    english = polydame.Board("english")
    with pytest.raises(polydame.IllegalMove):
        english.push(move)
    assert english.is_legal(move) is False


def test_a_tampered_board_pickle():
    board = polydame.Board("international")
    board.push("32-28")
    rebuild, (variant, start, moves) = board.__reduce__()
    assert rebuild(variant, start, moves).fen == board.fen
    with pytest.raises(polydame.InvalidFen) as e:
        rebuild(variant, "W" * (polydame.MAX_FEN_BYTES + 1), [])
    assert e.value.code == "too-long"
    with pytest.raises(polydame.IllegalMove) as e:
        rebuild(variant, start, ["1" * (polydame.MAX_MOVE_BYTES + 1)])
    assert e.value.code == "too-long"
    with pytest.raises(polydame.IllegalMove):
        rebuild(variant, start, ["99-98"])


def test_a_tampered_self_play_pickle():
    variant = polydame.Variant("international")
    deep = '[GameType "20"]\n1. 32-28 ' + "( 1. 33-29 " * 10_000 + " *\n"
    played = polydame.SelfPlayed(variant, 2**64 - 1, deep, "*", 0, 0)
    with pytest.raises(ValueError, match="nests variations"):
        polydame.report([("international", [played])])
    with pytest.raises(ValueError, match="at least one variant"):
        polydame.report([])


def test_indices_out_of_range():
    board = polydame.Board("international")
    with pytest.raises(ValueError, match="0 or more"):
        board.move_from_index(-1)
    for index in (board.action_count, 2**80):
        with pytest.raises(polydame.IllegalMove):
            board.move_from_index(index)
    for square in ("", "0", "51", "x" * 100_000):
        with pytest.raises(ValueError):
            board.piece_at(square)


# --- 5. Packed records ---------------------------------------------------------------------

GAME = b'[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *\n'
MOVES = ["32-28", "19-23", "28x19", "14x23"]


def zstd_frame(data):
    """A zstd frame of one raw block (Python has no zstd of its own before 3.14)."""
    assert len(data) < 256
    return b"\x28\xb5\x2f\xfd" + bytes([0x20, len(data)]) + struct.pack("<I", 1 | len(data) << 3)[:3] + data


def zstd_rle(byte, blocks):
    """A zstd frame of ``blocks`` blocks of 128 KiB, each ``byte`` repeated: 4 bytes a block."""
    size = 1 << 17
    frame = b"\x28\xb5\x2f\xfd\x00\x38"  # no content size; a window of 128 KiB
    for i in range(blocks):
        frame += struct.pack("<I", (i == blocks - 1) | 1 << 1 | size << 3)[:3] + byte
    return frame


@pytest.mark.parametrize(
    "name, packed, games",
    [
        ("g.pdn.gz", gzip.compress(GAME) + gzip.compress(GAME), 2),  # two members, as `cat` makes
        ("g.pdn.bz2", bz2.compress(GAME), 1),
        ("g.pdn.zst", zstd_frame(GAME), 1),
        ("g.pdn", gzip.compress(GAME), 1),  # told by its first bytes, not its name
    ],
)
def test_packed_records_are_unpacked(tmp_path, name, packed, games):
    path = tmp_path / name
    path.write_bytes(packed)
    for source in (path, str(path), packed):
        read = polydame.read_pdn(source)
        assert [g.moves for g in read] == [MOVES] * games
    assert [v.valid for v in polydame.validate(path)] == [True] * games


def test_a_packed_record_that_cannot_be_read(tmp_path):
    with pytest.raises(OSError, match="nope.pdn.gz"):
        polydame.read_pdn(str(tmp_path / "nope.pdn.gz"))  # not read as PDN text
    cut = tmp_path / "cut.pdn.gz"
    cut.write_bytes(gzip.compress(GAME)[:30])
    with pytest.raises(OSError, match="cut.pdn.gz"):
        polydame.read_pdn(cut)
    with pytest.raises(OSError):
        polydame.validate(cut)


def test_a_gzip_bomb_is_refused_without_filling_the_memory(tmp_path):
    # 96 MiB of games of one move each, about 400 KB packed: read whole, their games would
    # take 3 GB.
    path = tmp_path / "bomb.pdn.gz"
    out = isolated(f"""
        import zlib
        game = b'[GameType "20"]\\n1. 32-28 *\\n'
        packer = zlib.compressobj(1, zlib.DEFLATED, 31)
        chunk = game * (2**20 // len(game))
        bomb = b"".join(packer.compress(chunk) for _ in range(96)) + packer.flush()
        open({str(path)!r}, "wb").write(bomb)
        before = peak_mb()
        for source in ({str(path)!r}, bomb):
            for read in (polydame.read_pdn, polydame.validate):
                try:
                    read(source)
                except ValueError as e:
                    print(e)
        print(peak_mb() - before)
    """)
    *errors, grown = out.splitlines()
    assert len(errors) == 4
    assert all(f"unpacked text is more than {polydame.MAX_PDN_BYTES} bytes" in e for e in errors)
    assert float(grown) < 300


def test_a_zstd_bomb_is_refused():
    bomb = zstd_rle(b"\n", 8 * 1024)  # 1 GiB of new lines in 32 KB
    with pytest.raises(ValueError, match="unpacked text is more than"):
        polydame.read_pdn(bomb)
    assert polydame.read_pdn(zstd_rle(b"\n", 8)) == []


# --- 6. Sizes ------------------------------------------------------------------------------


def test_a_variant_text_or_file_too_large(tmp_path):
    padding = polydame.MAX_VARIANT_BYTES - len(ENGLISH.encode()) - 1
    big = ENGLISH + "\n#" + "#" * padding  # one byte past the limit
    with pytest.raises(polydame.VariantError, match=f"more than {polydame.MAX_VARIANT_BYTES} bytes"):
        polydame.Variant.from_text(big)
    assert polydame.Variant.from_text(big[:-1]).id == "english"
    path = tmp_path / "big.toml"
    path.write_text(big)
    for load in (polydame.Variant.from_file, polydame.Variant):
        with pytest.raises(polydame.VariantError, match=f"more than {polydame.MAX_VARIANT_BYTES} bytes"):
            load(str(path))


def test_huge_files_are_not_read_into_memory(tmp_path):
    # Sparse files of 2 GiB: read whole, each would take 2 GB.
    huge, records = tmp_path / "huge.toml", tmp_path / "huge.pdn"
    for path in (huge, records):
        with open(path, "wb") as f:
            f.truncate(2**31)
    out = isolated(f"""
        before = peak_mb()
        for load in (polydame.Variant.from_file, polydame.Variant):
            try:
                load({str(huge)!r})
            except polydame.VariantError as e:
                print(str(e).splitlines()[0])
        try:
            polydame.read_pdn({str(records)!r})
        except ValueError as e:
            print(e)
        print(peak_mb() - before)
    """)
    *errors, grown = out.splitlines()
    assert len(errors) == 3
    assert all(f"more than {polydame.MAX_VARIANT_BYTES} bytes long" in e for e in errors[:2])
    assert f"the file is more than {polydame.MAX_PDN_BYTES} bytes" in errors[2]
    assert float(grown) < 100


def test_texts_too_large():
    with pytest.raises(ValueError, match=f"the record is more than {polydame.MAX_PDN_BYTES} bytes"):
        polydame.read_pdn("1. 32-28 *\n" + " " * polydame.MAX_PDN_BYTES)
    with pytest.raises(polydame.InvalidFen) as e:
        polydame.Board("international", fen="W:W" + ",31" * polydame.MAX_FEN_BYTES)
    assert e.value.code == "too-long"
    board = polydame.Board("international")
    for call in (board.push, board.is_legal, board.move_index):
        with pytest.raises(polydame.IllegalMove) as e:
            call("32-28" + "-28" * polydame.MAX_MOVE_BYTES)
        assert e.value.code == "too-long"


def test_names_too_long():
    name = "x" * 10_000_000  # compared with every id for a near miss, it took gigabytes
    with pytest.raises(polydame.VariantError, match=f"at most {polydame.MAX_NAME_BYTES} bytes"):
        polydame.Variant(name)
    with pytest.raises(polydame.VariantError, match=f"at most {polydame.MAX_NAME_BYTES} bytes"):
        polydame.Board(name)
    with pytest.raises(polydame.VariantError, match="an option's name"):
        polydame.Variant("international", **{"x" * (polydame.MAX_NAME_BYTES + 1): "y"})
    with pytest.raises(polydame.VariantError, match="an option's choice"):
        polydame.Variant("international", **{"draw-rule": "y" * (polydame.MAX_NAME_BYTES + 1)})


def test_every_limit_is_documented_with_its_number():
    docs = (ROOT / "docs" / "python.md").read_text()
    limits = [n for n in polydame.__all__ if n.startswith("MAX_") or n.endswith("_BYTES")]
    assert len(limits) >= 15
    for name in limits:
        row = re.search(rf"^\| `{name}` \| ([\d,]+)", docs, re.M)
        assert row, f"{name} has no row in docs/python.md"
        assert int(row.group(1).replace(",", "")) == getattr(polydame, name), name
