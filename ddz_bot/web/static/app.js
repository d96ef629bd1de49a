// The live table's page: one WebSocket to the bot's server, the table drawn from its frames.
// No build step: a plain module. Works inside Telegram (telegram-web-app.js) and without it
// (the launch data read from the URL's fragment, as Telegram passes it).
import { pickLang, say } from "./i18n.js";
import { bottom, closingConfirmation, drawBottom, haptic, setUpTelegram, tg } from "./telegram.js";
import { standingsSection, tourLine } from "./tour.js";

const fragment = new URLSearchParams(location.hash.slice(1));
const query = new URLSearchParams(location.search);
const initData = (tg && tg.initData) || fragment.get("tgWebAppData") || "";
const launchParams = new URLSearchParams(initData);
const token = query.get("t") || fragment.get("tgWebAppStartParam") || launchParams.get("start_param") || "";
let launchLang = "";
try { launchLang = JSON.parse(launchParams.get("user") || "{}").language_code || ""; } catch (e) { /* none */ }

const RANKS = "3456789TJQKA2XD";
const SUITS = { s: "♠", h: "♥", c: "♣", d: "♦" };
const $ = (id) => document.getElementById(id);

const state = {
  lang: pickLang(launchLang || navigator.language),
  frame: null, version: -1, warned: -1, selected: new Set(), handKey: "", hints: null, hintAt: -1,
  socket: null, retry: 0, ids: 0, answer: 0, after: 0, wasMyTurn: false, clockAt: 0,
  sending: "", // what the unanswered action was: "play", "pass" or "choice"
};
window.ddzLive = state; // for the browser tests' eyes only

function t(key, values) { return say(state.lang, key, values); }

// ---- the connection --------------------------------------------------------------------
// The launch data never goes in a URL (a proxy's access log would keep it): the socket's
// first message carries it, with the table's token.
function socketUrl() {
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.search = ""; url.hash = "";
  return url;
}

// Why the server closed the socket (ddz_bot/web/door.py, Refusal): what the page says, and
// whether it tries again (the ceilings of open pages: once one of them closes).
const REFUSED = {
  4400: { word: "unauthorized" }, 4401: { word: "unauthorized" }, 4404: { word: "gone" },
  4429: { word: "too_many_pages", retry: 10000 }, 4430: { word: "too_many_connections", retry: 10000 },
};

function connect() {
  const socket = new WebSocket(socketUrl());
  state.socket = socket;
  socket.onopen = () => {
    socket.send(JSON.stringify({ t: "hello", init: initData, table: token }));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (state.socket !== socket) return;
    state.socket = null; state.answer = 0; state.after = 0;
    const refused = REFUSED[event.code];
    if (!refused) { reconnectLater(); return; } // a drop, a restart, or the server away
    hideToast(); notice(t(refused.word));
    if (refused.retry) setTimeout(connect, refused.retry);
  };
}

function reconnectLater() {
  toast(t("reconnecting"), true);
  const wait = Math.min(5000, 300 * 2 ** state.retry++);
  setTimeout(connect, wait);
}

function send(message) {
  if (!state.socket || state.socket.readyState !== WebSocket.OPEN) { toast(t("reconnecting")); return 0; }
  const id = ++state.ids;
  state.socket.send(JSON.stringify({ id, ...message }));
  return id;
}

function receive(frame) {
  if (state.retry) { state.retry = 0; hideToast(); } // through the door again
  if (frame.t === "state") return show(frame);
  if ((frame.t === "ok" || frame.t === "refused") && frame.id === state.answer) {
    // answered: the buttons come back with the table as the action left it
    state.answer = 0; state.after = frame.t === "ok" ? frame.v : 0;
    if (state.frame && state.frame.sum && state.version >= state.after) drawDecision(state.frame);
  }
  if (frame.t === "refused") { haptic("error"); toast(frame.text); return; }
  if (frame.t === "hints") { gotHints(frame.cards); return; }
  if (frame.t === "gone") { if (frame.tour) standings(frame.tour, frame.next); else gone(frame.next); }
}

/** A tournament's hand is over (its table let go): the standings it left, in the result box
 * (opened if it was not), and the way on once the next hand is dealt; a seat follows by itself. */
