// The werewolf spectator page: public information only. It reads the game
// id from ?game=ID, takes the first snapshot from /api/games/{id}/spectate
// and then follows the Server-Sent Events stream /api/games/{id}/events,
// whose "spectate" events carry the same JSON. Every text from players is
// put in the page with textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
let deadline = null;
let finished = false;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function phaseName(p) {
  return ({ waiting: "waiting for players", night: "night", day_discussion: "day — discussion",
    day_voting: "day — vote", finished: "game over" })[p] || p;
}

function render(s) {
  $("game-id").textContent = s.game_id;
  $("day").textContent = s.day_count;
  $("phase").textContent = phaseName(s.current_phase);
  document.body.dataset.phase = s.current_phase;
  document.body.dataset.status = s.status;
  deadline = s.deadline ? Date.parse(s.deadline) : null;
  finished = s.status === "finished";
  tick();

  const players = $("players");
  players.replaceChildren();
  for (const p of s.players || []) {
    const li = el("li", p.status === "dead" ? "dead" : "alive");
    li.append(el("span", "name", p.name));
    if (p.role && p.role !== "hidden") li.append(el("span", "role", p.role));
    li.dataset.name = p.name;
    players.append(li);
  }

  const phases = $("phases");
  phases.replaceChildren();
  for (const r of s.phase_results || []) {
    const li = el("li", "phase-result");
    let text = r.phase + ": ";
    if (r.phase.startsWith("night")) text += r.killed ? r.killed + " was killed" : "nobody died";
    else text += r.executed ? r.executed + " was executed" : "nobody was executed";
    li.append(el("div", null, text));
    if (r.votes && r.votes.length) {
      li.append(el("div", "votes", "votes: " + r.votes.map((v) => v.voter + "→" + v.target + (v.auto ? " (auto)" : "")).join(", ")));
    }
    phases.append(li);
  }

  const msgs = $("messages");
  const atBottom = msgs.scrollTop + msgs.clientHeight >= msgs.scrollHeight - 4;
  msgs.replaceChildren();
  for (const m of s.public_messages || []) {
    const li = el("li", m.target === "werewolf" ? "werewolf" : "all");
    li.append(el("span", "who", m.speaker + (m.target === "werewolf" ? " (wolf chat)" : "")));
    li.append(el("span", "text", m.message));
    li.append(el("span", "when", (m.phase === "night" ? "night " : "day ") + m.day));
    msgs.append(li);
  }
  if (atBottom) msgs.scrollTop = msgs.scrollHeight;

  const res = $("result");
  if (finished) {
    res.hidden = false;
    res.textContent = "Winner: " + (s.winner || "?") + (s.reason ? " — " + s.reason : "");
  } else {
    res.hidden = true;
  }

  const log = $("log");
  log.replaceChildren();
  $("log-section").hidden = !(s.log && s.log.length);
  for (const e of s.log || []) {
    let t = "day " + e.day + " " + e.phase + ": " + (e.actor ? e.actor + " " : "") + e.action;
    if (e.target) t += " " + e.target;
    if (e.result) t += " → " + e.result;
    if (e.auto) t += " (auto)";
    log.append(el("li", null, t));
  }
}

function tick() {
  const t = $("timer");
  if (finished || deadline === null) { t.textContent = "–"; return; }
  const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
  t.textContent = left + " s";
}
setInterval(tick, 500);

async function showList() {
  $("list").hidden = false;
  $("conn").textContent = "";
  const r = await fetch("/api/games");
  const body = await r.json();
  const tb = document.querySelector("#games tbody");
  tb.replaceChildren();
  for (const g of body.games || []) {
    const tr = el("tr");
    const a = el("a", null, g.game_id);
    a.href = "?game=" + encodeURIComponent(g.game_id);
    const td = el("td"); td.append(a); tr.append(td);
    tr.append(el("td", null, g.status), el("td", null, g.players), el("td", null, g.day_count), el("td", null, g.created_at));
    tb.append(tr);
  }
}

async function showGame(id) {
  $("game").hidden = false;
  const base = "/api/games/" + encodeURIComponent(id);
  const r = await fetch(base + "/spectate");
  if (!r.ok) { $("conn").textContent = "no such game"; return; }
  render(await r.json());
  const es = new EventSource(base + "/events");
  es.addEventListener("open", () => { $("conn").textContent = "live"; });
  es.addEventListener("error", () => { $("conn").textContent = finished ? "game over" : "reconnecting…"; });
  es.addEventListener("spectate", (ev) => render(JSON.parse(ev.data)));
  es.addEventListener("end", () => { $("conn").textContent = "game over"; es.close(); });
}

const id = new URLSearchParams(location.search).get("game");
if (id) showGame(id); else showList();
