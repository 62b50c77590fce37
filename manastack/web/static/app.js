// The manastack web table: play, watch, judge, rules. Plain DOM, no framework; every text
// from the server is set as text, never parsed as HTML.

const main = document.getElementById("main");

// ------------------------------------------------------------------ helpers

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

async function api(path, options = {}) {
  const r = await fetch(path, options);
  const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok || data.error) throw new Error(data.error || `HTTP ${r.status}`);
  return data;
}

const postJSON = (path, body) => api(path, {
  method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
});

let META = null;
const DEMO_DECKS = ["gruul-stompy", "azorius-skies"];
async function meta() {
  if (!META) META = await api("/api/meta");
  return META;
}

// A rule number as a link that opens the rule's text.
function ruleLink(number) {
  return h("a", { href: `#/rules/${number}`, class: "cr", title: `CR ${number}`,
    onclick: (e) => { e.preventDefault(); showRuleModal(number); } }, number);
}

function withRules(rules) {
  if (!rules || !rules.length) return null;
  const span = h("span", { class: "rules" }, "[CR ");
  rules.forEach((n, i) => { if (i) span.append(", "); span.append(ruleLink(n)); });
  span.append("]");
  return span;
}

const modal = document.getElementById("modal");
const modalBody = document.getElementById("modal-body");
modal.querySelector(".modal-close").addEventListener("click", () => { modal.hidden = true; });
modal.addEventListener("click", (e) => { if (e.target === modal) modal.hidden = true; });
document.addEventListener("keydown", (e) => { if (e.key === "Escape") modal.hidden = true; });

async function showRuleModal(number) {
  modalBody.replaceChildren(h("p", {}, `CR ${number} …`));
  modal.hidden = false;
  try {
    const rule = await api(`/api/rules/rule/${encodeURIComponent(number)}`);
    modalBody.replaceChildren(ruleTree(rule, 0),
      h("p", {}, h("a", { href: `#/rules/${rule.number}`, onclick: () => { modal.hidden = true; } },
        "Open the rule page (where the engine applies it, the scenarios that check it)")));
  } catch (err) {
    modalBody.replaceChildren(h("p", { class: "error" }, err.message));
  }
  modal.querySelector(".modal-close").focus();
}

function ruleTree(rule, depth) {
  return h("div", { class: `rule depth${Math.min(depth, 3)}` },
    h("p", {}, h("b", {}, rule.number), " ", rule.text),
    (rule.examples || []).map((x) => h("p", { class: "example" }, x)),
    (rule.subrules || []).map((r) => ruleTree(r, depth + 1)));
}

function activate(el, fn) {          // a tile that works with the mouse and the keyboard
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.addEventListener("click", fn);
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); fn(e); } });
}

// ------------------------------------------------------------------ card text on hover and focus

// Every card this page has been shown face up, by name: its printed facts (cost, type line,
// Oracle text, power/toughness). Only what a board sent to this page showed is known here, so a
// card name in the log gets its text from there and nothing hidden is ever asked for.
const CARDS = new Map();
let cardPattern = null;

function learnCard(o) {
  if (o && o.name && o.type && !o.face_down && !CARDS.has(o.name)) { CARDS.set(o.name, o); cardPattern = null; }
}

function learnCards(v) {
  v.battlefield.forEach(learnCard);
  for (const p of v.players) for (const z of ["hand", "graveyard", "exile", "command_zone"]) (p[z] || []).forEach(learnCard);
  for (const item of v.stack) learnCard(item.source_card);
}

function namePattern() {
  if (!cardPattern && CARDS.size) {
    const names = [...CARDS.keys()].sort((a, b) => b.length - a.length)
      .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    cardPattern = new RegExp(`(?<![\\w'])(${names.join("|")})(?![\\w'])`, "g");
  }
  return cardPattern;
}

const tip = h("div", { id: "cardtip", class: "cardtip", role: "tooltip", hidden: true });
document.body.append(tip);

function showTip(el, o) {
  tip.replaceChildren(h("div", {}, h("div", { class: "tip-head" }, h("b", {}, o.name), h("span", { class: "cost" }, o.cost || "")),
    h("div", { class: "card-type" }, o.type || ""),
    (o.text || "").split("\n").map((line) => h("p", {}, line)),
    o.printed_pt ? h("div", { class: "pt" }, o.printed_pt) : null,
    o.loyalty !== undefined ? h("div", { class: "pt" }, `loyalty ${o.loyalty}`) : null));
  tip.hidden = false;
  const r = el.getBoundingClientRect();
  const w = tip.offsetWidth, ht = tip.offsetHeight;
  const left = r.right + 8 + w < innerWidth ? r.right + 8 : Math.max(4, r.left - w - 8);
  tip.style.left = `${left}px`;
  tip.style.top = `${Math.max(4, Math.min(r.top, innerHeight - ht - 4))}px`;
  el.setAttribute("aria-describedby", "cardtip");
}

function hideTip() { tip.hidden = true; }

// ``el`` shows the card text of ``o`` while the pointer is on it or it has the focus.
function withTip(el, o) {
  if (!o || o.face_down || !o.type) return el;
  if (el.tabIndex < 0) el.tabIndex = 0;
  el.addEventListener("mouseenter", () => showTip(el, o));
  el.addEventListener("focus", () => showTip(el, o));
  el.addEventListener("mouseleave", hideTip);
  el.addEventListener("blur", hideTip);
  return el;
}
document.addEventListener("keydown", (e) => { if (e.key === "Escape") hideTip(); });
window.addEventListener("scroll", hideTip, true);

// A log line's text with each card name it holds that this page knows as a span with its text.
function withCardNames(text) {
  const re = namePattern();
  if (!re) return [text];
  const out = [];
  let last = 0, m;
  re.lastIndex = 0;
  while ((m = re.exec(text))) {
    out.push(text.slice(last, m.index), withTip(h("span", { class: "cardref" }, m[1]), CARDS.get(m[1])));
    last = m.index + m[1].length;
  }
  out.push(text.slice(last));
  return out;
}

// ------------------------------------------------------------------ the board