function standings(tour, next) {
  const seat = state.frame && state.frame.seat, me = state.frame && seat != null ? state.frame.table.seats[seat].name : null;
  let box = $("result").hidden ? null : $("result").querySelector(".box");
  if (!box) { box = document.createElement("div"); box.className = "box"; $("result").replaceChildren(box); $("result").hidden = false; }
  const old = box.querySelector("section.standings"); if (old) old.remove();
  box.insertBefore(standingsSection(state.lang, tour, me), box.querySelector("button"));
  if (next && !box.querySelector("button.next")) box.insertBefore(nextButton(next), box.querySelector("button"));
  if (next && me && !state.following) state.following = setTimeout(() => box.querySelector("button.next").click(), 4000);
  hideToast(); closingConfirmation(false);
}

/** The table was let go. A result still open keeps its place and gains the way on (Again
 * opened the next table); otherwise the page says the table has ended. */
function gone(next) {
  const box = $("result").hidden ? null : $("result").querySelector(".box");
  if (box) { if (next && !box.querySelector("button.next")) box.insertBefore(nextButton(next), box.lastElementChild); return; }
  notice(t("gone"));
  if (next) $("decide").append(nextButton(next));
}

/** The next table Again opened in the group: the same page, at that table. */
function nextButton(next) {
  return button(t("next_table"), () => {
    const url = new URL(location.href); url.searchParams.set("t", next); location.replace(url.toString());
  }, "next");
}

// ---- drawing -------------------------------------------------------------------------------
function cardFace(name, page) {
  const rank = name[0];
  const suit = name.length > 1 && name[1] !== "'" ? name[1] : "";
  const el = document.createElement("div");
  el.className = "card";
  if (rank === "X" || rank === "D") {
    el.classList.add("joker");
    if (rank === "D") el.classList.add("red");
    el.textContent = t(rank === "X" ? "small_joker" : "big_joker");
  } else {
    if (suit === "h" || suit === "d") el.classList.add("red");
    const r = document.createElement("span"); r.className = rank === "T" ? "r ten" : "r"; r.textContent = rank === "T" ? "10" : rank;
    const s = document.createElement("span"); s.className = "s"; s.textContent = SUITS[suit] || "";
    el.append(r, s);
  }
  const special = page && page.special && page.special[name];
  if (special) {
    const mark = document.createElement("span"); mark.className = "mark";
    mark.textContent = special === "sceptre" ? "♛" : "⚔"; el.append(mark); el.dataset.special = special;
  }
  el.dataset.card = name;
  return el;
}

function cardRow(names, page, cls) {
  const row = document.createElement("div");
  row.className = cls || "play";
  for (const name of names || []) row.append(cardFace(name, page));
  return row;
}

function notice(text) {
  $("seats").replaceChildren(); $("trick").replaceChildren(); $("decide").replaceChildren(); $("hand").replaceChildren();
  $("status").textContent = text; $("stakes").textContent = "";
  state.frame = null; drawPlayButtons();
  closingConfirmation(false);
}

function show(frame) {
  const newVersion = frame.v !== state.version;
  state.frame = frame; state.lang = pickLang(frame.lang || state.lang);
  document.documentElement.lang = state.lang;
  if (newVersion) { state.version = frame.v; state.hints = null; state.hintAt = -1; }
  state.clockAt = Date.now() + (frame.left ?? 0) * 1000;
  const sum = frame.sum;
  if (!sum) { drawLobby(frame); return; }
  // a choice made while others move stays: only a change of the hand itself clears it
  const handKey = (sum.hand || []).join(" ");
  if (handKey !== state.handKey) { state.selected.clear(); state.handKey = handKey; }
  if (newVersion && frame.decide && state.socket) hideToast(); // a new turn: old news goes
  drawSeats(frame);
  drawTable(frame);
  drawDecision(frame);
  drawHand(frame);
  drawTracker(frame);
  drawResult(frame);
  const mine = !!frame.decide;
  if (mine && !state.wasMyTurn) haptic("turn");
  state.wasMyTurn = mine;
  closingConfirmation(frame.seat !== null && frame.seat !== undefined && !["finished", "aborted"].includes(sum.phase));
}

function drawLobby(frame) {
  const seats = $("seats"); seats.replaceChildren();
  frame.table.seats.forEach((seat, i) => seats.append(seatChip(frame, i, null)));
  $("status").textContent = t("lobby"); $("trick").replaceChildren(); $("decide").replaceChildren(); $("hand").replaceChildren();
  $("stakes").textContent = frame.table.title;
  drawPlayButtons();
}

