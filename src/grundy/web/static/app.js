// grundy's page: choose a position, see its value and winning moves, play it against the engine.
// Plain JavaScript, no build step; every request goes to the JSON API under /api/.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  mode: "explore",        // "explore": moves are applied without reply; "play": the engine answers
  position: null,         // the spec sent to the API (string or object)
  game: "chomp",
  misere: false,
  userSide: "left",       // partizan games: the user's side
  toMove: "left",         // partizan games: the side to move
  layout: null,           // [[label, x, y], ...] kept while the same game goes on
  history: [],            // earlier states, for undo
  log: [],                // the moves made since the position was chosen, as text
  view: null,             // the last /api/view answer
  over: false,
  hint: false,
  partizan: new Set(),
  families: new Map(),    // family name -> kind of position (graph, poset, complex, chomp, nim, octal)
  kinds: {},              // kind -> what it is, in words
  kind: "graph",          // the kind of the chosen position
  timeLimit: null,        // the server's time limit, seconds
  allMoves: false,        // value every move (asked for with "Show the value after every move")
  initial: null,          // {position, layout} the game started from, for "New game"
  pending: null,          // {controller, id} of the request in flight
  acting: false,          // an action (a move, a hint, an analysis...) is under way
};

// -- API ---------------------------------------------------------------------------------------
async function api(path, body) {
  const controller = new AbortController();
  const pending = { controller, id: null };
  state.pending = pending;
  // after 0.3 s a spinner, with the seconds spent ticking, and a Cancel button
  const t0 = Date.now();
  $("elapsed").textContent = "0 s";
  const timer = setTimeout(() => { $("busy").hidden = false; }, 300);
  const ticker = setInterval(() => { $("elapsed").textContent = `${Math.floor((Date.now() - t0) / 1000)} s`; }, 250);
  try {
    let init = {};
    if (body !== undefined) {
      // the server issues the id that can cancel this request (a guessed one would not be taken)
      const issued = await fetch("/api/request-id", { method: "POST", signal: controller.signal });
      pending.id = (await issued.json()).request_id;
      init = {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(Object.assign({ request_id: pending.id }, body)), signal: controller.signal,
      };
    }
    const response = await fetch(path, init);
    const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (!response.ok) {
      const err = new Error(data.error || `HTTP ${response.status}`);
      err.status = response.status;
      err.data = data;
      throw err;
    }
    return data;
  } finally {
    clearTimeout(timer);
    clearInterval(ticker);
    $("busy").hidden = true;
    state.pending = null;
  }
}

function cancel() {
  const p = state.pending;
  if (!p) return;
  if (p.id) fetch("/api/cancel", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ request_id: p.id }) }).catch(() => {});
  p.controller.abort();   // the failed request clears the board, as any other (see show)
  showError("search cancelled: choose a smaller position, or press Analyze again to wait longer (each search " +
    `stops after the server's time limit${state.timeLimit ? ` of ${state.timeLimit} s` : ""})`);
}

function clearBoard() {
  // nothing of an earlier answer stays on screen while (or after) another is asked for
  $("drawing").replaceChildren();
  $("summary").hidden = true;
  $("value").textContent = "";
  delete $("value").dataset.value;
  $("winning").textContent = "";
  $("status").textContent = "";
  $("why").hidden = true;
  $("explanation").replaceChildren();
  $("options-box").hidden = true;
  $("options").querySelector("tbody").replaceChildren();
  $("more-box").hidden = true;
  $("text").hidden = true;
  $("text").textContent = "";
  $("play-buttons").hidden = true;
  $("over-buttons").hidden = true;
  $("log").replaceChildren();
  $("log-box").hidden = true;
}

