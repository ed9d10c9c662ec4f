"""``polydame.distributed``: perft, matches, reports and validation as Ray tasks, each
compared with the same job done in one process, and with the command line where it is
built (the ``polydame_bin`` fixture: ``POLYDAME_BIN``, else ``target/release/polydame``)."""

import json
import os
import subprocess
import sys

import pytest

ray = pytest.importorskip("ray")

import polydame  # noqa: E402
import polydame.distributed as dist  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def cluster():
    """A local Ray of two CPUs for the module, shut down after it."""
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    if started:
        ray.shutdown()


def cli(binary, *args):
    """The command line's standard output."""
    done = subprocess.run([binary, *map(str, args)], capture_output=True, text=True, check=True)
    return done.stdout


# --- Perft -------------------------------------------------------------------------------

# Published counts (tests/perft: International from Aart Bik and Rein Halbersma's dctl,
# English from Aart Bik's talkchess table and dctl).
PUBLISHED = [("international", 6, 167140), ("english", 7, 179740)]


@pytest.mark.parametrize("variant,depth,nodes", PUBLISHED)
def test_perft_of_the_start_is_the_published_count(variant, depth, nodes):
    assert polydame.Board(variant).perft(depth) == nodes
    assert dist.perft(variant, depth) == nodes


def test_perft_published_from_a_fen_and_with_paths():
    # tests/perft/international.txt: FMJD's "random178" position, and dctl's routes.
    random178 = "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24"
    assert polydame.Board("international", random178).perft(6) == 629010
    assert dist.perft("international", 6, fen=random178) == 629010
    assert dist.perft("international", 8, routes="paths") == 6483971


@pytest.mark.parametrize("split", [0, 1, 2, 3, 5])
def test_perft_is_the_same_at_every_split(split):
    fen = polydame.Board("international")
    for m in ["32-28", "19-23", "28x19", "14x23", "33-28"]:
        fen.push(m)
    expected = polydame.Board("international", fen.fen).perft(5)
    assert dist.perft("international", 5, fen=fen.fen, split_depth=split) == expected
    assert dist.perft("international", 5, fen=fen.fen, split_depth=split, batch_size=1) == expected


# Positions whose tree has positions without moves above its leaves: games won in 1 to 4
# plies, so that subtrees at the split have no moves, or none left before the depth.
ENDING = [
    ("english", "B:WK14,K17,22:BK28"),
    ("international", "B:W23,28,29,32,36,39,44,45,K46,50:B20"),
    ("russian", "W:We5:Ba3,h4,h6,a7,c7"),
]


@pytest.mark.parametrize("variant,fen", ENDING)
def test_perft_counts_no_leaves_under_ended_games(variant, fen):
    board = polydame.Board(variant, fen)
    for depth in (3, 5):
        expected = board.perft(depth)
        assert expected > 0
        for split in range(depth + 1):
            assert dist.perft(variant, depth, fen=fen, split_depth=split, batch_size=3) == expected, (depth, split)
        assert dist.perft(variant, depth, fen=fen) == expected


def test_perft_of_a_game_over():
    # White takes Black's last piece at once: nothing from ply 2 on.
    fen = "W:WK46:B37,19"
    assert polydame.Board("international", fen).perft(1) == 3
    for depth in (1, 2, 4):
        for split in range(depth + 1):
            assert dist.perft("international", depth, fen=fen, split_depth=split) == polydame.Board("international", fen).perft(depth)
    assert dist.perft("international", 3, fen=fen) == 0


@pytest.mark.parametrize(
    "variant,depth,fen,routes",
    [
        ("frisian", 5, None, "paths"),
        ("frisian", 5, None, "landings"),
        ("turkish", 7, None, "landings"),
        ("russian", 8, None, "paths"),
        # The root's flying king has 3 distinct captures but 9 landings' routes.
        ("international", 5, "W:WK46,45,40:B37,19,3,4,13", "landings"),
        # Routes that differ only at ply 5.
        ("international", 5, "W:WK46,31,32,33,34:B37,19,1,2,3,4,5,6,7,8", "landings"),
    ],
)
def test_perft_routes(variant, depth, fen, routes):
    board = polydame.Board(variant, fen)
    expected = board.perft(depth, routes)
    assert expected != board.perft(depth, "distinct"), "the routes should count differently here"
    assert dist.perft(variant, depth, fen=fen, routes=routes) == expected
    for split in range(1, min(depth, 4) + 1):
        assert dist.perft(variant, depth, fen=fen, routes=routes, split_depth=split) == expected, split