function seatChip(frame, i, info) {
  const seat = frame.table.seats[i];
  const chip = document.createElement("div");
  chip.className = "seat"; chip.dataset.seat = String(i);
  const waiting = frame.waiting && frame.waiting.seats.includes(i);
  if (waiting) chip.classList.add("turn");
  if (frame.seat === i) chip.classList.add("me");
  const name = document.createElement("div"); name.className = "name";
  name.textContent = seat.name;
  if (seat.ai) chip.classList.add("ai");
  const meta = document.createElement("div"); meta.className = "meta";
  if (info) {
    const count = document.createElement("span"); count.className = "count"; count.textContent = t("cards_left", { n: info.count });
    meta.append(count);
    if (info.role) meta.append(badge(t(info.role), "role"));
    for (const note of info.notes) meta.append(badge(t(note)));
    if (info.auto) meta.append(badge(t("auto")));
  }
  if (waiting) { const clock = badge("", "clock"); clock.dataset.clock = "1"; meta.append(clock); }
  chip.append(name, meta);
  if (info) {
    if (info.passed) { const p = document.createElement("div"); p.className = "passed"; p.textContent = t("passed"); chip.append(p); }
    else chip.append(cardRow(info.cards, frame.page));
    if (info.shown && info.shown.length && frame.seat !== i) { // 明牌: the hand everyone sees
      const shown = document.createElement("div"); shown.className = "shown-hand";
      shown.textContent = info.shown.map(rankWord).join(" ");
      chip.append(shown);
    }
  }
  return chip;
}

/** A card's rank as a word (10, 小王/SJ...): where a hand is told in a line, not drawn. */
function rankWord(name) {
  const rank = name[0];
  return rank === "T" ? "10" : rank === "X" ? t("tracker_sj") : rank === "D" ? t("tracker_bj") : rank;
}

function badge(text, cls) {
  const b = document.createElement("span"); b.className = "badge" + (cls ? " " + cls : ""); b.textContent = text; return b;
}

function drawSeats(frame) {
  const seats = $("seats"); seats.replaceChildren();
  frame.sum.seats.forEach((info, i) => seats.append(seatChip(frame, i, info)));
}

function drawTable(frame) {
  const sum = frame.sum, names = frame.table.seats.map((s) => s.name);
  const stakes = [];
  if (sum.stakes.multiplier !== undefined) stakes.push(t("base", { base: sum.stakes.base, mult: sum.stakes.multiplier }));
  if (sum.stakes.called) stakes.push(t("called", { face: sum.stakes.called }));
  if (sum.role) stakes.push(t("you_are", { role: t(sum.role) }));
  if (frame.tour) stakes.unshift(tourLine(state.lang, frame.tour)); // a tournament's hand
  $("stakes").textContent = stakes.join(" · ");
  const trick = $("trick"); trick.replaceChildren();
  if (sum.stakes.bottom) { // the landlord's three: named, so they never read as a play to beat
    const bottom = document.createElement("div"); bottom.className = "bottom";
    const label = document.createElement("span"); label.className = "label"; label.textContent = t("bottom");
    bottom.append(label, cardRow(sum.stakes.bottom, frame.page, "play"));
    trick.append(bottom);
  }
  const beat = sum.to_beat_seat;
  if (beat !== null && beat !== undefined) trick.replaceChildren(cardRow(sum.seats[beat].cards, frame.page, "beat"));
  const status = $("status");
  status.classList.toggle("mine", !!frame.decide);
  const beating = beat !== null && beat !== undefined;
  if (frame.decide) status.textContent = t("your_turn") + (frame.decide.kind !== "play" ? "" : " · " + (beating ? t("to_beat", { name: names[beat] }) : t("you_lead")));
  else if (frame.waiting && frame.waiting.seats.length === 1) status.textContent = t("waiting", { name: names[frame.waiting.seats[0]] });
  else if (frame.waiting) status.textContent = t("everyone");
  else status.textContent = t("phase_" + sum.phase);
  if (frame.seat === null || frame.seat === undefined) status.textContent = t("watching") + " · " + status.textContent;
  if (frame.decide) { // one's own clock where one acts, not only in the seat at the top
    const clock = document.createElement("span"); clock.className = "clock"; clock.dataset.clock = "1";
    status.append(" · ", clock);
  }
  tick();
}