function permanentTile(o, names, ui, players) {
  const tile = h("div", { class: "card perm", "data-id": o.id });
  if (o.tapped) tile.classList.add("tapped");
  const name = o.face_down ? `face-down${o.card ? ` (${o.card})` : ""}` : o.name;
  tile.append(h("div", { class: "card-head" }, h("span", { class: "card-name" }, name),
    h("span", { class: "cost" }, o.cost || "")));
  if (o.type) tile.append(h("div", { class: "card-type" }, o.type));
  const marks = [];
  if (o.token) marks.push("token");
  if (o.tapped) marks.push("tapped");
  if (o.sick) marks.push("summoning sick");
  if (o.attacking) marks.push("attacking");
  if (o.blocking && o.blocking.length) marks.push("blocking " + o.blocking.map((b) => names[b] || "?").join(", "));
  // an Aura enchanting a player (a Curse, CR 303.4b): whom it is on
  if (players && o.attached_to_player !== undefined && o.attached_to_player !== null) marks.push(`on ${players[o.attached_to_player].name}`);
  if (o.damage) marks.push(`${o.damage} damage`);
  for (const [k, n] of Object.entries(o.counters || {})) if (n) marks.push(`${n} ${k} counter${n > 1 ? "s" : ""}`);
  if (o.keywords && o.keywords.length) tile.append(h("div", { class: "keywords" }, o.keywords.join(", ")));
  if (marks.length) tile.append(h("div", { class: "marks" }, marks.join(" · ")));
  if ("power" in o) tile.append(h("div", { class: "pt" }, `${o.power}/${o.toughness}`));
  if (ui) ui.decorate(tile, o);
  return withTip(tile, o);
}

function handTile(o, ui) {
  const tile = h("div", { class: "card hand-card", "data-id": o.id },
    h("div", { class: "card-head" }, h("span", { class: "card-name" }, o.name), h("span", { class: "cost" }, o.cost || "")),
    h("div", { class: "card-type" }, o.type || ""),
    o.printed_pt ? h("div", { class: "pt" }, o.printed_pt) : null);
  if (ui) ui.decorate(tile, o);
  return withTip(tile, o);
}

// A commander in the command zone (CR 903.6): a card tile with its commander tax (CR 903.8).
function commandTile(o, ui) {
  const tile = handTile(o, ui);
  tile.classList.add("command-card");
  if (o.commander) tile.append(h("div", { class: "marks tax" }, o.tax ? `commander tax {${o.tax}}` : "no commander tax yet"));
  return tile;
}

function zoneList(label, items) {
  if (!items || !items.length) return h("span", { class: "zone" }, `${label}: 0`);
  const d = h("details", { class: "zone" }, h("summary", {}, `${label}: ${items.length}`),
    h("ul", {}, items.map((o) => h("li", {}, withTip(h("span", { class: "cardref" }, o.name), o)))));
  return d;
}