def test_perft_takes_a_variant_object_and_options():
    variant = polydame.Variant("coronet", setup="triangle-21")
    assert variant != polydame.Variant("coronet")
    expected = polydame.Board(variant).perft(4)
    assert expected != polydame.Board("coronet").perft(4)
    assert dist.perft(variant, 4) == expected


def test_a_variant_file_travels_with_its_text(tmp_path):
    # The workers never see the file: it is gone before the tasks run.
    shipped = os.path.join(os.path.dirname(__file__), "..", "..", "variants", "russian.toml")
    if not os.path.isfile(shipped):
        pytest.skip("no variants/russian.toml beside the package's sources")
    path = tmp_path / "mine.toml"
    path.write_text(open(shipped, encoding="utf-8").read())
    variant = polydame.Variant.from_file(str(path))
    path.unlink()
    assert dist.perft(variant, 6) == polydame.Board("russian").perft(6)
    played = [polydame.self_play(variant, i, depth=2) for i in range(3)]
    assert dist.match(variant, 3, depth=2).pdn == "\n".join(g.pdn for g in played)


def test_divide():
    board = polydame.Board("international")
    counts = dist.divide("international", 5)
    assert list(counts) == [str(m) for m in board.legal_moves]
    for m in board.legal_moves:
        child = board.copy()
        child.push(m)
        assert counts[str(m)] == child.perft(4), str(m)
    assert sum(counts.values()) == board.perft(5)
    assert dist.divide("international", 1) == {str(m): 1 for m in board.legal_moves}
    with pytest.raises(ValueError):
        dist.divide("international", 3, fen="W:WK46,45,40:B37,19,3,4,13", routes="landings")
    # Black to move without pieces: no moves, no leaves.
    assert dist.divide("international", 2, fen="B:W31,32:B") == {}
    assert dist.perft("international", 2, fen="B:W31,32:B") == polydame.Board("international", "B:W31,32:B").perft(2) == 0


def test_perft_of_depth_0_and_1():
    fen = "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24"
    assert dist.perft("international", 0, fen=fen) == polydame.Board("international", fen).perft(0) == 1
    assert dist.perft("international", 1, fen=fen) == len(polydame.Board("international", fen).legal_moves) == 14


def test_perft_rejects_bad_arguments():
    with pytest.raises(ValueError):
        dist.perft("international", 3, routes="all")
    with pytest.raises(ValueError):
        dist.perft("international", 3, split_depth=4)
    with pytest.raises(polydame.InvalidFen):
        dist.perft("international", 3, fen="W:W99:B1")


def test_perft_is_the_command_lines(polydame_bin):
    fen = "B:W23,28,29,32,36,39,44,45,K46,50:B20"
    for args, kwargs in [((), {}), (("--fen", fen), {"fen": fen})]:
        out = cli(polydame_bin, "perft", "international", 6, "--json", *args)
        assert dist.perft("international", 6, **kwargs) == json.loads(out.splitlines()[-1])["nodes"]
    out = cli(polydame_bin, "perft", "frisian", 6, "--paths", "--json")
    assert dist.perft("frisian", 6, routes="paths") == json.loads(out.splitlines()[-1])["nodes"]


# --- Matches -----------------------------------------------------------------------------


def local_games(variant, games, **settings):
    variant = polydame.Variant(variant)
    return [polydame.self_play(variant, i, **settings) for i in range(games)]


@pytest.mark.parametrize(
    "variant,games,settings",
    [
        ("international", 6, {"depth": 2}),
        ("english", 5, {"depth": 3, "opening_plies": 2, "seed": 7}),
        ("frisian", 4, {"depth": 2, "max_plies": 30}),
    ],
)
def test_match_is_the_games_played_one_by_one(variant, games, settings):
    m = dist.match(variant, games, **settings)
    played = local_games(variant, games, **settings)
    assert [g.index for g in m.games] == list(range(games))
    assert [g.pdn for g in m.games] == [g.pdn for g in played]
    assert m.pdn == "\n".join(g.pdn for g in played)
    results = [g.result for g in played]
    assert (m.white_wins, m.black_wins, m.draws, m.unfinished) == tuple(results.count(r) for r in ("1-0", "0-1", "1/2-1/2", "*"))
    assert m.score["games"] == games
    if settings.get("max_plies") == 30:
        assert m.unfinished > 0
    for batch_size in (1, 2, games):
        assert [g.pdn for g in dist.match(variant, games, batch_size=batch_size, **settings).games] == [g.pdn for g in played]