function button(text, onClick, cls) {
  const b = document.createElement("button"); b.type = "button"; b.textContent = text;
  if (cls) b.className = cls; b.addEventListener("click", onClick); return b;
}

// Play and Pass are Telegram's bottom buttons inside Telegram, the page's own outside it;
// Pass only where the game offers it (a seat that must beat never sees it).
function drawDecision(frame) {
  const box = $("decide"); box.replaceChildren();
  const decide = frame.decide;
  drawPlayButtons();
  const mine = frame.seat !== null && frame.seat !== undefined ? frame.sum.seats[frame.seat] : null;
  if (mine && mine.auto && !mine.locked && !["finished", "aborted"].includes(frame.sum.phase)) { // 托管: the AI plays the seat
    box.append(button(t("take_back"), () => answered(send({ t: "take_back" }), "take_back"), "take-back"));
  }
  if (decide && decide.kind === "play") {
    if (decide.pass && !bottom.pass) box.append(button(t("pass"), pass, "quiet pass"));
    box.append(button(t("hint"), hint, "quiet hint"));
    if (!bottom.play) box.append(button(t("play"), play, "play"));
  } else if (decide) {
    for (const choice of decide.actions) box.append(button(choice.label, () => act(choice.action, "choice"), "choice"));
  }
  if (waitingAnswer()) for (const b of box.querySelectorAll("button")) b.disabled = true;
}

/** Telegram's Play and Pass as the table stands (hidden but on the seat's own play turn). */
function drawPlayButtons() {
  const decide = state.frame && state.frame.sum ? state.frame.decide : null;
  const turn = !!decide && decide.kind === "play";
  const busy = waitingAnswer();
  const sending = busy ? state.sending : "";
  drawBottom(
    { play: t("play"), pass: t("pass") },
    { visible: turn, active: turn && !busy && state.selected.size > 0, progress: sending === "play" },
    { visible: turn && !!decide.pass, active: turn && !busy, progress: sending === "pass" },
  );
}

function waitingAnswer() { return state.answer !== 0 || state.version < state.after; }

function drawHand(frame) {
  const el = $("hand"); el.replaceChildren();
  const hand = frame.sum.hand;
  if (!hand) return;
  const columns = frame.page && frame.page.layout === "columns";
  el.className = columns ? "columns" : "fan";
  const width = el.clientWidth || window.innerWidth - 16;
  if (columns) {
    const ranks = [];
    hand.forEach((name, i) => { const last = ranks[ranks.length - 1]; if (last && last.rank === name[0]) last.cards.push(i); else ranks.push({ rank: name[0], cards: [i] }); });
    const w = Math.max(26, Math.min(48, Math.floor(width / ranks.length) - 2));
    el.style.setProperty("--card-w", w + "px");
    for (const column of ranks) {
      const col = document.createElement("div"); col.className = "col";
      for (const i of column.cards) col.append(handCard(hand[i], i, frame.page));
      el.append(col);
    }
  } else {
    const w = Math.max(40, Math.min(60, Math.floor(width / 6)));
    el.style.setProperty("--card-w", w + "px");
    const overlap = hand.length > 1 ? Math.max(0, w - (width - w) / (hand.length - 1)) : 0;
    el.style.setProperty("--overlap", overlap + "px");
    // The corner index must fit the strip each card shows (20 cards on a phone show about
    // 16 px of each): a bigger letter is cut by the next card, and Q reads as C.
    const strip = w - overlap - 3;
    el.style.setProperty("--index", Math.max(11, Math.min(w * 0.42, strip * 1.15)) + "px");
    hand.forEach((name, i) => el.append(handCard(name, i, frame.page)));
  }
}

function handCard(name, i, page) {
  const card = cardFace(name, page);
  card.dataset.i = String(i);
  if (state.selected.has(i)) card.classList.add("sel");
  return card;
}

