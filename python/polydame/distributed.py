"""Perft, self-play matches, designer's reports and record validation as Ray tasks.

The jobs polydame's command line runs on the threads of one machine split into
independent pieces, and this module runs those pieces as `Ray <https://www.ray.io>`_ tasks,
on the cores of this machine or on every machine of a Ray cluster. The results are the
command line's, number for number and byte for byte:

.. code-block:: python

    import polydame.distributed as dist

    dist.perft("international", 9)              # 41022423, as polydame perft international 9
    m = dist.match("international", games=100, depth=4)
    m.pdn                                       # polydame match international --games 100 --out FILE
    m.score                                     # ... --json: games, white_wins, black_wins, draws, unfinished
    r = dist.report(["international", "frisian"], games=1000)
    print(r.text)                               # polydame report international frisian --games 1000
    r.json, r.html                              # ... --json, --out FILE.html
    for path, verdicts in dist.validate(["a.pdn", "b.pdn"]):   # polydame validate a.pdn b.pdn
        print(path, all(v.valid for v in verdicts))

Install with ``pip install polydame[distributed]`` (Ray 2.9 or later).

Where the tasks run (the ``address`` argument of every function):

* ``address=None``: the Ray session this process already has (``ray.init(...)`` called
  before, with whatever options you chose), else a local one started with ``ray.init()``
  (every core of this machine; ``RAY_ADDRESS`` in the environment connects to a cluster
  instead, as Ray does).
* ``address="auto"``, ``"HOST:6379"`` or ``"ray://HOST:10001"`` (Ray Client): the
  existing cluster there (``ray.init(address=...)``). If Ray is already initialised in
  this process, that session is used as it is.

This module never shuts Ray down: call ``ray.shutdown()`` when you are done with it.
Every machine of a cluster needs polydame (and Ray) installed in the Python environment
its workers run; a variant read from a file (``Variant.from_file``) travels with its text,
so the workers need no copy of the file, and :func:`validate` reads the record files here
and sends their bytes, so the workers need no shared file system.

How the work is split:

* :func:`perft`: the move tree is expanded here to a shallow ply (``split_depth``), and the
  subtrees below it are counted by ``Board.perft`` (Rust, without the interpreter's lock),
  many subtrees a task. A position of the split with no legal moves contributes no
  leaves, as in perft; a position where some capture has several routes (with
  ``routes="paths"`` or ``"landings"``) is not expanded but counted whole, so every
  ``routes`` gives the single-process count.
* :func:`match` and :func:`report`: the games, each played by ``polydame.self_play`` as the
  command line plays it (game ``i`` from seed ``seed + i``), several games a task; the
  report is then built here by ``polydame.report``.
* :func:`validate`: the files, several a task (balanced by size).
"""

from __future__ import annotations

import dataclasses
import os
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

try:
    import ray
except ImportError as e:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        "polydame.distributed runs its jobs as Ray tasks, and Ray is not installed: "
        "pip install polydame[distributed] (or pip install ray)"
    ) from e

from . import _core
from ._core import Board, SelfPlayed, Variant, Verdict

if TYPE_CHECKING:
    from ._core import _Routes as Routes

__all__ = [
    "Verdict",
    "Match",
    "Report",
    "connect",
    "divide",
    "match",
    "perft",
    "report",
    "validate",
]

#: Subtrees a perft is split into at least (when the tree is that wide), per CPU of the
#: cluster: enough for the tasks to even out when subtrees differ in size.
SUBTREES_PER_CPU = 32
#: Tasks a job is cut into, per CPU of the cluster (each task takes many subtrees, games
#: or files): enough to keep every CPU busy to the end, few enough that the cost of a
#: task (a few milliseconds) does not count.
TASKS_PER_CPU = 4

VariantLike = Union[Variant, str]


# --- The cluster -------------------------------------------------------------------------


def connect(address: Optional[str] = None, **init_kwargs: Any) -> int:
    """Makes sure Ray is initialised and returns the CPUs of its cluster.

    With Ray already initialised in this process, its session is used as it is (``address``
    and ``init_kwargs`` are then ignored). Else ``address=None`` starts a local Ray
    (``ray.init(**init_kwargs)``: every core of this machine, unless ``init_kwargs`` says
    ``num_cpus``), and an address (``"auto"``, ``"HOST:6379"``, ``"ray://HOST:10001"``)
    connects to that cluster. Ray is never shut down here.
    """
    if not ray.is_initialized():
        if address is None:
            ray.init(ignore_reinit_error=True, **init_kwargs)
        else:
            ray.init(address=address, ignore_reinit_error=True, **init_kwargs)
    return _cpus()


