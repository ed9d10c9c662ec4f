"""The PettingZoo environment (``polydame.env``): the API checks, rewards, action masks,
illegal actions and the agents' perspectives."""

import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import polydame  # noqa: E402

# A hexagonal board besides the two square ones, when the build ships it, and a variant
# whose moves often take several actions (huffing: which piece is taken off).
API_VARIANTS = ["international", "english", "zamma"] + [v for v in ("hexdame",) if v in polydame.variants()]


def legal_actions(observation):
    """The action indices an observation's mask allows."""
    return np.flatnonzero(observation["action_mask"]).tolist()


def play_to_end(env, choose):
    """Plays ``env`` (already reset) to its end with ``choose(agent, observation)``; returns
    each agent's reward and info as ``last()`` gives them once it is terminated or truncated,
    and the number of moves played."""
    final, moves = {}, 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            final[agent] = (reward, terminated, truncated, info)
            env.step(None)
        else:
            env.step(choose(agent, observation))
            moves += 1
    return final, moves


def random_player(seed):
    """A player choosing uniformly among the legal actions, with its own seeded generator."""
    rng = random.Random(seed)
    return lambda agent, observation: rng.choice(legal_actions(observation))


def no_player(agent, observation):
    """A player for games that must be over: being asked to move fails the test."""
    pytest.fail(f"{agent} was asked to move after the game's end")


def action(env, text):
    """The action of the move ``text`` on the environment's board, for the agent to move
    (the move is one action)."""
    board = env.unwrapped.board
    (index,) = board.move_actions(text)
    if env.unwrapped.view == "mover" and board.turn == "black":
        index = board.variant.turned_actions[index]
    return index


# The API test advises against dict observations (PettingZoo's classic board games use them
# for the action mask too) and against agents named after the colours: advice, not errors.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:We recommend agents to be named")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("variant", API_VARIANTS)
def test_pettingzoo_api(variant):
    api_test(polydame.env(variant), num_cycles=1000)


def test_spaces_follow_the_variant():
    env = polydame.env("hexdame" if "hexdame" in API_VARIANTS else "international")
    variant = env.unwrapped.variant
    squares, kinds = len(variant.squares), len(variant.kinds)
    env.reset()
    assert env.possible_agents == ["white", "black"]
    counts = len(env.unwrapped.board.move_counts)
    actions = squares * squares + 3 * squares + kinds + 2
    for agent in env.possible_agents:
        assert env.action_space(agent).n == actions == env.unwrapped.board.action_count
        space = env.observation_space(agent)
        assert space["observation"].shape == (2 * kinds + 4 + counts, squares)
        assert space["action_mask"].shape == (actions,)
        assert space.contains(env.observe(agent))


def test_the_grid_layout_puts_each_square_on_its_coordinates():
    env = polydame.env("international", layout="grid")
    env.reset()
    variant = env.unwrapped.variant
    flat = polydame.env("international")
    flat.reset()
    for agent in ("white", "black"):
        grid = env.observe(agent)["observation"]
        row = flat.observe(agent)["observation"]
        assert grid.shape == (row.shape[0], 10, 10)
        for i, (column, rank) in enumerate(variant.coordinates):
            assert (grid[:, rank, column] == row[:, i]).all()
        # Light squares hold nothing.
        assert grid[:, 0, 1].sum() == 0 and grid.sum() == row.sum()


@pytest.mark.parametrize("variant", ["international", "english"])
def test_the_variants_first_side_moves_first(variant):
    env = polydame.env(variant)
    env.reset()
    first = polydame.Variant(variant).first
    assert env.agent_selection == first
    env.step(legal_actions(env.observe(first))[0])
    assert env.agent_selection == ("black" if first == "white" else "white")


@pytest.mark.parametrize("variant", ["international", "english"])
def test_random_games_end_with_opposite_rewards(variant):
    """Seeded random games to their end: the rewards sum to 0, the winner gets +1 and the
    loser -1, a draw 0 each, and the rewards agree with the board's outcome."""
    env = polydame.env(variant, max_plies=None)
    wins = 0
    for seed in range(6):
        env.reset(seed=seed)
        board = env.unwrapped.board
        final, moves = play_to_end(env, random_player(seed))
        assert set(final) == {"white", "black"}
        assert moves == board.ply
        outcome = board.outcome()
        assert outcome is not None, "a game played to its end has an outcome"
        assert sum(reward for reward, *_ in final.values()) == 0
        for agent, (reward, terminated, truncated, info) in final.items():
            assert terminated and not truncated
            assert info["winner"] == outcome.winner and info["reason"] == outcome.reason
            if outcome.winner is None:
                assert reward == 0
            else:
                assert reward == (1 if agent == outcome.winner else -1)
        wins += outcome.winner is not None
    assert wins > 0, "no seeded game ended with a win: the win rewards went untested"