// The card tracker (记牌器), where the table has it on: the cards of each rank not seen yet
// (the deck, less what was played and what is in your hand).
function drawTracker(frame) {
  const el = $("tracker");
  const deck = frame.page && frame.page.deck;
  if (!frame.table.tracker || !deck || !frame.sum.hand || ["finished", "aborted"].includes(frame.sum.phase)) { el.hidden = true; return; }
  const left = { ...deck };
  for (const rank of frame.sum.played || "") if (left[rank] !== undefined) left[rank] -= 1;
  for (const name of frame.sum.hand) if (left[name[0]] !== undefined) left[name[0]] -= 1;
  const parts = [t("tracker")];
  // rank order (a JavaScript object lists "2" before "3": its keys that look like numbers first)
  for (const rank of Object.keys(deck).sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b))) {
    parts.push(rankWord(rank) + "·" + left[rank]);
  }
  el.replaceChildren(...parts.map((text) => { const b = document.createElement("span"); b.textContent = text; return b; }));
  el.hidden = false;
}

function drawResult(frame) {
  const box = $("result");
  const sum = frame.sum;
  if (!["finished", "aborted"].includes(sum.phase) || !frame.settlement) { box.hidden = true; return; }
  const inner = document.createElement("div"); inner.className = "box";
  const aborted = sum.phase === "aborted"; // called off: nobody won or lost
  const title = document.createElement("h2"); title.textContent = t(aborted ? "phase_aborted" : "result"); inner.append(title);
  const rows = document.createElement("table");
  frame.table.seats.forEach((seat, i) => {
    const tr = document.createElement("tr");
    if (frame.seat === i) tr.className = "me";
    const won = sum.winners.includes(i);
    // the seat's own factors (a 斗地主 seat that doubled: its stakes ×2) or words (保皇's
    // places), after its role
    const own = ((sum.stakes.by_seat || [])[i] || []).map(([word, factor]) => factor === null ? t(word) : t("r_" + word) + " ×" + factor);
    const who = document.createElement("td"); who.textContent = [seat.name, ...(sum.seats[i].role ? [t(sum.seats[i].role)] : []), ...own].join(" · ");
    // nobody above the others (保皇: every score 0): a draw, whatever the fee took
    const what = document.createElement("td"); what.textContent = aborted ? "" : t(won ? "won" : sum.winners.length ? "lost" : "drawn"); if (won) what.className = "win";
    const beans = document.createElement("td"); beans.className = "num";
    const delta = frame.settlement.deltas[i];
    beans.textContent = aborted && !delta ? "" : (delta > 0 ? "+" : "") + delta + " " + t("beans");
    tr.append(who, what);
    if (sum.stakes.cards_left) { // games scored by the cards left (跑得快): how many, who was shut out
      const left = document.createElement("td"); left.className = "num";
      left.textContent = [t("cards_left", { n: sum.stakes.cards_left[i] }), ...sum.seats[i].notes.map((n) => t(n))].join(" · ");
      tr.append(left);
    }
    tr.append(beans); rows.append(tr);
  });
  inner.append(rows);
  const items = (sum.stakes.items || sum.stakes.factors || []).map(([reason, factor]) => t("r_" + reason) + " ×" + factor);
  if (items.length) { const p = document.createElement("div"); p.className = "items"; p.textContent = items.join(" · "); inner.append(p); }
  if (sum.stakes.multiplier !== undefined) { const p = document.createElement("div"); p.className = "items"; p.textContent = t("base", { base: sum.stakes.base, mult: sum.stakes.multiplier }); inner.append(p); }
  const terms = frame.settlement; // how points became beans, where each row is that plainly
  if (!aborted && terms.rate) {
    const p = document.createElement("div"); p.className = "items rate";
    p.textContent = t(terms.fee ? "rate_fee" : "rate", { rate: terms.rate, fee: terms.fee }); inner.append(p);
  }
  if (frame.next) inner.append(nextButton(frame.next));
  inner.append(button(t("again"), () => { if (tg) tg.close(); else box.hidden = true; }));
  box.replaceChildren(inner); box.hidden = false; hideToast(); // the last turn's news is over
  closingConfirmation(false);
}

function tick() {
  const left = Math.max(0, Math.ceil((state.clockAt - Date.now()) / 1000));
  for (const el of document.querySelectorAll("[data-clock]")) el.textContent = "⏱ " + left;
  // five seconds before a time-out (and 托管 after a second one): a warning one can feel
  const mine = state.frame && state.frame.decide;
  const deadline = Math.round(state.clockAt / 1000); // once a clock, however often the table moves
  if (mine && left <= 5 && left > 0 && state.warned !== deadline) { state.warned = deadline; haptic("warning"); }
}