function showFailure(err) {
  // a search stopped by the server's limit may still have settled who wins: say so in place of the value
  clearBoard();
  const data = err.data || {};
  if (data.outcome) {
    $("summary").hidden = false;
    const within = state.timeLimit && data.limit === "time" ? ` within ${state.timeLimit} s` :
      data.limit === "positions" ? " within the server's position limit" : "";
    const known = typeof data.value === "number";  // found before the stop, which came while the moves were sought
    $("value").textContent = known ? `nim-value ${data.value}, outcome ${data.outcome} (every winning move not found${within})` :
      `${data.outcome}-position (value not found${within})`;
    $("value").dataset.value = known ? data.value : data.outcome;
    const found = (data.winning_moves_text || []).join(", ");
    $("winning").textContent = data.outcome === "P" ? "none: every move loses against perfect play" :
      found && data.from_table ? `${found} (what the search had learned decides it; the search stopped)` :
      found ? `found so far: ${found} (the search stopped)` : "not found (the search stopped)";
  }
}

function showError(text) {
  $("error").textContent = text;
  $("error").hidden = !text;
}

function setMessage(text, cls) {
  $("message").textContent = text || "";
  $("message").className = cls || "";
}

// -- choosing a position -------------------------------------------------------------------------
let activeTab = "family";
function selectTab(name) {
  activeTab = name;
  document.querySelectorAll(".tab").forEach((b) => b.classList.toggle("active", b.dataset.tab === name));
  document.querySelectorAll(".pane").forEach((p) => { p.hidden = p.dataset.pane !== name; });
  updateControls();
}

function chosenKind() {
  // the kind of the chosen position, as far as the page can tell before asking the server
  switch (activeTab) {
    case "family": return state.families.get($("family").value) || "graph";
    case "spec": {
      const name = $("spec").value.trim().split(":")[0];
      return state.families.get(name) || "graph";   // else graph6, sparse6 or another graph spec
    }
    case "poset": return "poset";
    case "complex": return "complex";
  }
  return "graph";
}

function updateControls() {
  // only the controls that apply to the chosen kind of position (and ruleset) are shown
  const kind = chosenKind();
  const graph = kind === "graph";
  const partizan = graph && state.partizan.has($("game").value);
  $("game-label").hidden = !graph;
  $("misere-label").hidden = partizan;
  $("side-label").hidden = !partizan;
  $("game-help").hidden = !graph;
  $("kind-line").textContent = state.kinds[kind] ? `A ${kind} position: ${state.kinds[kind]}.` : "";
}

function chosenPosition() {
  switch (activeTab) {
    case "family": {
      const name = $("family").value;
      const params = $("params").value.trim();
      return params ? `${name}:${params}` : name;
    }
    case "spec": return $("spec").value.trim();
    case "edges": return { graph: $("edges").value };
    case "draw": return drawnGraph();
    case "poset": return { poset: $("poset").value };
    case "complex": return { complex: $("complex").value };
  }
  return "";
}

async function loadMeta() {
  const meta = await api("/api/meta");
  state.kinds = meta.kinds || {};
  state.timeLimit = meta.limits ? meta.limits.time_limit : null;
  const family = $("family");
  for (const f of meta.families) {
    state.families.set(f.name, f.kind);
    const o = document.createElement("option");
    o.value = f.name;
    o.textContent = `${f.name} (${f.kind})`;
    o.dataset.syntax = f.syntax;
    o.dataset.help = f.definition + (f.requires ? `; ${f.requires}` : "");
    family.appendChild(o);
  }
  family.value = "wheel";
  $("params").value = "9";
  familyHelp();
  const game = $("game");
  for (const g of meta.games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = `${g.name} (${g.kind})`;
    o.dataset.help = `${g.rule} [${g.source}]`;
    game.appendChild(o);
    if (g.kind === "partizan") state.partizan.add(g.name);
  }
  game.value = "chomp";
  gameHelp();
  updateControls();
}

function familyHelp() {
  const o = $("family").selectedOptions[0];
  if (!o) return;
  $("family-help").textContent = `${o.dataset.syntax}: ${o.dataset.help}`;
  const params = o.dataset.syntax.includes(":") ? o.dataset.syntax.split(":").slice(1).join(":") : "";
  $("params").placeholder = params;
  $("params").disabled = !params;
}

function gameHelp() {
  const o = $("game").selectedOptions[0];
  $("game-help").textContent = o ? o.dataset.help : "";
  updateControls();
}