function playerPanel(v, index, ui) {
  const p = v.players[index];
  const names = Object.fromEntries(v.battlefield.map((o) => [o.id, o.name]));
  const isViewer = index === v.viewer;
  const head = h("div", { class: "player-head", "data-player": `p${index}`, title: p.name },
    h("span", { class: "pname" }, p.name),
    h("span", { class: "life", title: "life" }, `♥ ${p.life}`),
    p.poison ? h("span", { class: "poison" }, `poison ${p.poison}`) : null,
    p.energy ? h("span", {}, `energy ${p.energy}`) : null,
    h("span", {}, `library ${p.library_count}`),
    h("span", {}, `hand ${p.hand_count}`),
    index === v.active ? h("span", { class: "badge" }, "active") : null,
    index === v.deciding ? h("span", { class: "badge prio" }, "deciding") : null,
    Object.keys(p.mana_pool || {}).length
      ? h("span", { class: "pool" }, "pool " + Object.entries(p.mana_pool).map(([k, n]) => `{${k}}×${n}`).join(" ")) : null);
  if (ui) ui.decoratePlayer(head, index);
  const mine = v.battlefield.filter((o) => o.controller === index);
  const attachedTo = {};
  for (const o of v.battlefield) if (o.attached_to !== null && o.attached_to !== undefined) {
    (attachedTo[o.attached_to] ||= []).push(o);
  }
  const shown = mine.filter((o) => o.attached_to === null || o.attached_to === undefined || !names[o.attached_to]);
  const tileWith = (o) => {
    const t = permanentTile(o, names, ui, v.players);
    const att = (attachedTo[o.id] || []);
    if (att.length) t.append(h("div", { class: "attached" }, att.map((a) => {
      const el = h("div", { class: "attachment", "data-id": a.id }, `⤷ ${a.name}`);
      if (ui) ui.decorate(el, a);
      return withTip(el, a);
    })));
    return t;
  };
  const isLand = (o) => (o.types || []).includes("Land") && !("power" in o);
  const rows = [
    ["creatures", shown.filter((o) => "power" in o)],
    ["other permanents", shown.filter((o) => !("power" in o) && !isLand(o))],
    ["lands", shown.filter(isLand)],
  ];
  // the Auras enchanting this player (Curses, CR 303.4b), whoever controls them, shown with them
  const onThem = v.battlefield.filter((o) => o.attached_to_player === index);
  const field = h("div", { class: "battlefield" }, rows.filter(([, xs]) => xs.length).map(([label, xs]) =>
    h("div", { class: "row", "aria-label": label }, h("span", { class: "row-label" }, label), xs.map(tileWith))),
    onThem.length ? h("div", { class: "row", "aria-label": "enchanted by" }, h("span", { class: "row-label" }, "enchanted by"),
      onThem.map((o) => {
        const el = h("div", { class: "attachment", "data-id": o.id },
          `${o.name} on ${p.name}${o.controller === index ? "" : ` (${v.players[o.controller].name}'s)`}`);
        if (ui) ui.decorate(el, o);
        return withTip(el, o);
      })) : null);
  const zones = h("div", { class: "zones" },
    zoneList("graveyard", p.graveyard), zoneList("exile", p.exile),
    p.emblems && p.emblems.length ? h("span", { class: "zone" }, `emblems: ${p.emblems.join(" · ")}`) : null);
  const command = p.commanders ? commandZone(v, p, ui) : null;
  const hand = isViewer && p.hand
    ? h("div", { class: "hand" }, h("span", { class: "row-label" }, "your hand"), p.hand.map((o) => handTile(o, ui)))
    : h("div", { class: "hand hidden-hand" }, `hand: ${p.hand_count} card${p.hand_count === 1 ? "" : "s"}`);
  return h("section", { class: `player ${isViewer ? "me" : "them"}`, "aria-label": p.name }, head, command, field, zones, hand);
}

// A Commander player's command zone (CR 903.6) with their commanders and the tax to cast each
// from there (CR 903.8), and the combat damage each commander has dealt them (CR 903.10a).
function commandZone(v, p, ui) {
  const taken = (p.commander_damage || []).filter(([, , n]) => n > 0);
  return h("div", { class: "command-zone", "aria-label": `${p.name}'s command zone` },
    h("div", { class: "row" }, h("span", { class: "row-label" }, `command zone · commander${p.commanders.length > 1 ? "s" : ""}: ${p.commanders.join(" and ")}`),
      (p.command_zone || []).map((o) => commandTile(o, ui)),
      p.command_zone && p.command_zone.length ? null : h("span", { class: "muted small" }, "(no commander in the command zone)")),
    h("div", { class: "cmd-damage" }, "Commander damage taken (21 from one commander loses the game, CR ", ruleLink("903.10a"), "): ",
      taken.length ? taken.map(([owner, name, n], i) => [i ? " · " : "",
        withTip(h("span", { class: "cardref" }, name), CARDS.get(name)), ` (${v.players[owner].name}) `, h("b", {}, `${n}`)])
        : h("span", { class: "muted" }, "none")));
}

// Whom an attack option names (CR 508.1a): a player "p<n>", or a planeswalker or battle by id.
function defenderName(v, x) {
  return x.startsWith("p") ? v.players[Number(x.slice(1))].name
    : ((v.battlefield.find((c) => String(c.id) === x) || {}).name || x);
}

function nameOf(v, ref) {
  if (typeof ref === "string" && /^p\d+$/.test(ref)) return v.players[+ref.slice(1)]?.name || ref;
  const o = v.battlefield.find((x) => x.id === ref) || v.stack.find((x) => x.id === ref);
  if (o) return o.name || o.label;
  for (const p of v.players) for (const z of ["graveyard", "exile", "hand"]) {
    const x = (p[z] || []).find((y) => y.id === ref);
    if (x) return x.name;
  }
  return `#${ref}`;
}

function stackPanel(v) {
  const items = [...v.stack].reverse();
  return h("section", { class: "stack" }, h("h3", {}, `Stack${items.length ? " (top first)" : ""}`),
    items.length ? h("ol", {}, items.map((s) => withTip(h("li", {},
      s.face_down ? (s.card ? `face-down ${s.card}` : "a face-down spell") : s.label,
      s.targets && s.targets.flat().length ? h("span", { class: "targets" },
        " → " + s.targets.flat().map((t) => nameOf(v, t)).join(", ")) : null),
      s.face_down ? null : CARDS.get(s.source))))
      : h("p", { class: "muted" }, "empty"));
}

function boardView(v, ui) {
  learnCards(v);
  const order = v.players.map((_, i) => i).filter((i) => i !== v.viewer);
  if (v.viewer >= 0 && v.viewer < v.players.length) order.push(v.viewer);
  return h("div", { class: "board" },
    h("div", { class: "turn" }, `Turn ${v.turn} · ${v.step.replaceAll("_", " ")} · ${v.players[v.active].name}'s turn`),
    order.map((i) => playerPanel(v, i, ui)));
}

function logPanel(lines, box) {
  for (const e of lines) {
    box.append(h("div", { class: "logline" }, h("span", { class: "when" }, `T${e.turn} ${e.step.replaceAll("_", " ")}`),
      " ", withCardNames(e.text), " ", withRules(e.rules)));
  }
  box.scrollTop = box.scrollHeight;
}

// ------------------------------------------------------------------ play

const play = { socket: null, state: null, retries: 0, fatal: false, selected: new Map(), blocks: [], blocker: null, menu: null, why: null, attackTarget: null };

async function pagePlay(params) {
  const m = await meta();
  if (params.get("table")) return joinTable(params.get("table"), params.get("seat"), params.get("token"));
  const commander = params.get("format") === "commander";
  const decks = commander ? m.commander_decks : m.decks;
  const deckSel = (i, d) => h("select", { id: `deck${i}`, "aria-label": `deck of seat ${i + 1}` },
    decks.map((x) => h("option", { value: x, selected: x === d }, x)));
  const agentSel = (i, a) => h("select", { id: `agent${i}`, "aria-label": `player of seat ${i + 1}` },
    m.agents.map((x) => h("option", { value: x, selected: x === a }, x === "human" ? "a person (you)" : x)));
  const stops = h("fieldset", { class: "stops" }, h("legend", {}, "Always stop in (auto-pass elsewhere when passing is all you can do)"),
    m.steps.map((s) => h("label", {}, h("input", { type: "checkbox", value: s }), s.replaceAll("_", " "))));
  const err = h("p", { class: "error", role: "alert" });
  const wanted = parseInt(params.get("players") || "", 10);
  const count = wanted >= m.seats && wanted <= m.max_seats ? wanted : m.seats;
  const seats = Array.from({ length: count }, (_, i) => i);
  const deckOf = (i) => commander ? decks[i % decks.length] : DEMO_DECKS[i] || decks[i % decks.length];
  const setupHash = (players, format) => `#/play?players=${players}${format === "commander" ? "&format=commander" : ""}`;
  const players = h("select", { id: "players", "aria-label": "number of players",
    onchange: (e) => { location.hash = setupHash(e.target.value, commander ? "commander" : "normal"); } },
    Array.from({ length: m.max_seats - m.seats + 1 }, (_, k) => m.seats + k).map((n) =>
      h("option", { value: n, selected: n === count }, `${n} players`)));
  const format = h("select", { id: "format", "aria-label": "format",
    onchange: (e) => { location.hash = setupHash(count, e.target.value); } },
    h("option", { value: "normal", selected: !commander }, "normal (20 life)"),
    h("option", { value: "commander", selected: commander }, "Commander (CR 903)"));
  const form = h("form", { class: "setup", onsubmit: async (e) => {
    e.preventDefault();
    const agents = seats.map((i) => document.getElementById(`agent${i}`).value);
    const button = form.querySelector("button[type=submit]");
    button.disabled = true; err.textContent = commander ? "Dealing the Commander decks…" : "";
    try {
      const t = await postJSON("/api/tables", {
        format: commander ? "commander" : "normal",
        decks: seats.map((i) => document.getElementById(`deck${i}`).value), agents,
        seed: parseInt(document.getElementById("seed").value, 10),
        stops: [...stops.querySelectorAll("input:checked")].map((x) => x.value),
        pay_by_hand: document.getElementById("payhand").checked,
      });
      enterTable(t, agents.length);
    } catch (ex) { err.textContent = ex.message; button.disabled = false; }
  } },
  h("h2", {}, "New game"),
  h("label", {}, "Format ", format),
  h("label", {}, "Players ", players, count > 2 ? " (free-for-all: attack any opponent, CR 806)" : ""),
  commander ? h("p", { class: "muted small" }, "Commander: each deck's commander starts in its owner's command zone, everyone at 40 life; "
    + "cast it from there for {2} more each time (CR 903.8); 21 combat damage from one commander loses the game (CR 903.10a).",
    m.corpus ? "" : h("span", { class: "warn" }, " The Commander decks' cards come from the card corpus: start the server with "
      + "manastack serve --cards FILE (an MTGJSON AtomicCards file).")) : null,
  h("div", { class: "seats" }, seats.map((i) => h("div", { class: "seat" }, h("h3", {}, `Seat ${i + 1}`),
    h("label", {}, "Deck ", deckSel(i, deckOf(i))),
    h("label", {}, "Played by ", agentSel(i, i === 0 ? "human" : "heuristic"))))),
  h("label", {}, "Seed ", h("input", { id: "seed", type: "number", value: "7" })),
  h("label", {}, h("input", { id: "payhand", type: "checkbox" }), " Pay mana by hand"),
  stops, h("button", { type: "submit", class: "primary" }, "Start the game"), err,
  h("p", { class: "muted" }, "Every seat a person: hot-seat (the screen shows whoever must decide). "
    + "Hidden cards never leave the server: each seat is sent only what its player may see (CR 400.2)."));
  main.replaceChildren(form, loadForm(m));
}

// Play on from a save (Game.to_json, as the Save button downloads it): you take seat 1.
function loadForm(m) {
  const err = h("p", { class: "error", role: "alert" });
  const file = h("input", { type: "file", id: "playsave", accept: ".json,application/json", "aria-label": "save file" });
  const others = h("select", { id: "others", "aria-label": "the other seats" },
    m.agents.map((x) => h("option", { value: x, selected: x === "heuristic" }, x === "human" ? "people (hot-seat)" : x)));
  return h("form", { class: "setup", onsubmit: async (e) => {
    e.preventDefault();
    if (!file.files.length) { err.textContent = "choose a save file first"; return; }
    err.textContent = "Loading…";
    try {
      const t = await api(`/api/tables/load?others=${encodeURIComponent(others.value)}`, { method: "POST",
        headers: { "Content-Type": "application/octet-stream" }, body: file.files[0] });
      enterTable(t, others.value === "human" ? t.seats.length : 0);
    } catch (ex) { err.textContent = ex.message; }
  } }, h("h2", {}, "Or play on from a save"), h("label", {}, "Save ", file),
  h("label", {}, "Seat 1 is you; the other seats: ", others), h("button", { type: "submit", id: "load-save" }, "Load and play"), err);
}

function enterTable(t, seatCount) {
  const seat = t.seats.length === seatCount ? "hotseat" : String(t.seats[0].seat);
  sessionStorage.setItem(`seat-${t.table}`, JSON.stringify(t.seats));
  location.hash = `#/play?table=${t.table}&seat=${seat}&token=${t.seats[0].token}`;
}

function joinTable(table, seat, token) {
  if (play.socket) play.socket.close();
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${encodeURIComponent(table)}`
    + `?seat=${encodeURIComponent(seat || "spectator")}` + (token ? `&token=${encodeURIComponent(token)}` : "");
  const logBox = h("div", { class: "log", "aria-label": "game log", tabindex: 0 });
  const layout = h("div", { class: "play" }, h("div", { id: "board-area" }),
    h("aside", {}, h("div", { id: "decision" }), h("div", { id: "stack-area" }),
      h("section", { class: "log-section" }, h("h3", {}, "Log"), logBox),
      h("p", { class: "muted small" }, "Links: ", h("a", { href: `#/play?table=${table}&seat=spectator` }, "watch this table"),
        JSON.parse(sessionStorage.getItem(`seat-${table}`) || "[]").filter((x) => String(x.seat) !== seat && seat !== "hotseat")
          .map((x) => [" · ", h("a", { href: `#/play?table=${table}&seat=${x.seat}&token=${x.token}`, target: "_blank" }, `seat ${x.seat + 1}`)]))));
  main.replaceChildren(layout);
  play.logBox = logBox;
  play.state = null;
  play.table = table; play.seat = seat; play.token = token; play.fatal = false;
  const ws = new WebSocket(url);
  play.socket = ws;
  ws.binaryType = "arraybuffer";
  ws.onmessage = (ev) => {
    const msg = JSON.parse(typeof ev.data === "string" ? ev.data : new TextDecoder().decode(ev.data));
    if (msg.type === "state") { play.retries = 0; onState(msg); }
    else if (msg.type === "error") { if (msg.fatal) play.fatal = true; showNote(msg.message, "error"); }
    else if (msg.type === "notice") showNote(msg.message, "notice");
    else if (msg.type === "why") { play.why = msg; renderDecision(); }
  };
  // The game lives on the server: a dropped socket joins the table again (a few times), and the
  // table is shown as it is then.
  ws.onclose = () => {
    if (play.socket !== ws) return;
    if (play.fatal || play.retries >= 5) { showNote("disconnected from the table", "error"); return; }
    showNote("disconnected from the table: joining it again…", "error");
    const hash = location.hash;
    setTimeout(() => { if (play.socket === ws && location.hash === hash) { play.retries += 1; joinTable(table, seat, token); } },
      1000 * (play.retries + 1));
  };
}

