"""pydraughts (PyPI, an independent implementation) drives polydame as its engine: over
Hub for several variants, and over DXP as the initiator. pydraughts raises on a move it
does not find legal, so every move polydame gives is checked by another program.

usage: python3 pydraughts_peer.py POLYDAME_BINARY DXP_PORT
Prints one line per variant or protocol: `NAME plies N`.
"""
import random
import sys

import draughts
from draughts.engine import DXPEngine, HubEngine, Limit

binary, dxp_port = sys.argv[1], sys.argv[2]

for variant in ["standard", "english", "russian", "brazilian", "italian", "frisian"]:
    engine = HubEngine([binary, "hub"])
    engine.init()
    engine.setoption("variant", variant)
    board = draughts.Board(variant=variant)
    plies = 0
    while not board.is_over() and plies < 40:
        board.push(engine.play(board, Limit(depth=2), ponder=False).move)
        plies += 1
    engine.quit()
    engine.kill_process()
    print(f"hub-{variant} plies {plies}")

random.seed(1)
engine = DXPEngine(None, {"engine-opened": True, "ip": "127.0.0.1", "port": dxp_port}, initial_time=300)
board = draughts.Board(variant="standard")
plies = 0
while not board.is_over() and plies < 60:
    if plies % 2 == 0:
        board.push(random.choice(board.legal_moves()))
    else:
        board.push(engine.play(board).move)
    plies += 1
engine.quit()
print(f"dxp-standard plies {plies}")