// -- drawing a graph by clicking -----------------------------------------------------------------
const draw = { vertices: [], edges: [], picked: null, next: 0 };
const SVGNS = "http://www.w3.org/2000/svg";

function drawMode() { return document.querySelector("input[name=draw-mode]:checked").value; }

function redrawCanvas() {
  const c = $("canvas");
  c.replaceChildren();
  for (const [a, b] of draw.edges) {
    const u = draw.vertices.find((v) => v.id === a), w = draw.vertices.find((v) => v.id === b);
    const line = document.createElementNS(SVGNS, "line");
    line.setAttribute("x1", u.x); line.setAttribute("y1", u.y);
    line.setAttribute("x2", w.x); line.setAttribute("y2", w.y);
    line.setAttribute("class", "de");
    line.dataset.edge = `${a}-${b}`;
    line.addEventListener("click", (e) => { e.stopPropagation(); clickEdge(a, b); });
    c.appendChild(line);
  }
  for (const v of draw.vertices) {
    const g = document.createElementNS(SVGNS, "g");
    const circle = document.createElementNS(SVGNS, "circle");
    circle.setAttribute("cx", v.x); circle.setAttribute("cy", v.y); circle.setAttribute("r", 11);
    circle.setAttribute("class", "dv" + (draw.picked === v.id ? " picked" : ""));
    circle.dataset.vertex = v.id;
    circle.addEventListener("click", (e) => { e.stopPropagation(); clickVertex(v.id); });
    const text = document.createElementNS(SVGNS, "text");
    text.setAttribute("x", v.x); text.setAttribute("y", v.y + 4); text.setAttribute("text-anchor", "middle");
    text.textContent = v.id;
    g.append(circle, text);
    c.appendChild(g);
  }
  $("draw-status").textContent = `${draw.vertices.length} vertices, ${draw.edges.length} edges. ` +
    (drawMode() === "edge" ? (draw.picked === null ? "Click a vertex, then another to join them."
      : `Click another vertex to join it to ${draw.picked}.`) :
      drawMode() === "delete" ? "Click a vertex or an edge to delete it." : "Click to add a vertex.");
}

function clickCanvas(event) {
  if (drawMode() !== "vertex") return;
  const c = $("canvas");
  const pt = c.createSVGPoint();
  pt.x = event.clientX; pt.y = event.clientY;
  const p = pt.matrixTransform(c.getScreenCTM().inverse());
  draw.vertices.push({ id: draw.next++, x: Math.round(p.x), y: Math.round(p.y) });
  redrawCanvas();
}

function clickVertex(id) {
  const mode = drawMode();
  if (mode === "delete") {
    draw.vertices = draw.vertices.filter((v) => v.id !== id);
    draw.edges = draw.edges.filter(([a, b]) => a !== id && b !== id);
    draw.picked = null;
  } else if (mode === "edge") {
    if (draw.picked === null) draw.picked = id;
    else if (draw.picked === id) draw.picked = null;
    else {
      const a = Math.min(draw.picked, id), b = Math.max(draw.picked, id);
      if (!draw.edges.some(([x, y]) => x === a && y === b)) draw.edges.push([a, b]);
      draw.picked = null;
    }
  }
  redrawCanvas();
}

function clickEdge(a, b) {
  if (drawMode() !== "delete") return;
  draw.edges = draw.edges.filter(([x, y]) => !(x === a && y === b));
  redrawCanvas();
}

function drawnGraph() {
  return { vertices: draw.vertices.map((v) => v.id), edges: draw.edges.map(([a, b]) => [a, b]) };
}

function drawnLayout() {
  // the API's layout is in the unit square with y upward: the 360 x 240 canvas keeps its aspect, centred
  return draw.vertices.map((v) => [v.id, v.x / 360, (300 - v.y) / 360]);
}

// -- showing a position --------------------------------------------------------------------------
function settings() {
  // a control hidden for the chosen kind is not sent: a poset takes no graph ruleset
  state.kind = chosenKind();
  state.game = state.kind === "graph" ? $("game").value : "chomp";
  state.misere = !state.partizan.has(state.game) && $("misere").checked;
  state.userSide = $("side").value;
}