function send(msg) { if (play.socket && play.socket.readyState === 1) play.socket.send(JSON.stringify(msg)); }

function act(actions) {
  send({ type: "act", version: play.state.version, actions: actions.map((a) => ({ kind: a.kind, args: a.args })) });
}

function showNote(text, kind) {
  const box = document.getElementById("note");
  if (box) { box.textContent = text; box.className = `note ${kind}`; }
  else { const d = document.getElementById("decision"); if (d) d.prepend(h("p", { id: "note", class: `note ${kind}`, role: "alert" }, text)); }
}

function onState(msg) {
  learnCards(msg.board);
  play.state = msg;
  msg.board.deciding = msg.waiting_for;
  play.selected.clear(); play.blocks = []; play.blocker = null; play.menu = null; play.why = null;
  if (msg.log_reset) play.logBox.replaceChildren();
  logPanel(msg.log, play.logBox);
  renderPlay();
}

function optionsFor(id) {
  const d = play.state.decision;
  if (!d) return [];
  return d.options.filter((o) => o.args.length && o.args[0] === id && o.kind !== "mana");
}

const playUI = {
  decorate(tile, o) {
    const d = play.state.decision;
    const opts = optionsFor(o.id);
    if (d && d.kind === "attackers" && opts.some((x) => x.kind === "attack")) {
      tile.classList.add("pickable");
      if (play.selected.has(o.id)) {
        tile.classList.add("selected");
        const at = play.selected.get(o.id);
        if (at !== undefined) tile.append(h("div", { class: "aim" }, `→ ${defenderName(play.state.board, at)}`));
      }
      activate(tile, () => {
        if (play.selected.has(o.id)) play.selected.delete(o.id);
        else play.selected.set(o.id, play.attackTarget);
        renderPlay();
      });
    } else if (d && d.kind === "blockers" && (opts.length || d.options.some((x) => x.kind === "block" && x.args[1] === o.id))) {
      const isBlocker = opts.some((x) => x.kind === "block");
      tile.classList.add("pickable");
      if (play.blocker === o.id) tile.classList.add("selected");
      activate(tile, () => {
        if (isBlocker) { play.blocker = play.blocker === o.id ? null : o.id; }
        else if (play.blocker !== null) {
          const opt = d.options.find((x) => x.kind === "block" && x.args[0] === play.blocker && x.args[1] === o.id);
          if (opt) { play.blocks = play.blocks.filter((b) => b.args[0] !== play.blocker).concat([opt]); play.blocker = null; }
        }
        renderPlay();
      });
    } else if (opts.length) {
      tile.classList.add(d.board_pick ? "pickable" : "playable");
      activate(tile, () => {
        if (opts.length === 1) act([opts[0]]);
        else { play.menu = { id: o.id, name: o.name, options: opts }; renderDecision(); }
      });
    } else if (play.state.viewer >= 0 && (o.controller === play.state.viewer) && !o.face_down) {
      activate(tile, () => send({ type: "why", id: o.id }));
    }
  },
  decoratePlayer(head, index) {
    const d = play.state.decision;
    const opts = d ? d.options.filter((o) => o.args[0] === `p${index}`) : [];
    if (opts.length) {
      head.classList.add("pickable");
      activate(head, () => act([opts[0]]));
    }
  },
};