def test_the_capture_of_the_last_piece_wins():
    env = polydame.env("international")
    env.reset(options={"fen": "W:W28:B23"})
    assert env.agent_selection == "white"
    env.step(action(env, "28x19"))
    final, moves = play_to_end(env, no_player)
    assert moves == 0
    assert final["white"][0] == 1 and final["black"][0] == -1
    assert final["white"][3]["reason"] == "no-pieces"


def test_a_repetition_is_a_draw_with_no_reward():
    env = polydame.env("english")
    env.reset(options={"fen": "B:WK29:BK4"})
    for text in ["4-8", "29-25", "8-4", "25-29"] * 2:
        assert not any(env.terminations.values())
        env.step(action(env, text))
    final, _ = play_to_end(env, no_player)
    assert {agent: result[0] for agent, result in final.items()} == {"white": 0, "black": 0}
    assert all(terminated for _, terminated, _, _ in final.values())
    assert final["white"][3]["winner"] is None


def test_games_are_truncated_at_max_plies():
    env = polydame.env("international", max_plies=4)
    env.reset()
    final, moves = play_to_end(env, random_player(1))
    assert moves == 4
    for reward, terminated, truncated, _ in final.values():
        assert truncated and not terminated and reward == 0


@pytest.mark.parametrize("variant", API_VARIANTS)
@pytest.mark.parametrize("view", ["white", "mover"])
def test_action_mask_is_the_legal_moves(variant, view):
    """Along a seeded game, the mover's first mask is exactly the first actions of the legal
    moves (seen from its side), each move's actions spell it and only it, and the agent
    acts again until they do; the other agent's mask is empty."""
    env = polydame.env(variant, view=view)
    env.reset()
    board = env.unwrapped.board
    turned = env.unwrapped.variant.turned_actions
    rng = random.Random(7)
    for _ in range(60):
        if any(env.terminations.values()) or any(env.truncations.values()):
            break
        mover = env.agent_selection
        assert mover == board.turn
        seen = (lambda a: turned[a]) if view == "mover" and mover == "black" else (lambda a: a)
        spelled = {m: [seen(a) for a in board.move_actions(m)] for m in board.legal_moves}
        assert spelled, "a game going on has legal moves"
        assert len({tuple(a) for a in spelled.values()}) == len(spelled), "two moves share their actions"
        mask = env.observe(mover)["action_mask"]
        assert mask.shape == (board.action_count,)
        assert set(np.flatnonzero(mask).tolist()) == {a[0] for a in spelled.values()}
        other = "black" if mover == "white" else "white"
        assert not env.observe(other)["action_mask"].any()
        move, actions = rng.choice(sorted(spelled.items(), key=str))
        ply = board.ply
        for k, action in enumerate(actions):
            assert env.agent_selection == mover and board.ply == ply
            assert env.observe(mover)["action_mask"][action] == 1
            env.step(action)
        assert board.ply == ply + 1 and board.move_stack[-1] == move


def test_a_move_of_several_actions_is_spelled_by_its_agent():
    """In Zamma a move that can huff one piece or another is one first action, then the
    piece huffed: the mover acts twice, sees what it chose, then the turn passes."""
    env = polydame.env("zamma", view="white")
    env.reset()
    board = env.unwrapped.board
    rng = random.Random(3)
    for _ in range(200):
        longer = [m for m in board.legal_moves if len(board.move_actions(m)) > 1]
        if longer:
            break
        env.step(rng.choice(legal_actions(env.observe(env.agent_selection))))
    assert longer, "no move of several actions came up"
    move = longer[0]
    first, *rest = board.move_actions(move)
    mover, kinds = env.agent_selection, len(board.variant.kinds)
    env.step(first)
    assert env.agent_selection == mover and board.move_stack[-1:] != [move]
    observation = env.observe(mover)["observation"]
    squares = board.variant.squares
    assert {squares[i] for i in np.flatnonzero(observation[2 * kinds + 1])} == {move.from_square, move.to_square}
    with pytest.raises(polydame.IllegalMove):
        board.move_from_index(first)
    for action in rest:
        env.step(action)
    assert board.move_stack[-1] == move and env.agent_selection != mover
    assert not env.observe(env.agent_selection)["observation"][2 * kinds + 1].any()