function request(extra) {
  // the ruleset is sent when it is not the default: a position that is not a graph takes none
  const body = { position: state.position, misere: state.misere };
  if (state.game !== "chomp") body.game = state.game;
  return Object.assign(body, extra || {});
}

function isPartizan() { return state.partizan.has(state.game) && (!state.view || state.view.kind === "graph"); }

async function show(keep) {
  // who wins first (the outcome search, fast), then the value, outcome and winning moves; the value
  // after every move only when asked for. A failed request clears the board (unless ``keep``: the
  // same position, asked for more), but an outcome already shown stays, with the stop said.
  const extra = { layout: state.layout, highlight: !(state.mode === "play" && !state.hint),
    options: state.mode === "explore" && state.allMoves };
  if (isPartizan()) extra.side = state.toMove;
  const fast = state.mode === "explore" && !extra.options && !isPartizan() && !state.misere;
  let view;
  let first = null;
  try {
    if (fast) {
      first = await api("/api/view", request(Object.assign({}, extra, { outcome: true })));
      if (first.analysis.value !== 0 && !first.over) {   // N (a P-position's answer is complete: value 0)
        state.view = first;
        if (first.layout) state.layout = first.layout;
        render(first);
        $("value").textContent = first.analysis.value === null ? "N-position; nim-value: searching…" :
          `nim-value ${first.analysis.value}, outcome N; every winning move: searching…`;
        $("value").dataset.value = first.analysis.value === null ? "N" : first.analysis.value;
        if (!$("winning").textContent.startsWith("(")) $("winning").textContent += " (the first found)";
        extra.layout = state.layout;
      } else {
        view = first;
      }
    }
    if (!view) view = await api("/api/view", request(extra));
  } catch (err) {
    if (first && !view) {   // the outcome stays on screen; the value's search stopped, and why
      const data = err.data || {};
      const why = err.name === "AbortError" || data.limit === "cancel" ? "nim-value search cancelled" :
        data.limit === "time" ? `nim-value not found${state.timeLimit ? ` within ${state.timeLimit} s` : ""}` :
        data.limit === "positions" ? "nim-value not found within the server's position limit" :
        "nim-value not found";
      const known = first.analysis.value !== null ? first.analysis.value : data.value;
      $("value").textContent = typeof known === "number" ? `nim-value ${known}, outcome N` : `N-position (${why})`;
    } else if (!keep) {
      showFailure(err);
    }
    throw err;
  }
  state.view = view;
  if (view.layout) state.layout = view.layout;
  state.over = view.over;
  render(view);
  return view;
}

// Most winning moves written out in the summary; the rest are counted.
const WINNING_SHOWN = 12;

