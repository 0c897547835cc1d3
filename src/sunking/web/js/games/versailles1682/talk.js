// Talk at the court: the negotiation as the engine offers it (payments and shown cards of the
// round, who is done), the side room (a private conversation in the match chat with chosen
// seats), the crib of every courtier's form of address (§3.0), the faults of etiquette with
// the steward's fines, and the dice of the last rolls.

import { currentLanguage } from "../../i18n.js";
import { el, g, livres, svg } from "./words.js";

/** The negotiation of the current round: what was paid, shown and offered, and who is done
 * (the lines as the described board words them); then the reader's open promises, made or
 * received, which last until the next negotiation. */
export function drawNegotiation(node, mv, ctx) {
  const view = mv.view;
  const lines = (mv.board && mv.board.negotiation) || [];
  const promises = (mv.board && mv.board.promises) || [];
  node.hidden = view.phase !== "negotiation" && !lines.length && !promises.length;
  if (node.hidden) return;
  const done = view.negotiation.done.map((d, seat) => (d ? ctx.colourName(seat) : null)).filter(Boolean);
  node.setAttribute("aria-label", g("board.negotiation"));
  node.replaceChildren(el("h2", { text: g("board.negotiation") }),
    el("p", { className: "hint", text: g("board.negotiation_hint") }),
    el("ul", { className: "v-lines", "data-testid": "v-negotiation" },
      ...lines.map((text) => el("li", { text }))));
  if (done.length) node.append(el("p", { text: g("board.done", { players: done.join(", ") }) }));
  if (promises.length) {
    node.append(el("h3", { text: g("board.promises") }),
      el("p", { className: "hint", text: g("board.promises_hint") }),
      el("ul", { className: "v-lines", "data-testid": "v-promises" },
        ...promises.map((text) => el("li", { text }))));
  }
}

/** The side room: choose seats, then talk with them alone in the match chat. */
export function drawSideRoom(node, mv, ctx, chosen) {
  node.setAttribute("aria-label", g("board.side_room"));
  node.replaceChildren(el("h2", { text: g("board.side_room") }));
  const mine = ctx.seat;
  const people = (mv.seats || []).filter((s) => s.kind === "human" && s.seat !== mine);
  if (mine === null || mine === undefined || ctx.mode === "replay" || !people.length) {
    node.append(el("p", { className: "hint", text: g("board.side_room_none") }));
    return;
  }
  const boxes = el("fieldset", { className: "v-seats" }, el("legend", { text: g("board.side_room_with") }));
  for (const s of people) {
    const box = el("input", { type: "checkbox", value: String(s.seat), "data-testid": `v-room-${s.seat}` });
    box.checked = chosen.has(s.seat);
    box.addEventListener("change", () => { if (box.checked) chosen.add(s.seat); else chosen.delete(s.seat); });
    boxes.append(el("label", { className: ctx.colourClass(s.seat) }, box,
      el("span", { text: ctx.colourName(s.seat) })));
  }
  node.append(boxes, el("button", { type: "button", className: "small", "data-testid": "v-room-open",
    text: g("board.side_room_open"),
    onclick: () => { if (ctx.sideRoom) ctx.sideRoom([...chosen]); } }));
}

/** The crib: each courtier's correct form of address, in the reader's language where given. */
export function drawCrib(node, view, ctx) {
  const lang = currentLanguage();
  const rows = view.courtiers.filter((c) => c.family).map((c) => {
    const forms = c.addresses && typeof c.addresses === "object" ? c.addresses : null;
    const form = (forms && (forms[lang] || forms.fr)) || c.address || "";
    return el("tr", {}, el("th", { text: ctx.colourName(c.seat) }), el("td", { text: form }));
  });
  node.replaceChildren(el("summary", { text: g("board.crib") }),
    el("p", { className: "hint", text: g("board.crib_hint") }),
    rows.length ? el("table", { className: "v-crib", "data-testid": "v-crib" }, el("tbody", {}, ...rows))
      : el("p", { className: "hint", text: g("board.none") }));
}

function die(value) {
  const face = svg("svg", { viewBox: "0 0 28 28", width: 28, height: 28, className: "v-die",
    "aria-hidden": "true" },
  svg("rect", { x: 1, y: 1, width: 26, height: 26, rx: 5 }),
  svg("text", { x: 14, y: 19, "text-anchor": "middle", text: String(value) }));
  return face;
}

/** The last rolls: their values and what they decided (as the described board words them). */
export function drawDice(node, mv) {
  const rolled = (mv.board && mv.board.dice) || [];
  node.hidden = !rolled.length;
  node.setAttribute("aria-label", g("board.dice"));
  node.replaceChildren(el("h2", { text: g("board.dice") }), el("ul", { className: "v-dice-list",
    "data-testid": "v-dice" }, ...rolled.map((r) => el("li", {},
    el("span", { className: "v-dice" }, ...r.dice.map(die)),
    el("span", { text: r.text }),
    r.verdict ? el("strong", { className: "v-verdict", text: r.verdict }) : null))));
}

/** The chat's "address" choice: the courtiers at court other than the reader's own. */
export function chatAddressing(view, ctx) {
  if (!view || view.phase === "over") return null;
  const options = view.courtiers
    .filter((c) => c.family && c.place !== "absent" && c.seat !== ctx.seat)
    .map((c) => ({ seat: c.seat, text: ctx.colourName(c.seat) }));
  if (!options.length) return null;
  return { label: g("board.address_to"), none: g("board.address_none"), hint: g("board.address_hint"), options };
}

/** The faults of etiquette said at the table, the steward's fines for them and the register. */
export function drawEtiquette(node, view, ctx) {
  const faults = view.faults || [];
  node.hidden = !faults.length && !(view.register || []).length;
  if (node.hidden) return;
  const steward = ctx.mode === "live" && ctx.seat !== null && ctx.seat !== undefined &&
    ctx.seat === view.steward && view.phase !== "over";
  const open = faults.filter((f) => !f.fined);
  const rows = faults.slice().reverse().map((f) => {
    const line = el("li", { className: f.fined ? "v-fault fined" : "v-fault", "data-testid": "v-fault" },
      el("span", { text: g("board.fault_line", { speaker: ctx.colourName(f.speaker),
        courtier: ctx.colourName(f.courtier), words: f.words, address: f.address }) }));
    if (f.fined) {
      line.append(el("strong", { className: "v-fined", text: g("board.fined", { amount: livres(1000, ctx.lang) }) }));
    } else if (steward) {
      line.append(el("button", { type: "button", className: "small primary", "data-testid": `v-fine-${f.id}`,
        text: g("board.fine_button", { amount: livres(1000, ctx.lang) }),
        onclick: () => ctx.act({ type: "fine", fault: f.id }) }));
    } else {
      line.append(el("em", { text: g("board.fine_waiting") }));
    }
    return line;
  });
  const register = (view.register || []).map((e) => el("li", { "data-testid": "v-register-line",
    text: g("board.register_line", { round: e.round, offender: ctx.colourName(e.offender),
      amount: livres(e.amount, ctx.lang), words: e.text }) }));
  node.setAttribute("aria-label", g("board.etiquette"));
  node.replaceChildren(el("h2", { text: g("board.etiquette") }),
    steward && open.length ? el("p", { className: "hint", text: g("board.steward_hint") }) : el("span"),
    el("ul", { className: "v-lines", "data-testid": "v-faults" }, ...rows),
    register.length ? el("h3", { text: g("board.register") }) : el("span"),
    el("ol", { className: "v-lines", "data-testid": "v-register" }, ...register));
}