function renderPlay() {
  const v = play.state.board;
  document.getElementById("board-area").replaceChildren(boardView(v, playUI));
  document.getElementById("stack-area").replaceChildren(stackPanel(v));
  renderDecision();
}

function renderDecision() {
  const s = play.state;
  const box = document.getElementById("decision");
  const d = s.decision;
  const parts = [];
  if (s.result) {
    parts.push(h("h3", {}, s.result.winner_name ? `${s.result.winner_name} wins` : "A draw"),
      h("p", {}, `Turn ${s.result.turn}: ${s.result.reason}`));
  } else if (!d) {
    const who = s.waiting_for !== null ? s.board.players[s.waiting_for].name : "";
    parts.push(h("p", { class: "muted" }, s.viewer === -1 ? `Watching: ${who} is deciding.` : `Waiting for ${who}…`));
  } else {
    parts.push(h("h3", { class: "prompt" }, linkRules(d.prompt)));
    if (d.kind === "attackers") {
      // With several opponents (CR 802) each attacker names whom it attacks (CR 508.1a): a player
      // ("p<n>") or a planeswalker's id. A creature clicked attacks the one chosen in the list at
      // that moment, so an attack can be split; one that can't attack it attacks the first it can.
      const defenders = [...new Set(d.options.filter((o) => o.kind === "attack" && o.args.length > 1)
        .map((o) => String(o.args[1])))];
      if (!defenders.includes(play.attackTarget)) play.attackTarget = defenders[0];
      if (defenders.length > 1) {
        parts.push(h("p", { class: "hint" }, "Choose whom to attack, then click the creatures that attack them; "
          + "choose another and click more to split the attack. Then declare them all at once."));
        parts.push(h("label", {}, "Attack ", h("select", { id: "attack-target", "aria-label": "whom the creatures you click attack",
          onchange: (e) => { play.attackTarget = e.target.value; } },
          defenders.map((x) => h("option", { value: x, selected: x === play.attackTarget }, defenderName(s.board, x))))));
      } else {
        parts.push(h("p", { class: "hint" }, "Click creatures to select attackers, then declare them all at once."));
      }
      const pick = () => [...play.selected].map(([id, at]) => {
        const mine = d.options.filter((o) => o.kind === "attack" && o.args[0] === id);
        return mine.find((o) => o.args.length < 2 || String(o.args[1]) === at) || mine[0];
      }).filter(Boolean);
      const count = pick().length;
      if (count && defenders.length > 1) parts.push(h("ul", { class: "aims" }, pick().map((o) =>
        h("li", {}, `${nameOf(s.board, o.args[0])} → ${defenderName(s.board, String(o.args[1]))}`))));
      const done = d.options.find((o) => o.kind === "done");
      parts.push(h("button", { class: "primary", id: "declare-attackers", onclick: () => act([...pick(), done]) },
        count ? `Attack with ${count} selected` : "Don't attack"));
    } else if (d.kind === "blockers") {
      parts.push(h("p", { class: "hint" }, "Click one of your creatures, then the attacker it blocks; repeat, then declare."));
      if (play.blocks.length) parts.push(h("ul", {}, play.blocks.map((b) => h("li", {}, b.label))));
      const done = d.options.find((o) => o.kind === "done");
      parts.push(h("button", { class: "primary", id: "declare-blockers", onclick: () => act([...play.blocks, done]) },
        play.blocks.length ? `Declare ${play.blocks.length} block${play.blocks.length > 1 ? "s" : ""}` : "Don't block"));
    } else if (play.menu) {
      parts.push(h("p", { class: "hint" }, `${play.menu.name}:`),
        h("div", { class: "options" }, play.menu.options.map((o) => h("button", { onclick: () => act([o]) }, o.label)),
          h("button", { onclick: () => { play.menu = null; renderDecision(); } }, "back")));
    }
    if (d.board_pick) parts.push(h("p", { class: "hint" }, "Pick on the board (highlighted), or below."));
    if (d.kind === "priority") parts.push(h("p", { class: "hint" }, "Click a highlighted card to cast or play it; click another card of yours to see why you can't."));
    const listed = d.kind === "priority"
      ? d.options.filter((o) => !o.args.length || typeof o.args[0] !== "number")
      : d.options;
    const many = listed.length > 14;
    const optionButtons = listed.map((o) => h("button", { class: o.kind === "pass" ? "pass" : "", onclick: () => act([o]) }, o.label));
    if (d.kind !== "attackers" && d.kind !== "blockers") {
      parts.push(h("div", { class: `options${many ? " scroll" : ""}` }, optionButtons));
    }
    if (d.kind === "priority") {
      const cardOpts = d.options.filter((o) => o.args.length && typeof o.args[0] === "number" && o.kind !== "mana");
      if (cardOpts.length) parts.push(h("details", { class: "all-options" }, h("summary", {}, `card actions (${cardOpts.length})`),
        h("div", { class: "options" }, cardOpts.map((o) => h("button", { onclick: () => act([o]) }, o.label)))));
    }
  }
  if (play.why) parts.push(h("div", { class: "why", role: "status" }, h("b", {}, "Why not: "), linkRules(play.why.text)));
  const tools = h("div", { class: "tools" },
    h("button", { id: "undo", disabled: !s.can_undo, onclick: () => send({ type: "undo" }), title: "Take back your last answer (u)" }, "Undo"),
    s.can_save ? h("a", { id: "save", class: "button", download: `manastack-${play.table}.json`,
      href: `/api/tables/${encodeURIComponent(play.table)}/save?seat=${encodeURIComponent(play.seat)}&token=${encodeURIComponent(play.token || "")}`,
      title: "Download the game's save file: play on from it here, watch it, or load it with Game.from_json" }, "Save") : null);
  // data-step names the question on show: the state's version, and "m" while a card's menu is open.
  box.replaceChildren(h("section", { class: "decision", "data-step": `${s.version}${play.menu ? "m" : ""}` }, h("p", { id: "note", class: "note" }), parts, tools,
    s.settings ? settingsPanel(s.settings) : null));
}