// ---- choosing cards: tap, and drag across them -------------------------------------------
let drag = null;
function cardAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const card = el && el.closest ? el.closest("#hand .card") : null;
  return card ? Number(card.dataset.i) : null;
}
function setSelected(i, on) {
  if (on === state.selected.has(i)) return;
  if (on) state.selected.add(i); else state.selected.delete(i);
  const el = document.querySelector(`#hand .card[data-i="${i}"]`);
  if (el) el.classList.toggle("sel", on);
  if (drag) haptic("select");
  drawPlayButtons(); // Play waits for a card chosen
}
function setUpHand() {
  const hand = $("hand");
  hand.addEventListener("pointerdown", (e) => {
    const i = cardAt(e.clientX, e.clientY);
    if (i === null) return;
    e.preventDefault();
    drag = { on: !state.selected.has(i), last: i };
    setSelected(i, drag.on);
    try { hand.setPointerCapture(e.pointerId); } catch (err) { /* synthetic */ }
  });
  const moveTo = (e) => {
    const i = cardAt(e.clientX, e.clientY);
    if (i === null || i === drag.last) return;
    // A quick finger, or a busy phone that merges its pointer events, may jump over cards:
    // in a fan every card between the last one touched and this one was crossed too (保皇's
    // columns number their cards down each column: there only the card under the finger).
    if (!hand.classList.contains("fan")) { setSelected(i, drag.on); drag.last = i; return; }
    const step = i > drag.last ? 1 : -1;
    for (let k = drag.last + step; k !== i + step; k += step) setSelected(k, drag.on);
    drag.last = i;
  };
  hand.addEventListener("pointermove", (e) => { if (drag) moveTo(e); });
  // where the finger left the glass counts too, even if no move before it came through
  const end = (e) => { if (drag && e.type === "pointerup") moveTo(e); drag = null; };
  hand.addEventListener("pointerup", end);
  hand.addEventListener("pointercancel", end);
}

// ---- actions ------------------------------------------------------------------------------
// One decision at a time: until the server answers it, the buttons wait (several seats
// deciding at once move the table meanwhile, and the decision would look open still).
function act(action, what) { answered(send({ t: "act", v: state.version, a: action }), what); }
function answered(id, what) { if (!id) return; state.answer = id; state.sending = what; drawDecision(state.frame); }

function playTurn() {
  const decide = state.frame && state.frame.decide;
  return !!decide && decide.kind === "play" && !waitingAnswer();
}

function play() {
  const hand = state.frame && state.frame.sum && state.frame.sum.hand;
  if (!playTurn()) return;
  if (!hand || state.selected.size === 0) { haptic("error"); return; }
  const ranks = [...state.selected].map((i) => hand[i][0]);
  ranks.sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b));
  answered(send({ t: "play", v: state.version, cards: ranks.join("") }), "play");
}

function pass() {
  if (!playTurn() || !state.frame.decide.pass) return;
  act({ type: "pass", seat: state.frame.seat }, "pass");
}

function hint() {
  if (state.hints === null) { send({ t: "hint" }); return; }
  cycleHint();
}
function gotHints(cards) { state.hints = cards; state.hintAt = -1; cycleHint(); }
function cycleHint() {
  const hand = state.frame.sum.hand || [];
  if (!state.hints.length) { toast(t("no_hint")); haptic("warning"); return; }
  state.hintAt = (state.hintAt + 1) % state.hints.length;
  const wanted = [...state.hints[state.hintAt]];
  for (const i of [...state.selected]) setSelected(i, false);
  const used = new Set();
  for (const rank of wanted) {
    const i = hand.findIndex((name, j) => name[0] === rank && !used.has(j));
    if (i >= 0) { used.add(i); setSelected(i, true); }
  }
}

// ---- toasts --------------------------------------------------------------------------------
let toastTimer = 0;
function toast(text, sticky) {
  const el = $("toast"); el.textContent = text; el.hidden = false;
  clearTimeout(toastTimer);
  if (!sticky) toastTimer = setTimeout(hideToast, 2500);
}
function hideToast() { $("toast").hidden = true; }

setUpTelegram({ play, pass, redraw: drawPlayButtons });
setUpHand();
setInterval(tick, 500);
if (!initData) notice(t("unauthorized"));
else { $("status").textContent = t("connecting"); connect(); }