@pytest.mark.parametrize("variant,games,settings", [("international", 6, {"depth": 2}), ("english", 5, {"depth": 3, "opening_plies": 2, "seed": 7})])
def test_match_is_the_command_lines(polydame_bin, tmp_path, variant, games, settings):
    m = dist.match(variant, games, **settings)
    flags = [x for k, v in settings.items() for x in ("--" + k.replace("_", "-"), v)]
    out = tmp_path / "games.pdn"
    score = cli(polydame_bin, "match", variant, "--games", games, *flags, "--out", out, "--json")
    assert m.pdn == out.read_text()
    assert m.score == json.loads(score)
    assert cli(polydame_bin, "match", variant, "--games", games, *flags) == m.pdn.rstrip() + "\n"


# --- Reports -----------------------------------------------------------------------------

REPORT = (["international", "english"], 3, {"depth": 2, "seed": 3})


def test_report_is_the_report_of_games_played_one_by_one():
    names, games, settings = REPORT
    r = dist.report(names, games, **settings)
    sections = [(n, local_games(n, games, **settings)) for n in names]
    assert (r.json, r.html, r.text) == polydame.report(sections, **settings)
    assert dist.report(names, games, batch_size=4, **settings).json == r.json
    assert [g.pdn for g in r.games["english"]] == [g.pdn for g in sections[1][1]]
    doc = json.loads(r.json)
    assert [v["variant"] for v in doc["variants"]] == names
    assert doc["settings"]["games"] == games


def test_report_of_variant_objects_with_options():
    variant = polydame.Variant("coronet", setup="triangle-21")
    r = dist.report([variant], 2, depth=2, batch_size=1)
    local = polydame.report([("coronet", [polydame.self_play(variant, i, depth=2) for i in range(2)])], depth=2)
    assert r.json == local[0]
    assert json.loads(r.json)["settings"]["options"] == ["setup=triangle-21"]


def test_report_is_the_command_lines(polydame_bin, tmp_path):
    names, games, settings = REPORT
    r = dist.report(names, games, **settings)
    flags = ["--games", games, "--depth", settings["depth"], "--seed", settings["seed"]]
    assert cli(polydame_bin, "report", *names, *flags, "--json").rstrip("\n") == r.json
    assert cli(polydame_bin, "report", *names, *flags).rstrip() == r.text.rstrip()
    page = tmp_path / "report.html"
    cli(polydame_bin, "report", *names, *flags, "--out", page)
    assert page.read_text() == r.html


# --- Validation --------------------------------------------------------------------------

BAD_GAME = '[Event "bad"]\n[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 3. 28-22 1-0\n'


@pytest.fixture
def records(tmp_path):
    good = tmp_path / "good.pdn"
    good.write_text("\n".join(g.pdn for g in local_games("international", 2, depth=2)))
    bad = tmp_path / "bad.pdn"
    bad.write_text(BAD_GAME + "\n" + local_games("english", 1, depth=2)[0].pdn)
    return [str(good), str(bad)]


def as_plain(verdicts):
    """Verdicts as tuples of their fields, to compare."""
    return [(v.game, v.line, v.variant, v.valid, v.plies, v.error, v.variation_errors, v.warnings, v.tags) for v in verdicts]


def plain_out(out):
    return [(path, as_plain(verdicts)) for path, verdicts in out]


def test_validate_is_validate_file_by_file(records):
    out = dist.validate(records)
    assert [p for p, _ in out] == records
    for path, verdicts in out:
        assert as_plain(verdicts) == as_plain(polydame.validate(path))
    (_, good), (_, bad) = out
    assert [v.valid for v in good] == [True, True]
    assert [v.valid for v in bad] == [False, True]
    assert bad[0].error["ply"] == 5 and bad[0].error["text"] == "28-22"
    assert [v.variant for v in bad] == ["international", "english"]
    assert plain_out(dist.validate(records, ship=False, batch_size=1)) == plain_out(out)


def test_validate_with_a_variant(records):
    out = dist.validate(records, variant="international")
    for path, verdicts in out:
        assert as_plain(verdicts) == as_plain(polydame.validate(path, "international"))
    assert [v.valid for v in out[1][1]] == [False, False]


def test_validate_a_missing_file(tmp_path):
    missing = str(tmp_path / "missing.pdn")
    with pytest.raises(FileNotFoundError):
        dist.validate([missing])
    with pytest.raises(FileNotFoundError):
        dist.validate([missing], ship=False)


# --- The cluster -------------------------------------------------------------------------


def test_ray_stays_up():
    assert dist.connect() == 2
    assert ray.is_initialized()


def test_import_without_ray_says_how_to_install():
    code = "import sys; sys.modules['ray'] = None\ntry:\n import polydame.distributed\nexcept ImportError as e:\n print(e)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=os.path.dirname(os.path.dirname(polydame.__file__)))
    assert "pip install polydame[distributed]" in out.stdout