function render(view) {
  const hidden = state.mode === "play" && !state.hint;   // nothing names a winning move before Hint
  $("summary").hidden = false;
  $("value").textContent = view.value_line;
  $("value").dataset.value = view.analysis.value === undefined || view.analysis.value === null
    ? (view.analysis.canonical_form || view.analysis.outcome) : view.analysis.value;
  const wins = view.moves.filter((m) => m.winning).map((m) => m.text);
  // a long list is cut (every move stays in the table below): complete:40 has 40 winning moves
  const cut = wins.length > WINNING_SHOWN ?
    `${wins.slice(0, WINNING_SHOWN).join(", ")} … and ${(wins.length - WINNING_SHOWN).toLocaleString("en")} more` +
    " (every move is in the table below)" : wins.join(", ");
  $("winning").textContent = view.over ? "none: no move left" : hidden ? "(press Hint)" :
    wins.length ? cut : "none: every move loses against perfect play";
  $("drawing").innerHTML = view.svg || "";
  if (!view.svg) $("drawing").textContent = "(too large to draw)";
  const expl = $("explanation");
  expl.replaceChildren();
  for (const line of view.analysis.explanation || [view.analysis.source].filter(Boolean)) {
    const li = document.createElement("li");
    li.textContent = line;
    expl.appendChild(li);
  }
  $("why").hidden = hidden;
  const body = $("options").querySelector("tbody");
  body.replaceChildren();
  for (const m of view.moves) {
    const tr = document.createElement("tr");
    if (m.winning && !hidden) tr.className = "wins";
    const td1 = document.createElement("td"), td2 = document.createElement("td"), td3 = document.createElement("td");
    td1.textContent = m.text;
    td2.textContent = hidden ? "?" : m.result !== null && m.result !== undefined ? String(m.result) :
      m.winning ? "wins" : "";
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "play";
    b.className = "play-move";
    b.addEventListener("click", () => move(m.move));
    td3.appendChild(b);
    tr.append(td1, td2, td3);
    body.appendChild(tr);
  }
  $("options-summary").textContent = `Every move (${view.moves.length})` +
    (view.options ? " and the value after it" : hidden ? "" : ": the value after each on request");
  $("options-box").hidden = view.over;
  $("more-box").hidden = state.mode !== "explore" || view.options || view.over;
  $("text").textContent = view.text;
  $("text").hidden = false;
  $("play-buttons").hidden = state.mode !== "play";
  $("hint").hidden = state.over;   // after the end: Undo, or a new game
  $("over-buttons").hidden = !(state.mode === "play" && state.over);
  renderLog();
  const who = isPartizan() ? ` (${state.toMove} to move)` : "";
  $("status").textContent = state.mode === "play"
    ? (state.over ? "Game over." : "Your move" + (isPartizan() ? ` (you are ${state.userSide})` : "") +
       ": click a vertex, an edge, a square or a counter, or pick a move from the table.")
    : `${view.name || (view.kind === "graph" ? "the graph" : "the position")}: ${view.value_line}${who}`;
}

function renderLog() {
  const log = $("log");
  log.replaceChildren(...state.log.map((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }));
  $("log-box").hidden = state.log.length === 0;
}

function clickDrawing(event) {
  const el = event.target.closest("[data-move]");
  if (!el || el.classList.contains("poison")) return;  // Chomp's poisoned square is not a move
  move(JSON.parse(el.getAttribute("data-move")));
}

function advice(err) {
  // what to do, where the server's line does not say it already
  if (err.status === 413 && /for play/.test(err.message))
    return ". The page plays positions of at most 1,000 parts; grundy value SPEC on the command line values larger ones.";
  return "";
}

const STILL_SEARCHING = "Still searching: wait for the answer, or press Cancel to stop it.";

async function guarded(action) {
  // one action at a time: a click while a request is in flight is ignored, and says so (Cancel
  // stops the request)
  if (state.acting) {
    setMessage(STILL_SEARCHING);
    return;
  }
  state.acting = true;
  document.body.dataset.busy = "1";
  showError("");
  try {
    await action();
  } catch (err) {
    if (err.name !== "AbortError") showError(err.message + advice(err));
  } finally {
    state.acting = false;
    delete document.body.dataset.busy;
    if ($("message").textContent === STILL_SEARCHING) setMessage("");
  }
}

// -- moves ---------------------------------------------------------------------------------------
function move(m) {
  return guarded(async () => {
    if (state.over) { showError("the game is over"); return; }
    const before = { position: state.position, toMove: state.toMove, over: state.over, log: state.log.length };
    if (state.mode === "explore") {
      const extra = { move: m, reply: false };
      if (isPartizan()) extra.side = state.toMove;
      const r = await api("/api/move", request(extra));
      state.history.push(before);
      state.position = r.position;
      state.log.push(`${isPartizan() ? state.toMove[0].toUpperCase() + state.toMove.slice(1) : "Move"}: ${r.move_text}`);
      if (isPartizan()) state.toMove = state.toMove === "left" ? "right" : "left";
      setMessage(`Played ${r.move_text}.`);
      await show();
      return;
    }
    const extra = { move: m, reply: true };
    if (isPartizan()) extra.side = state.userSide;
    const r = await api("/api/move", request(extra));
    state.history.push(before);
    state.hint = false;
    state.position = r.position_after_reply || r.position;
    state.log.push(`You: ${r.move_text}`);
    if (r.reply_text) state.log.push(`Engine: ${r.reply_text}`);
    let text = `You played ${r.move_text}.` + (r.reply_text ? ` The engine played ${r.reply_text}.` : "");
    await show();
    finish(r.winner, text);
  });
}