// Your stops and payment, changed during the game (they apply to your seat; in hot-seat to all).
function settingsPanel(mine) {
  const panel = h("details", { class: "settings", open: play.settingsOpen },
    h("summary", {}, `Auto-pass: ${mine.stops.length ? "stop in " + mine.stops.map((x) => x.replaceAll("_", " ")).join(", ") : "no extra stops"}`
      + (mine.pay_by_hand ? "; paying by hand" : "")),
    h("div", { class: "stops" }, META.steps.map((x) => h("label", {},
      h("input", { type: "checkbox", value: x, checked: mine.stops.includes(x), class: "stop" }), x.replaceAll("_", " ")))),
    h("label", {}, h("input", { type: "checkbox", id: "payhand-now", checked: mine.pay_by_hand }), " pay mana by hand"));
  panel.addEventListener("toggle", () => { play.settingsOpen = panel.open; });
  panel.addEventListener("change", () => send({ type: "settings",
    stops: [...panel.querySelectorAll("input.stop:checked")].map((x) => x.value),
    pay_by_hand: panel.querySelector("#payhand-now").checked }));
  return panel;
}

// Text with rule numbers written in it ("601.2a", "CR 103"): the numbers become links.
function linkRules(text) {
  const span = h("span");
  const re = /\b(?:CR )?(\d{3}\.\d+[a-z]?)\b|\bCR (\d{3})\b/g;     // "CR 903.9a" is 903.9a, not 903
  let last = 0, m;
  while ((m = re.exec(text))) {
    const number = m[1] || m[2];
    const at = m.index + m[0].length - number.length;
    span.append(text.slice(last, at), ruleLink(number));
    last = m.index + m[0].length;
  }
  span.append(text.slice(last));
  return span;
}

document.addEventListener("keydown", (e) => {
  if (e.target.matches("input, textarea, select")) return;
  if (e.key === "u" && play.state && play.state.can_undo && location.hash.startsWith("#/play")) send({ type: "undo" });
});

// ------------------------------------------------------------------ watch

const watch = { replay: null, step: 0, seat: -1 };

async function pageWatch(params) {
  const m = await meta();
  const err = h("p", { class: "error", role: "alert" });
  const out = h("div", { id: "replay" });
  const wanted = parseInt(params.get("players") || "", 10);
  const count = wanted >= m.seats && wanted <= m.max_seats ? wanted : m.seats;
  const commander = params.get("format") === "commander";
  const decks = commander ? m.commander_decks : m.decks;
  const seats = Array.from({ length: count }, (_, i) => i);
  const sel = (id, list, value, label) => h("select", { id, "aria-label": label },
    list.map((x) => h("option", { value: x, selected: x === value }, x)));
  const again = (n, f) => { location.hash = `#/watch?players=${n}${f === "commander" ? "&format=commander" : ""}`; };
  const seedForm = h("form", { class: "setup inline", onsubmit: async (e) => {
    e.preventDefault(); err.textContent = "Simulating…";
    try {
      const r = await postJSON("/api/replays", { seed: parseInt(document.getElementById("wseed").value, 10),
        format: commander ? "commander" : "normal",
        decks: seats.map((i) => document.getElementById(`wdeck${i}`).value),
        agents: seats.map((i) => document.getElementById(`wagent${i}`).value) });
      err.textContent = ""; openReplay(r, out);
    } catch (ex) { err.textContent = ex.message; }
  } }, h("h2", {}, "Watch a simulated game"),
  h("label", {}, "Seed ", h("input", { id: "wseed", type: "number", value: "7" })),
  h("label", {}, "Format ", h("select", { id: "wformat", "aria-label": "format", onchange: (e) => again(count, e.target.value) },
    h("option", { value: "normal", selected: !commander }, "normal"), h("option", { value: "commander", selected: commander }, "Commander"))),
  h("label", {}, "Players ", h("select", { id: "wplayers", "aria-label": "number of players",
    onchange: (e) => again(e.target.value, commander ? "commander" : "normal") },
    Array.from({ length: m.max_seats - m.seats + 1 }, (_, k) => m.seats + k).map((n) => h("option", { value: n, selected: n === count }, String(n))))),
  h("br"),
  seats.map((i) => h("span", { class: "wseat" }, i ? " v " : "",
    sel(`wdeck${i}`, decks, commander ? decks[i % decks.length] : DEMO_DECKS[i] || decks[i % decks.length], `deck of seat ${i + 1}`),
    sel(`wagent${i}`, m.agents.filter((a) => a !== "human"), "heuristic", `agent of seat ${i + 1}`))),
  h("button", { type: "submit", class: "primary" }, "Simulate"));
  const file = h("input", { type: "file", id: "savefile", accept: ".json,application/json" });
  const saveForm = h("form", { class: "setup inline", onsubmit: async (e) => {
    e.preventDefault();
    if (!file.files.length) { err.textContent = "choose a save file (Game.to_json) first"; return; }
    err.textContent = "Loading…";
    try {
      const r = await api("/api/replays", { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: file.files[0] });
      err.textContent = ""; openReplay(r, out);
    } catch (ex) { err.textContent = ex.message; }
  } }, h("h2", {}, "Or load a save"), file, h("button", { type: "submit" }, "Load and play on"));
  main.replaceChildren(h("div", { class: "watch" }, seedForm, saveForm, err, out));
}

