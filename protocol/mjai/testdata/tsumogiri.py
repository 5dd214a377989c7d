#!/usr/bin/env python3
"""A small mjai bot of our own for the tests of protocol/mjai (standard
library only). It wins when it may, else discards the tile it drew, and
never calls or declares riichi.

Dialects: a line holding one JSON object is one event, answered only when
the seat must act (its own draw, or an event with possible_actions); a
line holding a JSON array (mjai.app) is answered exactly once, "none" when
there is nothing to do.

Misbehaviour for the fallback tests:
  --bad N     every Nth answer is wrong, in turn: not JSON, a tile the
              seat does not hold, a call it may not make, or late
              (--sleep seconds, default 1)
  --exit N    exit after N answers
"""
import json
import sys
import time

bad = int(sys.argv[sys.argv.index("--bad") + 1]) if "--bad" in sys.argv else 0
sleep = float(sys.argv[sys.argv.index("--sleep") + 1]) if "--sleep" in sys.argv else 1.0
exit_after = int(sys.argv[sys.argv.index("--exit") + 1]) if "--exit" in sys.argv else 0

me = -1
answers = 0


def decide(ev):
    """The answer to event ev, or None if the seat has nothing to do."""
    global me
    if ev["type"] == "start_game":
        me = ev.get("id", me)
    own_draw = ev["type"] == "tsumo" and ev.get("actor") == me
    possible = ev.get("possible_actions") or []
    for a in possible:
        if a["type"] == "hora":
            return a
    if own_draw:
        return {"type": "dahai", "actor": me, "pai": ev["pai"], "tsumogiri": True}
    for a in possible:
        if a["type"] == "none":
            return a
    return possible[0] if possible else None


def answer(a):
    global answers
    answers += 1
    out = json.dumps(a)
    if bad and answers % bad == 0:
        kind = (answers // bad) % 4
        if kind == 0:
            out = "this is not json"
        elif kind == 1:
            out = json.dumps({"type": "dahai", "actor": me, "pai": "9z", "tsumogiri": False})
        elif kind == 2:
            out = json.dumps({"type": "pon", "actor": me, "target": (me + 1) % 4, "pai": "E", "consumed": ["E", "E"]})
        else:
            time.sleep(sleep)
    sys.stdout.write(out + "\n")
    sys.stdout.flush()
    if exit_after and answers >= exit_after:
        sys.exit(3)


for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    msg = json.loads(line)
    if isinstance(msg, list):
        reply = None
        for ev in msg:
            reply = decide(ev) or reply
        answer(reply or {"type": "none"})
    else:
        reply = decide(msg)
        if reply is not None:
            answer(reply)