function finish(winner, text) {
  if (winner === "you") {
    state.over = true;
    setMessage(`${text} You win!`, "win");
  } else if (winner === "engine") {
    state.over = true;
    setMessage(`${text} You lose.`, "lose");
  } else {
    setMessage(text);
  }
  render(state.view);
}

async function engineMove() {
  const extra = {};
  if (isPartizan()) extra.side = state.userSide === "left" ? "right" : "left";
  const r = await api("/api/engine", request(extra));
  state.position = r.position;
  if (r.text) state.log.push(`Engine: ${r.text}`);
  await show();
  if (r.move === null) {
    // the engine cannot move at the start: it loses (normal play) or wins (misère)
    finish(state.misere ? "engine" : "you", "The engine has no move.");
  } else {
    finish(r.winner, `The engine played ${r.text}.`);
  }
}

function start(mode, again) {
  return guarded(async () => {
    if (again && state.initial) {   // "New game": the same position and settings again
      state.position = state.initial.position;
      state.layout = state.initial.layout;
    } else {
      settings();
      state.position = chosenPosition();
      state.layout = activeTab === "draw" ? drawnLayout() : null;
      state.initial = { position: state.position, layout: state.layout };
    }
    state.mode = mode;
    state.allMoves = false;
    clearBoard();
    state.history = [];
    state.log = [];
    state.view = null;
    state.hint = false;
    state.over = false;
    state.toMove = state.userSide;
    setMessage("");
    if (mode === "play" && $("first").value === "engine") {
      await engineMove();
      return;
    }
    const view = await show();
    if (mode === "play" && view.over) finish(state.misere ? "you" : "engine", "You have no move.");
    else if (mode === "play") setMessage("Your move.");
  });
}

function undo() {
  return guarded(async () => {
    const prev = state.history.pop();
    if (!prev) { showError("nothing to undo"); return; }
    state.position = prev.position;
    state.toMove = prev.toMove;
    state.log.length = prev.log;
    state.over = false;
    state.hint = false;
    setMessage("Move taken back.");
    await show();
    $("over-buttons").hidden = true;
  });
}

function hint() {
  return guarded(async () => {
    if (!state.view) return;
    state.hint = true;
    await show(true);
    const wins = state.view.moves.filter((m) => m.winning);
    setMessage(wins.length ? `Hint: ${wins[0].text} wins.` :
      state.view.over ? "No move left." : "Hint: no winning move here: every move loses against perfect play.");
  });
}

// -- wiring --------------------------------------------------------------------------------------
document.querySelectorAll(".tab").forEach((b) => b.addEventListener("click", () => selectTab(b.dataset.tab)));
$("family").addEventListener("change", () => { $("params").value = ""; familyHelp(); });
$("game").addEventListener("change", gameHelp);
$("canvas").addEventListener("click", clickCanvas);
document.querySelectorAll("input[name=draw-mode]").forEach((r) => r.addEventListener("change", () => {
  draw.picked = null; redrawCanvas();
}));
$("draw-clear").addEventListener("click", () => { draw.vertices = []; draw.edges = []; draw.next = 0; draw.picked = null; redrawCanvas(); });
$("edges-file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (file) $("edges").value = await file.text();
});
$("analyze").addEventListener("click", () => start("explore"));
$("play").addEventListener("click", () => start("play"));
$("drawing").addEventListener("click", clickDrawing);
$("cancel").addEventListener("click", cancel);
$("undo").addEventListener("click", undo);
$("hint").addEventListener("click", hint);
$("new-game").addEventListener("click", () => start("play", true));
$("show-moves").addEventListener("click", () => guarded(async () => {
  state.allMoves = true;
  await show(true);
  $("options-box").open = true;
}));
$("spec").addEventListener("input", updateControls);
$("family").addEventListener("change", updateControls);
redrawCanvas();
guarded(loadMeta).then(() => { document.body.dataset.ready = "1"; });
