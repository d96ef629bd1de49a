// A 比赛 (tournament) on the live page: the line that says which tournament, round, table and
// hand a table plays, and between hands the standings the hand left (names and points: the
// server never sends a card in them, and a spectator gets the same).
import { say } from "./i18n.js";

/** "比赛 #1 · 第 1/2 轮 · 第 3 桌 · 第 1/2 局" for the frame's ``tour`` block. */
export function tourLine(lang, tour) {
  return say(lang, "tour_line", {
    id: tour.id, round: tour.round, rounds: tour.rounds ?? "?", board: tour.board, hand: tour.hand, hands: tour.hands ?? "?",
  });
}

/** The standings as a box's section: a title, then a row a person (``me``: the viewer's name,
 * in bold), then, while the tournament goes on, that the next hand comes. */
export function standingsSection(lang, tour, me) {
  const section = document.createElement("section"); section.className = "standings";
  const title = document.createElement("h3");
  title.textContent = say(lang, tour.over ? "tour_over" : "tour_standings", { id: tour.id, round: tour.round, rounds: tour.rounds });
  const rows = document.createElement("table");
  for (const row of tour.rows) {
    const tr = document.createElement("tr");
    if (me && row.name === me) tr.className = "me";
    // the first three's places on a medal's colour (a font without emoji would show boxes)
    const place = document.createElement("td"); place.className = "num place";
    const mark = document.createElement("span"); mark.textContent = String(row.place);
    if (row.place <= 3) mark.className = "medal m" + row.place;
    place.append(mark);
    const who = document.createElement("td"); who.textContent = row.name;
    const played = document.createElement("td"); played.className = "num hint";
    played.textContent = say(lang, "tour_played", { hands: row.hands, wins: row.wins });
    const points = document.createElement("td"); points.className = "num";
    points.textContent = say(lang, "tour_points", { points: row.points });
    tr.append(place, who, played, points); rows.append(tr);
  }
  section.append(title, rows);
  if (!tour.over) {
    const soon = document.createElement("div"); soon.className = "items"; soon.textContent = say(lang, "tour_next_soon");
    section.append(soon);
  }
  return section;
}