def _cpus() -> int:
    """The CPUs of the cluster (at least 1)."""
    try:
        return max(1, int(ray.cluster_resources().get("CPU", 1)))
    except Exception:  # pragma: no cover - a cluster that cannot say
        return 1


def _variant(variant: VariantLike) -> Variant:
    """A ``Variant`` (which pickles to its origin), from one or a shipped id or a path."""
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, os.PathLike):
        variant = os.fspath(variant)
    if not isinstance(variant, str):
        raise TypeError(f"a variant is a polydame.Variant, a shipped id or a path, not {type(variant).__name__}")
    return Variant(variant)


def _strided(items: Sequence[Any], parts: int) -> List[List[Any]]:
    """``items`` dealt into at most ``parts`` non-empty batches, in turn (item ``i`` to batch
    ``i % parts``), so that every batch takes items from the whole sequence."""
    parts = max(1, min(parts, len(items)))
    return [list(items[k::parts]) for k in range(parts)]


def _tasks(batch_size: Optional[int], count: int, cpus: int) -> int:
    """How many tasks to cut ``count`` items into: ``TASKS_PER_CPU`` a CPU, or as many as
    batches of ``batch_size`` make."""
    if batch_size is not None:
        if batch_size < 1:
            raise ValueError("batch_size is 1 or more")
        return max(1, -(-count // batch_size))
    return max(1, min(count, TASKS_PER_CPU * cpus))


# --- Perft -------------------------------------------------------------------------------


def _perft_here(board: Board, plies: int, routes: Routes) -> int:
    """``board.perft(plies, routes)`` on this thread alone: a task holds one CPU of the
    cluster, and ``Board.perft`` would otherwise take every core of its machine."""
    return board.perft(plies, routes, threads=1)


@ray.remote
def _count_subtrees(variant: Variant, fen: Optional[str], jobs: List[Tuple[Tuple[int, ...], int]], routes: Routes) -> List[int]:
    """The leaves under each job's position: ``(path, plies)``, the path the indices of the
    legal moves (``Board.legal_moves``) played from the root, one a ply."""
    reached: Dict[Tuple[int, ...], Board] = {(): Board(variant, fen)}

    def at(path: Tuple[int, ...]) -> Board:
        # The positions above the subtrees, played once for all the subtrees under them.
        if path not in reached:
            board = at(path[:-1]).copy()
            board.push(board.legal_moves[path[-1]])
            reached[path] = board
        return reached[path]

    counts = []
    for path, plies in jobs:
        board = at(path[:-1]).copy() if path else reached[()]
        if path:
            board.push(board.legal_moves[path[-1]])
        counts.append(_perft_here(board, plies, routes))
    return counts


def _split(root: Board, depth: int, split_depth: Optional[int], routes: Routes, wanted: int, least: int = 0):
    """The subtrees of the tree ``depth`` plies deep under ``root``: ``(path, plies)``
    pairs, every leaf of the tree under exactly one of them, and the texts of the root's
    moves (``None`` when the root is counted whole).

    A position is expanded (its children replacing it) only where its legal moves are
    exactly the moves perft counts there (``len(legal_moves) == perft(1, routes)``): where
    a capture has several routes (``routes`` other than ``"distinct"``), or where the game
    is over but the position still has moves (a draw rule; perft does not judge games), it
    stays a subtree of its own, counted whole. A position with no moves at all (before
    ``depth``) is dropped: it has no leaves. Without ``split_depth``, the tree is expanded
    ply by ply until it has ``wanted`` subtrees, ``least`` plies deep at least and
    ``depth - 1`` at most.
    """
    level: List[Tuple[Tuple[int, ...], Board]] = [((), root)]
    done: List[Tuple[Tuple[int, ...], int]] = []
    root_moves: Optional[List[str]] = None
    limit = split_depth if split_depth is not None else min(depth, max(least, depth - 1))
    ply = 0
    while ply < limit and level:
        if split_depth is None and ply >= least and len(level) + len(done) >= wanted:
            break
        nxt: List[Tuple[Tuple[int, ...], Board]] = []
        for path, board in level:
            legal = board.legal_moves
            if len(legal) != _perft_here(board, 1, routes):
                done.append((path, depth - ply))
                continue
            if ply == 0:
                root_moves = [str(m) for m in legal]
            for i, m in enumerate(legal):
                child = board.copy()
                child.push(m)
                nxt.append((path + (i,), child))
        level = nxt
        ply += 1
    return done + [(path, depth - ply) for path, _ in level], root_moves


def _perft_jobs(variant, depth, fen, split_depth, routes, address, batch_size, need_root):
    if depth < 0:
        raise ValueError("perft's depth is 0 or more")
    if routes not in ("distinct", "paths", "landings"):
        raise ValueError(f"routes is 'distinct', 'paths' or 'landings', not {routes!r}")
    if split_depth is not None and not 0 <= split_depth <= depth:
        raise ValueError(f"split_depth is between 0 and the depth ({depth}), not {split_depth}")
    variant = _variant(variant)
    root = Board(variant, fen)  # a bad FEN fails here, at once
    cpus = connect(address)
    if need_root and split_depth is not None and split_depth < 1:
        raise ValueError("divide's split_depth is 1 or more")
    jobs, root_moves = _split(root, depth, split_depth, routes, SUBTREES_PER_CPU * cpus, 1 if need_root else 0)
    if not jobs:
        return [], [], root_moves
    batches = _strided(list(range(len(jobs))), _tasks(batch_size, len(jobs), cpus))
    vref = ray.put(variant)
    refs = [_count_subtrees.remote(vref, fen, [jobs[k] for k in batch], routes) for batch in batches]
    counts = [0] * len(jobs)
    for batch, result in zip(batches, ray.get(refs)):
        for k, n in zip(batch, result):
            counts[k] = n
    return jobs, counts, root_moves


def perft(
    variant: VariantLike,
    depth: int,
    fen: Optional[str] = None,
    split_depth: Optional[int] = None,
    routes: Routes = "distinct",
    address: Optional[str] = None,
    batch_size: Optional[int] = None,
) -> int:
    """The leaves of the legal-move tree ``depth`` plies deep, counted as Ray tasks:
    ``Board(variant, fen).perft(depth, routes)`` (and ``polydame perft``), split.

    ``variant`` is a ``Variant``, a shipped id or a variant file's path; ``fen`` the
    position (default: the start); ``routes`` ``"distinct"``, ``"paths"`` or
    ``"landings"`` (``--paths``, ``--landings``). The tree is expanded here to
    ``split_depth`` plies (default: the shallowest ply with at least ``SUBTREES_PER_CPU``
    subtrees a CPU of the cluster, and at most ``depth - 1``), and the subtrees below are
    counted ``batch_size`` a task (default: ``TASKS_PER_CPU`` tasks a CPU). ``address``:
    where the tasks run (see the module's documentation).
    """
    _, counts, _ = _perft_jobs(variant, depth, fen, split_depth, routes, address, batch_size, False)
    return sum(counts)


def divide(
    variant: VariantLike,
    depth: int,
    fen: Optional[str] = None,
    split_depth: Optional[int] = None,
    routes: Routes = "distinct",
    address: Optional[str] = None,
    batch_size: Optional[int] = None,
) -> Dict[str, int]:
    """:func:`perft` by root move (``polydame perft --divide``): ``{move text: leaves}``,
    the root's legal moves in ``Board.legal_moves`` order, the leaves ``depth`` plies deep
    under each (``depth`` 1 or more). ``ValueError`` with ``routes`` other than
    ``"distinct"`` when a root capture has several routes (the routes of one move are not
    told apart here), and where the game is over at the root but its position has moves.
    """
    if depth < 1:
        raise ValueError("divide's depth is 1 or more")
    jobs, counts, root_moves = _perft_jobs(variant, depth, fen, split_depth, routes, address, batch_size, True)
    if root_moves is None:
        raise ValueError(
            f"the root's moves are not perft's moves with routes={routes!r} "
            "(a capture with several routes, or a game over whose position has moves): count it with perft()"
        )
    out = {m: 0 for m in root_moves}
    for (path, _), n in zip(jobs, counts):
        out[root_moves[path[0]]] += n
    return out


# --- Self-play: matches and reports ------------------------------------------------------


@ray.remote
def _play(variants: List[Variant], jobs: List[Tuple[int, int]], depth: int, opening_plies: int, seed: int, max_plies: int) -> List[SelfPlayed]:
    """Game ``index`` of variant ``variants[v]`` for each ``(v, index)`` of ``jobs``."""
    return [_core.self_play(variants[v], i, depth=depth, opening_plies=opening_plies, seed=seed, max_plies=max_plies) for v, i in jobs]


def _play_all(variants: List[Variant], games: int, depth, opening_plies, seed, max_plies, address, batch_size) -> List[List[SelfPlayed]]:
    """Games 0 to ``games - 1`` of every variant, as tasks: a list of games a variant."""
    if games < 0:
        raise ValueError("games is 0 or more")
    cpus = connect(address)
    jobs = [(v, i) for v in range(len(variants)) for i in range(games)]
    out: List[List[Optional[SelfPlayed]]] = [[None] * games for _ in variants]
    if not jobs:
        return out  # type: ignore[return-value]
    vref = ray.put(variants)
    batches = _strided(jobs, _tasks(batch_size, len(jobs), cpus))
    refs = [_play.remote(vref, batch, depth, opening_plies, seed, max_plies) for batch in batches]
    for batch, played in zip(batches, ray.get(refs)):
        for (v, i), g in zip(batch, played):
            out[v][i] = g
    return out  # type: ignore[return-value]


def _results(games: Iterable[SelfPlayed]) -> Dict[str, int]:
    """The score of games, as ``polydame match --json`` gives it (but ``games``)."""
    score = {"white_wins": 0, "black_wins": 0, "draws": 0, "unfinished": 0}
    key = {"1-0": "white_wins", "0-1": "black_wins", "1/2-1/2": "draws", "*": "unfinished"}
    for g in games:
        score[key[g.result]] += 1
    return score


@dataclasses.dataclass(frozen=True)
class Match:
    """A self-play match: its games in order, their PDN and the score.

    ``pdn`` is what ``polydame match --out FILE`` writes (the games one after another, a
    blank line between two); ``polydame match`` on standard output writes
    ``pdn.rstrip() + "\\n"``. ``score`` is the JSON object of ``polydame match --json``.
    """

    games: List[SelfPlayed]
    pdn: str
    white_wins: int
    black_wins: int
    draws: int
    unfinished: int

    @property
    def score(self) -> Dict[str, int]:
        """``{"games", "white_wins", "black_wins", "draws", "unfinished"}``, as ``polydame
        match --json``."""
        return {"games": len(self.games), "white_wins": self.white_wins, "black_wins": self.black_wins, "draws": self.draws, "unfinished": self.unfinished}


def match(
    variant: VariantLike,
    games: int,
    depth: int = 4,
    opening_plies: int = 4,
    seed: int = 1,
    max_plies: int = 400,
    address: Optional[str] = None,
    batch_size: Optional[int] = None,
) -> Match:
    """The player against itself, ``games`` games played as Ray tasks, exactly as
    ``polydame match VARIANT --games GAMES --depth DEPTH --opening-plies OPENING_PLIES
    --seed SEED --max-plies MAX_PLIES`` plays them (game ``i`` opens with random plies from
    seed ``seed + i``): a :class:`Match` (its ``pdn`` is the command's file byte for byte).

    ``batch_size`` games a task (default: ``TASKS_PER_CPU`` tasks a CPU of the cluster);
    ``address``: where the tasks run (see the module's documentation).
    """
    played = _play_all([_variant(variant)], games, depth, opening_plies, seed, max_plies, address, batch_size)[0]
    return Match(games=played, pdn="\n".join(g.pdn for g in played), **_results(played))


@dataclasses.dataclass(frozen=True)
class Report:
    """The designer's report: as JSON (``polydame report --json``), as one HTML page
    (``--out FILE.html``) and as text (standard output), with the games it was made of
    (``games[name]``, in order)."""

    json: str
    html: str
    text: str
    games: Dict[str, List[SelfPlayed]]


def _named(variants) -> List[Tuple[str, Variant]]:
    """``(name, Variant)`` for every variant given: a shipped id or a path (its own name,
    as the command line takes it), a ``Variant`` (named by its id) or a ``(name,
    variant)`` pair."""
    if isinstance(variants, (str, Variant, os.PathLike)):
        variants = [variants]
    named = []
    for v in variants:
        if isinstance(v, tuple):
            name, v = v
            named.append((str(name), _variant(v)))
        elif isinstance(v, Variant):
            named.append((v.id, v))
        else:
            named.append((os.fspath(v), _variant(v)))
    if not named:
        raise ValueError("a report needs a variant")
    return named


def report(
    variants,
    games: int,
    depth: int = 4,
    opening_plies: int = 4,
    seed: int = 1,
    max_plies: int = 400,
    address: Optional[str] = None,
    batch_size: Optional[int] = None,
) -> Report:
    """The designer's report of one or more variants side by side, its games played as Ray
    tasks and the report built here, exactly as ``polydame report NAMES --games GAMES
    --depth DEPTH --opening-plies OPENING_PLIES --seed SEED --max-plies MAX_PLIES`` makes it
    (its ``json`` is the command's ``--json`` output).

    ``variants``: shipped ids or variant files' paths (named as given, as the command
    names them), ``Variant`` objects (named by their id) or ``(name, Variant)`` pairs (the
    report states the options of the first). ``batch_size`` games a task (default:
    ``TASKS_PER_CPU`` tasks a CPU of the cluster); ``address``: where the tasks run (see the
    module's documentation).
    """
    if games < 1:
        raise ValueError("a report needs 1 game or more")
    named = _named(variants)
    played = _play_all([v for _, v in named], games, depth, opening_plies, seed, max_plies, address, batch_size)
    sections = [(name, g) for (name, _), g in zip(named, played)]
    json, html, text = _core.report(sections, depth=depth, opening_plies=opening_plies, seed=seed, max_plies=max_plies)
    return Report(json=json, html=html, text=text, games=dict(sections))


# --- Validation --------------------------------------------------------------------------


@ray.remote
def _validate_files(sources: List[Union[bytes, str]], variant: Optional[Variant]) -> List[List[Verdict]]:
    """The verdicts on the games of each source (a file's bytes, or a path)."""
    for s in sources:
        # polydame.validate reads a string that names no file as PDN text.
        if isinstance(s, str) and not os.path.isfile(s):
            raise FileNotFoundError(f"no such file: {s}")
    return [_core.validate(s, variant) for s in sources]


def validate(
    paths,
    variant: Optional[VariantLike] = None,
    address: Optional[str] = None,
    ship: bool = True,
    batch_size: Optional[int] = None,
) -> List[Tuple[str, List[Verdict]]]:
    """Every game of every file replayed, as Ray tasks (``polydame validate FILES``):
    ``[(path, [Verdict, ...]), ...]`` in the order of ``paths``, each verdict the one
    ``polydame.validate(path, variant)`` gives .

    ``variant`` (a ``Variant``, a shipped id or a path) for every game, or else the one each
    game's tags name. With ``ship`` (the default) the files are read here and their bytes
    sent to the tasks, so the workers need not see the files (a file that cannot be read
    raises ``OSError`` here, at once); with ``ship=False`` the tasks read the paths
    themselves (a file system every worker shares). Files are dealt to tasks balanced by
    size, ``batch_size`` files a task (default: ``TASKS_PER_CPU`` tasks a CPU of the
    cluster); ``address``: where the tasks run (see the module's documentation).
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    paths = [os.fspath(p) for p in paths]
    fixed = None if variant is None else _variant(variant)
    if ship:
        sources: List[Union[bytes, str]] = []
        for p in paths:
            with open(p, "rb") as f:
                sources.append(f.read())
        sizes = [len(s) for s in sources]
    else:
        sources = list(paths)
        sizes = [os.path.getsize(p) if os.path.isfile(p) else 0 for p in paths]
    if not paths:
        return []
    cpus = connect(address)
    # The biggest files first, each to the task with the fewest bytes so far.
    parts = _tasks(batch_size, len(paths), cpus)
    batches: List[List[int]] = [[] for _ in range(parts)]
    load = [0] * parts
    for k in sorted(range(len(paths)), key=lambda k: -sizes[k]):
        t = min(range(parts), key=lambda t: (load[t], len(batches[t])))
        batches[t].append(k)
        load[t] += sizes[k]
    batches = [b for b in batches if b]
    vref = ray.put(fixed)
    refs = [_validate_files.remote([sources[k] for k in b], vref) for b in batches]
    verdicts: List[Optional[List[Verdict]]] = [None] * len(paths)
    for b, result in zip(batches, ray.get(refs)):
        for k, v in zip(b, result):
            verdicts[k] = v
    return [(p, v) for p, v in zip(paths, verdicts)]  # type: ignore[misc]