function openReplay(r, out) {
  watch.replay = r; watch.step = 0;
  const slider = h("input", { type: "range", min: 0, max: r.steps - 1, value: 0, id: "wslider", "aria-label": "step" });
  const seat = h("select", { id: "wseat", "aria-label": "whose view" }, h("option", { value: -1 }, "spectator (public)"),
    Array.from({ length: r.seats }, (_, i) => h("option", { value: i }, `seat ${i + 1}'s view`)));
  const go = (n) => { watch.step = Math.max(0, Math.min(r.steps - 1, n)); slider.value = watch.step; loadStep(); };
  slider.addEventListener("input", () => go(+slider.value));
  seat.addEventListener("change", () => { watch.seat = +seat.value; loadStep(); });
  const controls = h("div", { class: "controls" },
    h("button", { onclick: () => go(0), title: "first (Home)" }, "|◀"), h("button", { id: "wback", onclick: () => go(watch.step - 1), title: "back (←)" }, "◀"),
    h("button", { id: "wfwd", onclick: () => go(watch.step + 1), title: "forward (→)" }, "▶"), h("button", { onclick: () => go(r.steps - 1), title: "last (End)" }, "▶|"),
    slider, h("span", { id: "wpos" }), seat);
  watch.go = go;
  out.replaceChildren(h("h3", {}, r.title), controls, h("p", { id: "waction", class: "action" }),
    h("div", { class: "play" }, h("div", { id: "wboard" }), h("aside", {}, h("div", { id: "wstack" }),
      h("section", { class: "log-section" }, h("h3", {}, "Log"), h("div", { class: "log", id: "wlog" })))));
  loadStep();
}

async function loadStep() {
  const r = watch.replay;
  const data = await api(`/api/replays/${r.replay}/${watch.step}?seat=${watch.seat}`);
  if (data.step !== watch.step) return;
  document.getElementById("wpos").textContent = `step ${data.step} of ${data.steps - 1}`;
  document.getElementById("waction").textContent = data.result
    ? `${data.action}  —  ${data.result.winner_name || "nobody"} wins: ${data.result.reason}` : data.action;
  document.getElementById("wboard").replaceChildren(boardView(data.board, null));
  document.getElementById("wstack").replaceChildren(stackPanel(data.board));
  const log = document.getElementById("wlog");
  log.replaceChildren();
  logPanel(data.log, log);
}

document.addEventListener("keydown", (e) => {
  if (!location.hash.startsWith("#/watch") || !watch.go || e.target.matches("input[type=number], textarea, select")) return;
  if (e.key === "ArrowRight") watch.go(watch.step + 1);
  if (e.key === "ArrowLeft") watch.go(watch.step - 1);
  if (e.key === "Home") watch.go(0);
  if (e.key === "End") watch.go(watch.replay.steps - 1);
});

// ------------------------------------------------------------------ judge

async function pageJudge(params) {
  const m = await meta();
  const editor = h("textarea", { id: "yaml", spellcheck: "false", "aria-label": "scenario YAML" });
  const gutter = h("div", { class: "gutter", "aria-hidden": "true" });
  const errors = h("ul", { class: "errors", id: "errors" });
  const report = h("div", { id: "report", class: "report" });
  let marks = {};
  const paintGutter = () => {
    const n = editor.value.split("\n").length;
    gutter.replaceChildren(...Array.from({ length: n }, (_, i) =>
      h("div", { class: marks[i + 1] ? "bad" : "", title: marks[i + 1] || "" }, String(i + 1))));
    gutter.scrollTop = editor.scrollTop;
  };
  editor.addEventListener("input", () => {
    marks = {}; paintGutter();
    if (report.firstChild && !report.querySelector(".stale")) {
      report.prepend(h("p", { class: "stale warn" }, "The scenario was edited after this run: run it again."));
    }
  });
  editor.addEventListener("scroll", () => { gutter.scrollTop = editor.scrollTop; });
  const goLine = (line) => {
    const lines = editor.value.split("\n");
    const start = lines.slice(0, line - 1).join("\n").length + (line > 1 ? 1 : 0);
    editor.focus(); editor.setSelectionRange(start, start + (lines[line - 1] || "").length);
    editor.scrollTop = Math.max(0, (line - 5) * 18);
  };
  const showErrors = (list) => {
    marks = {};
    for (const e of list) if (e.line) marks[e.line] = (marks[e.line] ? marks[e.line] + "\n" : "") + e.reason;
    errors.replaceChildren(...list.map((e) => h("li", {},
      e.line ? h("a", { href: "#", onclick: (ev) => { ev.preventDefault(); goLine(e.line); } }, `line ${e.line}`) : "scenario",
      e.step ? ` (step ${e.step})` : "", ": ", linkRules(e.reason))));
    paintGutter();
  };
  const check = async () => {
    try {
      const r = await postJSON("/api/judge", { yaml: editor.value, check_only: true });
      showErrors(r.errors);
      if (r.ok) errors.replaceChildren(h("li", { class: "ok" }, "No errors: the schema, the card names and the board check out."));
    } catch (ex) { showErrors([{ reason: ex.message }]); }
  };
  const run = async () => {
    report.replaceChildren(h("p", { class: "muted" }, "Running…"));
    try {
      const r = await postJSON("/api/judge", { yaml: editor.value });
      showErrors(r.error ? r.error.errors || [] : []);
      report.replaceChildren(judgeReport(r));
    } catch (ex) { report.replaceChildren(h("p", { class: "error" }, ex.message)); }
  };
  const picker = h("select", { id: "scenario-pick", "aria-label": "bundled scenario" },
    h("option", { value: "" }, "— a bundled scenario —"), m.scenarios.map((s) => h("option", { value: s }, s)));
  picker.addEventListener("change", async () => {
    if (!picker.value) return;
    const s = await api(`/api/scenarios/${encodeURIComponent(picker.value)}`);
    editor.value = s.yaml; marks = {}; paintGutter(); errors.replaceChildren(); report.replaceChildren();
  });
  main.replaceChildren(h("div", { class: "judge" },
    h("div", { class: "editor-col" },
      h("div", { class: "toolbar" }, picker, h("button", { onclick: check, id: "check" }, "Check"),
        h("button", { onclick: run, class: "primary", id: "run" }, "Run")),
      h("div", { class: "editor" }, gutter, editor), errors,
      h("p", { class: "muted small" }, "The format: docs/scenarios.md. Errors are marked in the margin; hover a red line number to read it.")),
    h("div", { class: "report-col" }, report)));
  const name = params.get("scenario") || "cancel";
  if (m.scenarios.includes(name)) { picker.value = name; picker.dispatchEvent(new Event("change")); }
  else paintGutter();
}