def test_an_illegal_action_loses(caplog):
    env = polydame.env("international")
    env.reset()
    mover = env.agent_selection
    mask = env.observe(mover)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert "Illegal move" in caplog.text
    assert env.unwrapped.board.ply == 0, "the illegal action must not be played"
    final, moves = play_to_end(env, no_player)
    assert moves == 0
    other = "black" if mover == "white" else "white"
    assert final[mover][0] == -1
    assert final[other][0] == 0


@pytest.mark.parametrize("view", ["white", "mover"])
def test_observations_put_the_agents_own_pieces_first(view):
    env = polydame.env("international", view=view)
    env.reset()
    variant = env.unwrapped.variant
    man = variant.kinds.index("man")
    kinds = len(variant.kinds)
    cell = {name: i for i, name in enumerate(variant.squares)}
    white_men = [cell[str(s)] for s in range(31, 51)]
    black_men = [cell[str(s)] for s in range(1, 21)]

    white = env.observe("white")["observation"]
    black = env.observe("black")["observation"]
    assert sorted(np.flatnonzero(white[man]).tolist()) == sorted(white_men)
    assert sorted(np.flatnonzero(white[kinds + man]).tolist()) == sorted(black_men)
    if view == "white":
        # Black sees its own men first, on the same cells (the board is not turned round).
        assert sorted(np.flatnonzero(black[man]).tolist()) == sorted(black_men)
        assert sorted(np.flatnonzero(black[kinds + man]).tolist()) == sorted(white_men)
    else:
        # Black sees the board turned: its men where White's stand, and White's where its own do.
        assert sorted(np.flatnonzero(black[man]).tolist()) == sorted(white_men)
        assert sorted(np.flatnonzero(black[kinds + man]).tolist()) == sorted(black_men)
    # The colour plane: zeros for White, ones for Black.
    assert not white[2 * kinds].any() and black[2 * kinds].all()
    assert white.dtype == np.int8


def test_observations_count_repetitions_and_moves():
    env = polydame.env("english")
    env.reset(options={"fen": "B:WK29:BK4"})
    board = env.unwrapped.board
    kinds = len(board.variant.kinds)
    rows = lambda: env.observe(env.agent_selection)["observation"][2 * kinds + 3 :]
    assert not rows()[0].any()
    for text in ["4-8", "29-25", "8-4", "25-29"]:
        env.step(action(env, text))
    assert board.repetitions == 1 and (rows()[0] == 1).all()
    counts = board.move_counts
    assert len(rows()) == 1 + len(counts)
    for row, count in zip(rows()[1:], counts):
        assert (row == (0 if count is None else count + 1)).all()


def test_observations_show_kings_by_kind():
    env = polydame.env("international", view="white")
    env.reset(options={"fen": "B:WK46,31:B5"})
    variant = env.unwrapped.variant
    kinds = len(variant.kinds)
    man, king = variant.kinds.index("man"), variant.kinds.index("king")
    cell = {name: i for i, name in enumerate(variant.squares)}
    assert env.agent_selection == "black"
    black = env.observe("black")["observation"]
    assert np.flatnonzero(black[man]).tolist() == [cell["5"]]
    assert not black[king].any()
    assert np.flatnonzero(black[kinds + king]).tolist() == [cell["46"]]
    assert np.flatnonzero(black[kinds + man]).tolist() == [cell["31"]]


def test_render_ansi_is_the_board():
    env = polydame.env("english", render_mode="ansi")
    env.reset()
    assert env.render() == str(env.unwrapped.board)
    env.step(legal_actions(env.observe(env.agent_selection))[0])
    assert env.render() == str(env.unwrapped.board)
    env.close()


def test_variant_options_and_bad_arguments():
    with pytest.raises(ValueError):
        polydame.env("international", render_mode="rgb_array")
    with pytest.raises(polydame.VariantError):
        polydame.env("no-such-variant")
    env = polydame.env(polydame.Variant("english"))
    env.reset()
    assert env.agent_selection == "black"
