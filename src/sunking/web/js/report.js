// The report dialog of the table: report a player naming one of his chat lines or one of his
// moves, with a reason and, if wanted, words; and, for a signed-in seat, mute or block him.
// A native <dialog> (modal: Escape closes it, focus stays inside), every field labelled.

import { api, errorText } from "./api.js";
import { withProps as el } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";

const REASONS = ["abuse", "cheating", "spam", "stalling", "other"];
const TEXT_CHARS = 1000;

function field(id, label, control) {
  control.id = id;
  return el("div", { className: "report-field" }, el("label", { htmlFor: id, textContent: label }),
    control);
}

function short(text, chars = 60) {
  return text.length > chars ? `${text.slice(0, chars - 1)}…` : text;
}

export class ReportDialog {
  /**
   * @param {{matchId: string, token: string, seat: () => (number|null), seats: () => Array,
   *          nameOf: (seat: number) => string, lines: () => Array,
 *          hide: (seat: number) => void, hush: () => void}} ctx
   */
  constructor(ctx) {
    this.ctx = ctx;
    this.dialog = el("dialog", { className: "report" });
    this.dialog.dataset.testid = "report-dialog";
    this.dialog.setAttribute("aria-labelledby", "report-title");
    document.body.append(this.dialog);
  }

  get path() {
    return `/api/matches/${encodeURIComponent(this.ctx.matchId)}`;
  }

  /** Open the dialog on `seat` (else the first other seat), naming `line` if given. */
  async open(seat = null, line = null) {
    const mine = this.ctx.seat();
    const others = this.ctx.seats().filter((s) => s.seat !== mine && s.kind === "human");
    if (!others.length) return;
    this.seatPick = el("select", {});
    this.seatPick.dataset.testid = "report-seat";
    for (const s of others) {
      this.seatPick.append(el("option", { value: String(s.seat), textContent: this.ctx.nameOf(s.seat) }));
    }
    this.seatPick.value = String(seat ?? others[0].seat);
    this.whatPick = el("select", {});
    this.whatPick.dataset.testid = "report-what";
    this.reasonPick = el("select", {});
    this.reasonPick.dataset.testid = "report-reason";
    for (const reason of REASONS) {
      this.reasonPick.append(el("option", { value: reason, textContent: t(`report.reason.${reason}`) }));
    }
    this.text = el("textarea", { maxLength: TEXT_CHARS, rows: 4 });
    this.text.dataset.testid = "report-text";
    this.status = el("p", { className: "hint", role: "status" });
    this.status.dataset.testid = "report-status";
    const send = el("button", { type: "submit", className: "primary", textContent: t("report.send") });
    send.dataset.testid = "report-send";
    const cancel = el("button", { type: "button", textContent: t("report.cancel") });
    cancel.addEventListener("click", () => this.dialog.close());
    const mute = el("button", { type: "button", textContent: t("report.mute") });
    mute.dataset.testid = "report-mute";
    mute.addEventListener("click", () => this.act("mute"));
    const block = el("button", { type: "button", textContent: t("report.block") });
    block.dataset.testid = "report-block";
    block.addEventListener("click", () => this.act("block"));
    const form = el("form", {},
      el("h2", { id: "report-title", textContent: t("report.title") }),
      field("report-seat", t("report.seat"), this.seatPick),
      field("report-what", t("report.what"), this.whatPick),
      field("report-reason", t("report.reason"), this.reasonPick),
      field("report-text", t("report.text"), this.text),
      this.status,
      el("div", { className: "report-actions" }, send, cancel, mute, block));
    form.addEventListener("submit", (event) => { event.preventDefault(); this.send(); });
    this.seatPick.addEventListener("change", () => this.fillWhat(null));
    this.dialog.replaceChildren(form);
    await this.fillWhat(line);
    this.ctx.hush();
    this.dialog.showModal();
    (line === null ? this.seatPick : this.reasonPick).focus();
  }

  /** The seat's chat lines and moves, one of which the report names. */
  async fillWhat(line) {
    const seat = Number(this.seatPick.value);
    const options = this.ctx.lines().filter((m) => m.seat === seat)
      .map((m) => el("option", { value: `line:${m.id}`, textContent: t("report.line", { text: short(m.text) }) }));
    try {
      const made = await api("GET", `${this.path}/moves/${seat}?lang=${encodeURIComponent(currentLanguage())}`,
        { token: this.ctx.token });
      for (const move of made.moves) {  // the newest first, in the log's words
        options.push(el("option", { value: `move:${move.move}`, title: move.text, textContent: short(move.text, 90) }));
      }
    } catch (err) {
      this.status.textContent = errorText(err);
    }
    if (!options.length) options.push(el("option", { value: "", textContent: t("report.nothing") }));
    this.whatPick.replaceChildren(...options);
    if (line !== null) this.whatPick.value = `line:${line}`;
  }

  async send() {
    const [kind, number] = this.whatPick.value.split(":");
    if (!number) { this.status.textContent = t("report.nothing"); return; }
    const body = { seat: Number(this.seatPick.value), reason: this.reasonPick.value,
      text: this.text.value.slice(0, TEXT_CHARS) };
    body[kind === "line" ? "chat_line" : "move"] = Number(number);
    try {
      await api("POST", `${this.path}/report`, { token: this.ctx.token, body });
      this.status.textContent = t("report.sent");
      this.text.value = "";
    } catch (err) {
      this.status.textContent = errorText(err);
    }
  }

  /** Mute or block the chosen seat's player; muting hides his lines here at once. */
  async act(kind) {
    const seat = Number(this.seatPick.value);
    try {
      await api("POST", `${this.path}/${kind}`, { token: this.ctx.token, body: { seat } });
      this.status.textContent = t(`report.${kind === "mute" ? "muted" : "blocked"}`, { name: this.ctx.nameOf(seat) });
      if (this.ctx.hide) this.ctx.hide(seat);
    } catch (err) {
      this.status.textContent = errorText(err);
    }
  }
}