function judgeReport(r) {
  (r.cards || []).forEach(learnCard);         // the scenario's cards: their text on hover in the log
  const status = { pass: "PASS", fail: "FAIL", error: "ERROR" }[r.status];
  const out = [h("h2", { class: `status ${r.status}` }, `${status} · ${r.name || "scenario"}`)];
  if (r.cites && r.cites.length) out.push(h("p", {}, "Checks ", withRules(r.cites.map(String))));
  for (const [name, sentences] of Object.entries(r.partial || {}))
    out.push(h("p", { class: "warn" }, `${name} is read only in part; not read: ${sentences.join("; ")}`));
  if (r.expectations.length) out.push(h("h3", {}, "Expectations"), h("ul", { class: "expect" }, r.expectations.map((e) =>
    h("li", { class: e.passed ? "pass" : "fail" }, h("b", {}, e.passed ? "PASS " : "FAIL "),
      `${e.what} = ${JSON.stringify(e.expected)}`, e.passed ? "" : `  (actual: ${JSON.stringify(e.actual)})`,
      h("span", { class: "muted" }, `  line ${e.line}, after ${e.after}`)))));
  if (r.error) out.push(h("p", { class: "error" }, linkRules(r.error.message)));
  out.push(h("h3", {}, "Narrated log"));
  out.push(h("div", { class: "log judge-log" }, r.log.map((item) => item.kind === "step"
    ? h("div", { class: "step" }, `▶ step ${item.number} (line ${item.line}) ${item.text}`)
    : h("div", { class: `logline ${item.kind === "note" ? "note-line" : ""}` }, h("span", { class: "when" }, `T${item.turn} ${item.step}`),
      " ", withCardNames(item.text), " ", withRules(item.rules)))));
  return h("div", {}, out);
}

// ------------------------------------------------------------------ rules

async function pageRules(params, number) {
  const q = h("input", { type: "search", id: "rules-q", placeholder: "a rule number, words or a question: can I respond to a mana ability?",
    value: params.get("q") || "", "aria-label": "search the rules" });
  const term = h("input", { type: "search", id: "glossary-q", placeholder: "a glossary term, e.g. mana ability", "aria-label": "glossary term" });
  const out = h("div", { id: "rules-out" });
  const search = async (e) => {
    e && e.preventDefault();
    const text = q.value.trim();
    if (/^\d{3}(\.\d+[a-z]?)?$/.test(text)) { location.hash = `#/rules/${text}`; return; }
    out.replaceChildren(h("p", { class: "muted" }, "Searching…"));
    try {
      const r = await api(`/api/rules/search?q=${encodeURIComponent(text)}`);
      out.replaceChildren(h("p", { class: "muted" }, `Rules of ${r.rules}`),
        r.results.length ? h("ol", { class: "hits" }, r.results.map((hit) => h("li", {},
          hit.kind === "rule" ? ruleLink(hit.ref) : h("b", {}, hit.kind === "glossary" ? `Glossary: ${hit.ref}` : `Ruling, ${hit.ref}`),
          " ", hit.text, h("div", { class: "muted small" }, hit.reasons.join(", "))))) : h("p", {}, "No rule, glossary entry or ruling matches."));
      out.querySelectorAll("a.cr").forEach((a) => { a.onclick = null; });
    } catch (ex) { out.replaceChildren(h("p", { class: "error" }, ex.message)); }
  };
  const define = async (e) => {
    e.preventDefault();
    try {
      const g = await api(`/api/rules/glossary?term=${encodeURIComponent(term.value)}`);
      out.replaceChildren(h("h2", {}, g.term), h("p", {}, linkRules(g.text)));
    } catch (ex) { out.replaceChildren(h("p", { class: "error" }, ex.message)); }
  };
  main.replaceChildren(h("div", { class: "rules-page" },
    h("form", { class: "search", onsubmit: search }, q, h("button", { type: "submit", class: "primary" }, "Search")),
    h("form", { class: "search", onsubmit: define }, term, h("button", { type: "submit" }, "Define")), out));
  if (number) await showRule(number, out);
  else if (q.value) await search();
}

async function showRule(number, out) {
  try {
    const r = await api(`/api/rules/rule/${encodeURIComponent(number)}`);
    const linkTree = (rule, depth) => h("div", { class: `rule depth${Math.min(depth, 3)}`, id: `r${rule.number}` },
      h("p", {}, h("a", { href: `#/rules/${rule.number}`, class: "num" }, rule.number), " ", linkRules(rule.text)),
      rule.examples.map((x) => h("p", { class: "example" }, x)), rule.subrules.map((s) => linkTree(s, depth + 1)));
    out.replaceChildren(...[h("p", { class: "muted" }, `Rules of ${r.rules}`), linkTree(r, 0),
      r.see_also.length ? h("section", {}, h("h3", {}, "Refers to"), h("ul", {}, r.see_also.map((s) =>
        h("li", {}, h("a", { href: `#/rules/${s.number}` }, s.number), " ", s.text.slice(0, 160))))) : null,
      h("section", {}, h("h3", {}, "Where the engine applies it"), r.engine.length ? h("ul", { class: "sites" }, r.engine.map((s) =>
        h("li", {}, h("code", {}, `${s.path}:${s.line}`), h("span", { class: "muted" }, `  ${s.kind}, CR ${s.rule}`))))
        : h("p", { class: "muted" }, "no code cites it"), r.engine_count > r.engine.length ? h("p", { class: "muted" }, `… and ${r.engine_count - r.engine.length} more`) : null),
      h("section", {}, h("h3", {}, "Scenarios that check it"), r.scenarios.length ? h("ul", {}, r.scenarios.map((s) =>
        h("li", {}, s.bundled ? h("a", { href: `#/judge?scenario=${encodeURIComponent(s.path.split("/").pop().replace(/\.yaml$/, ""))}` }, s.name) : s.name,
          h("span", { class: "muted" }, `  ${s.path}, CR ${s.rule}`)))) : h("p", { class: "muted" }, "none yet"))].filter(Boolean));
  } catch (ex) { out.replaceChildren(h("p", { class: "error" }, ex.message)); }
}

// ------------------------------------------------------------------ routing

async function route() {
  const hash = location.hash || "#/play";
  const [path, query] = hash.slice(1).split("?");
  const params = new URLSearchParams(query || "");
  const parts = path.split("/").filter(Boolean);
  const page = parts[0] || "play";
  document.querySelectorAll("nav a").forEach((a) => a.classList.toggle("current", a.dataset.page === page));
  if (page !== "play" && play.socket) { play.socket.close(); play.socket = null; }
  try {
    if (page === "watch") await pageWatch(params);
    else if (page === "judge") await pageJudge(params);
    else if (page === "rules") await pageRules(params, parts[1]);
    else await pagePlay(params);
  } catch (ex) { main.replaceChildren(h("p", { class: "error" }, ex.message)); }
}

window.addEventListener("hashchange", route);
route();
