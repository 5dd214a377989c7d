import hashlib, hmac, json, random, time
from flask import Flask, request, abort, jsonify

SECRET = "双方约定的密钥".encode()
app = Flask(__name__)
app.config["MAX_CONTENT_LENGTH"] = 64 * 1024


def ask_llm(text):
    """换成你自己的大模型调用，返回它回的文字。"""
    raise NotImplementedError


def choose(req):
    """通用：规则、局面、选项一起交给大模型，只要一个 id。什么游戏、什么模式都这样选。"""
    ids = [c["id"] for c in req["choices"]]
    board = {k: v for k, v in req.items() if k not in ("rules", "prompt", "choices", "log", "chat")}
    text = (f"{req['rules']}\n\n现在：{req['prompt']}\n局面：{json.dumps(board, ensure_ascii=False)}\n"
            "从下面选一个，只回它的 id，不要别的字：\n" + "\n".join(f"{c['id']}  {c['say']}" for c in req["choices"]))
    try:
        answer = ask_llm(text).strip()
    except Exception:
        answer = ""
    return answer if answer in ids else random.choice(ids)     # 模型没回好就随便挑一个合法的


@app.before_request
def verify():
    ts, sig = request.headers.get("X-Tavern-Timestamp", ""), request.headers.get("X-Tavern-Signature", "")
    message = f"{ts}.{request.method}.{request.path}.".encode() + request.get_data()
    want = "sha256=" + hmac.new(SECRET, message, hashlib.sha256).hexdigest()
    if not ts.isdigit() or abs(time.time() - int(ts)) > 300 or not hmac.compare_digest(sig, want):
        abort(401)


@app.post("/tavern/v1/games/<game>/invitations")
def invite(game):
    return jsonify(accept=True)                   # 按 choices 选，什么游戏都能玩


@app.put("/tavern/v1/games/<game>/matches/<match_id>/rounds/<int:round_no>")
def new_round(game, match_id, round_no):
    return jsonify({})                            # 私有信息也会随 decision 再带一次，可以不存


@app.post("/tavern/v1/games/<game>/matches/<match_id>/turns/<int:turn_id>/decision")
def decide(game, match_id, turn_id):
    return jsonify(turn_id=turn_id, choice=choose(json.loads(request.get_data())))


@app.post("/tavern/v1/games/<game>/matches/<match_id>/events")
def event(game, match_id):
    return jsonify({})                            # 想说台词就在这里异步发到群里
