// The table chat of the match page: a panel that opens from a button, the messages this
// token may read, and (for a seat, live) a form to write to everyone or to chosen seats.
// Spectators write among themselves under a name kept in this browser; a seat hears them only
// if it turns them on (kept per match and seat in this browser; off by default), and then the
// server sends their lines (`spectators=1`), never otherwise.
//
// Every name and text is set with textContent, never as markup. Messages come from
// GET /api/matches/<id>/chat, then from the websocket ("chat" messages), polled over REST
// while the socket is down; they are kept by id, so a message that arrives twice shows once.

import { api } from "./api.js";
import { t } from "./i18n.js";
import { withProps as el } from "./dom.js";

const POLL_MS = 4000;
const MAX_CHARS = 500;
const OPEN_KEY = "sunking.chat.open";
const NAME_KEY = "sunking.chat.spectator_name";
const NAME_CHARS = 40;

export class TableChat {
  /**
   * @param {HTMLElement} root  the (empty) element the panel is built in
   * @param {{matchId: string, token: string, replay: boolean, seat: () => (number|null),
   *          seats: () => Array, colourName: Function, colourClass: Function,
   *          showError: Function}} ctx
   */
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.messages = new Map();
    this.unread = 0;
    this.upToVersion = null;
    this.pollTimer = null;
    this.open = !ctx.replay && localStorage.getItem(OPEN_KEY) === "1";
    /** The ids of the lines this page wrote (a spectator's own lines, the token shared). */
    this.written = new Set();
    /** A key of a word for the reader under the lines (a line reported, a name missing). */
    this.notice = null;
    this.build();
  }

  get path() {
    return `/api/matches/${encodeURIComponent(this.ctx.matchId)}/chat`;
  }

  /** Whether the reader holds a seat (else he is a spectator). */
  get isSeat() {
    const seat = this.ctx.seat();
    return seat !== null && seat !== undefined;
  }

  /** A seat writes to the table, a spectator to the spectators; nobody in the replay. */
  get canWrite() {
    return !this.ctx.replay;
  }

  get hearKey() {
    return `sunking.chat.spectators.${this.ctx.matchId}.${this.ctx.seat()}`;
  }

  /** Whether this seat hears the spectators (always, for a spectator). */
  get hearing() {
    return !this.isSeat || localStorage.getItem(this.hearKey) === "1";
  }

  /** The query asking for the spectators' lines, for a seat that hears them. */
  get spectatorsQuery() {
    return this.isSeat && this.hearing ? "spectators=1" : "";
  }

  build() {
    this.toggle = el("button", { type: "button", className: "chat-toggle" });
    this.toggle.dataset.testid = "chat-toggle";
    this.toggle.addEventListener("click", () => this.setOpen(!this.open));
    this.title = el("h2", { className: "chat-title" });
    this.closeButton = el("button", { type: "button", className: "small chat-close", textContent: "×" });
    this.closeButton.addEventListener("click", () => this.setOpen(false));
    this.reportButton = el("button", { type: "button", className: "small chat-report" });
    this.reportButton.dataset.testid = "report-open";
    this.reportButton.addEventListener("click", () => this.ctx.onReport && this.ctx.onReport(null, null));
    this.list = el("ol", { className: "chat-log" });
    this.list.dataset.testid = "chat-log";
    // Not a live region: the table's announcements already say each line of another seat,
    // and the chat's own news (a line reported) through `ctx.say`.
    this.note = el("p", { className: "hint chat-note" });
    this.form = el("form", { className: "chat-form" });
    this.form.dataset.testid = "chat-form";
    this.recipients = el("fieldset", { className: "chat-to" });
    this.addressRow = el("label", { className: "chat-address" });
    this.addressRow.hidden = true;
    this.addressPick = el("select", {});
    this.addressPick.dataset.testid = "chat-address";
    this.addressOffer = "";
    this.hear = el("input", { type: "checkbox" });
    this.hear.dataset.testid = "chat-spectators";
    this.hear.addEventListener("change", () => this.setHearing(this.hear.checked));
    this.hearText = el("span", {});
    this.hearRow = el("label", { className: "check chat-hear" }, this.hear, this.hearText);
    this.nameInput = el("input", { type: "text", maxLength: NAME_CHARS, autocomplete: "nickname",
      value: localStorage.getItem(NAME_KEY) || "" });
    this.nameInput.dataset.testid = "chat-spectator-name";
    this.nameText = el("span", {});
    this.nameRow = el("label", { className: "chat-spectator-name" }, this.nameText, " ", this.nameInput);
    this.input = el("textarea", { className: "chat-input", rows: 2, maxLength: MAX_CHARS });
    this.input.dataset.testid = "chat-input";
    this.sendButton = el("button", { type: "submit", className: "primary small" });
    this.sendButton.dataset.testid = "chat-send";
    this.form.append(this.nameRow, this.recipients, this.addressRow,
      el("div", { className: "chat-write" }, this.input, this.sendButton));
    this.recipients.addEventListener("change", () => this.refreshAddressing());
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.send();
    });
    this.input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey) {
        event.preventDefault();
        this.send();
      }
    });
    this.panel = el("section", { className: "chat-panel" },
      el("header", { className: "chat-head" }, this.title, this.reportButton, this.closeButton),
      this.hearRow, this.list, this.note, this.form);
    this.panel.dataset.testid = "chat";
    this.root.replaceChildren(this.toggle, this.panel);
    this.root.hidden = false;
    this.redraw();
  }

  setOpen(open) {
    this.open = open;
    if (!this.ctx.replay) localStorage.setItem(OPEN_KEY, open ? "1" : "0");
    if (open) this.unread = 0;
    this.redraw();
    if (open) {
      this.list.scrollTop = this.list.scrollHeight;
      if (this.canWrite) this.input.focus();
    }
  }

  /** Open the chat for a private conversation with `seats` (a side room): they are chosen. */
  openSideRoom(seats) {
    if (!this.canWrite || !this.isSeat) return;
    this.drawRecipients();
    const wanted = new Set(seats.map(String));
    for (const box of this.recipients.querySelectorAll("input[type=checkbox]")) box.checked = wanted.has(box.value);
    this.setOpen(true);
  }

  /** Turn the spectators' lines on or off for this seat (kept in this browser). */
  setHearing(on) {
    localStorage.setItem(this.hearKey, on ? "1" : "0");
    if (this.ctx.onSpectators) this.ctx.onSpectators(on);
    if (on) {
      this.load().catch(this.ctx.showError);
    } else {
      for (const [id, message] of this.messages) if (message.spectator) this.messages.delete(id);
      this.redraw();
    }
  }

  /** Load the messages this token may read. */
  async load() {
    const query = this.spectatorsQuery;
    const answer = await api("GET", query ? `${this.path}?${query}` : this.path, { token: this.ctx.token });
    this.add(answer.messages || [], false);
  }

  /** Take messages (from REST or the socket); `fresh`: count them as unread when closed. */
  add(messages, fresh = true) {
    let added = false;
    for (const message of messages || []) {
      if (!message || typeof message.id !== "number" || this.messages.has(message.id)) continue;
      // A line of the spectators a seat no longer hears (sent before it turned them off).
      if (message.spectator && !this.hearing) continue;
      this.messages.set(message.id, message);
      added = true;
      if (fresh && !this.open && !this.isMine(message)) this.unread += 1;
      if (fresh && !this.isMine(message) && this.ctx.onHeard) {
        this.ctx.onHeard(this.writerOf(message), message.text, Array.isArray(message.to));
      }
    }
    if (added) this.redraw();
  }

  /** Hide the lines of a seat just muted or blocked (the server sends them no more). */
  hideSeat(seat) {
    for (const [id, message] of this.messages) if (message.seat === seat) this.messages.delete(id);
    this.redraw();
  }

  /** While the socket is down, new messages are fetched over REST. */
  setPolling(on) {
    if (on && !this.pollTimer) {
      this.pollTimer = setInterval(() => this.poll(), POLL_MS);
    } else if (!on && this.pollTimer) {
      clearInterval(this.pollTimer);
      this.pollTimer = null;
    }
  }

  async poll() {
    const ids = [...this.messages.keys()];
    const after = ids.length ? Math.max(...ids) : -1;
    try {
      const query = this.spectatorsQuery;
      const answer = await api("GET", `${this.path}?after=${after}${query ? `&${query}` : ""}`,
        { token: this.ctx.token });
      this.add(answer.messages || []);
    } catch (_) {
      // The connection line already says the page is offline.
    }
  }

  /** In the replay only the messages written up to the version shown appear. */
  showUpTo(version) {
    this.upToVersion = version;
    this.redraw();
  }

  async send() {
    const text = this.input.value.trim();
    if (!text || !this.canWrite) return;
    const to = this.isSeat
      ? [...this.recipients.querySelectorAll("input:checked")].map((box) => Number(box.value)) : [];
    const body = to.length ? { text, to } : { text };
    if (!this.isSeat) {
      const name = this.nameInput.value.trim();
      if (!name) {
        this.notice = "chat.name_needed";
        this.redraw();
        this.nameInput.focus();
        return;
      }
      body.name = name;
    }
    if (!to.length && !this.addressRow.hidden && this.addressPick.value !== "") {
      body.addressed = Number(this.addressPick.value);
    }
    this.sendButton.disabled = true;
    try {
      const message = await api("POST", this.path, { token: this.ctx.token, body });
      if (body.name) localStorage.setItem(NAME_KEY, body.name);
      this.written.add(message.id);
      this.notice = null;
      this.input.value = "";
      this.addressPick.value = "";
      this.add([message], false);
    } catch (err) {
      this.ctx.showError(err);
    } finally {
      this.sendButton.disabled = false;
      this.input.focus();
    }
  }

  /**
   * The "address" choice of a game where a remark at the table can address someone (the
   * board's `chatAddressing()`: a label, the "nobody" text and the seats offered); only for
   * messages to the whole table. Redrawn only when what it offers changes.
   */
  refreshAddressing() {
    const offer = this.canWrite && this.isSeat && this.ctx.addressing ? this.ctx.addressing() : null;
    const isPrivate = this.recipients.querySelector("input:checked") !== null;
    this.addressRow.hidden = !offer || isPrivate;
    const key = offer ? JSON.stringify(offer) : "";
    if (key === this.addressOffer) return;
    this.addressOffer = key;
    if (!offer) return;
    const kept = this.addressPick.value;
    this.addressPick.replaceChildren(el("option", { value: "", textContent: offer.none }),
      ...offer.options.map((o) => el("option", { value: String(o.seat), textContent: o.text })));
    this.addressPick.value = offer.options.some((o) => String(o.seat) === kept) ? kept : "";
    this.addressRow.title = offer.hint || "";
    this.addressRow.replaceChildren(el("span", { textContent: offer.label }), this.addressPick);
  }

  nameOf(seat) {
    return this.ctx.colourName(seat);
  }

  /** Whether the line was written here: the seat's own, or a spectator's sent from this page. */
  isMine(message) {
    if (this.written.has(message.id)) return true;
    return !message.spectator && this.isSeat && message.seat === this.ctx.seat();
  }

  /** Who wrote the line, as it is shown: a seat's name, or a spectator's with the word. */
  writerOf(message) {
    return message.spectator ? t("chat.spectator_writer", { name: message.name || "" })
      : this.nameOf(message.seat);
  }

  /** A seat reports a spectators' line to the moderators (no seat to choose, no move). */
  async reportSpectatorLine(message) {
    const path = `/api/matches/${encodeURIComponent(this.ctx.matchId)}/report`;
    try {
      await api("POST", path, { token: this.ctx.token, body: { chat_line: message.id, reason: "abuse" } });
      this.notice = "chat.spectator_reported";
      this.redraw();
      if (this.ctx.say) this.ctx.say(t(this.notice));
    } catch (err) {
      this.ctx.showError(err);
    }
  }

  drawRecipients() {
    const mine = this.ctx.seat();
    const checked = new Set([...this.recipients.querySelectorAll("input:checked")].map((b) => b.value));
    const legend = el("legend", { textContent: t("chat.private_to") });
    legend.title = t("chat.private_hint");
    const boxes = [];
    for (const seat of this.ctx.seats()) {
      if (seat.seat === mine || seat.kind !== "human") continue;
      const box = el("input", { type: "checkbox", value: String(seat.seat), checked: checked.has(String(seat.seat)) });
      box.dataset.testid = `chat-to-${seat.seat}`;
      boxes.push(el("label", { className: `chat-to-seat ${this.ctx.colourClass(seat.seat)}` },
        box, el("span", { textContent: this.nameOf(seat.seat) })));
    }
    this.recipients.replaceChildren(legend, ...boxes);
    this.recipients.hidden = boxes.length === 0;
  }

  drawMessage(message) {
    const item = el("li", { className: "chat-msg" });
    item.dataset.testid = "chat-message";
    item.dataset.id = String(message.id);
    if (this.isMine(message)) item.classList.add("mine");
    if (message.spectator) item.classList.add("spectator");
    // A spectator has no colour at the table: his name in the ink of the text.
    const colour = message.spectator ? "" : ` ${this.ctx.colourClass(message.seat)}`;
    const name = el("span", { className: `chat-name${colour}`, textContent: this.writerOf(message) });
    name.dataset.testid = "chat-name";
    const head = el("div", { className: "chat-meta" }, name);
    if (Array.isArray(message.to)) {
      item.classList.add("private");
      const names = message.to.map((seat) => this.nameOf(seat)).join(", ");
      head.append(el("span", { className: "chat-private", textContent: t("chat.private_label", { names }) }));
    }
    const text = el("div", { className: "chat-text", textContent: message.text });
    text.dataset.testid = "chat-text";
    if (this.canWrite && this.isSeat && this.ctx.onReport && !this.isMine(message)) {
      const report = el("button", { type: "button", className: "small chat-line-report", textContent: "⚑" });
      report.dataset.testid = "chat-report";
      report.setAttribute("aria-label", `${t("report.open")}: ${t("report.line", { text: message.text.slice(0, 60) })}`);
      report.title = t("report.open");
      report.addEventListener("click", () => (message.spectator ? this.reportSpectatorLine(message)
        : this.ctx.onReport(message.seat, message.id)));
      head.append(report);
    }
    item.append(head, text);
    return item;
  }

  redraw() {
    const shown = [...this.messages.values()]
      .filter((m) => this.upToVersion === null || m.version <= this.upToVersion)
      .sort((a, b) => a.id - b.id);
    this.toggle.textContent = this.unread ? t("chat.toggle_unread", { n: this.unread }) : t("chat.toggle");
    this.toggle.classList.toggle("unread", this.unread > 0);
    this.toggle.setAttribute("aria-expanded", String(this.open));
    this.panel.hidden = !this.open;
    this.root.classList.toggle("open", this.open);
    this.title.textContent = t("chat.title");
    this.closeButton.title = t("chat.close");
    this.closeButton.setAttribute("aria-label", t("chat.close"));
    this.reportButton.textContent = t("report.open");
    this.reportButton.hidden = !this.canWrite || !this.isSeat || !this.ctx.onReport;
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 30;
    this.list.replaceChildren(...(shown.length ? shown.map((m) => this.drawMessage(m))
      : [el("li", { className: "hint chat-empty", textContent: t("chat.empty") })]));
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
    this.note.textContent = t(this.notice || "chat.spectator_note");
    this.note.hidden = !this.notice && (this.isSeat || this.ctx.replay);
    this.hearRow.hidden = !this.isSeat || this.ctx.replay;
    this.hear.checked = this.isSeat && this.hearing;
    this.hearText.textContent = t("chat.spectators_hear");
    this.hearRow.title = t("chat.spectators_hear_title");
    this.form.hidden = !this.canWrite;
    this.nameRow.hidden = this.isSeat;
    if (this.canWrite) {
      if (this.isSeat) {
        this.drawRecipients();
        this.refreshAddressing();
      } else {
        this.recipients.hidden = true;
        this.addressRow.hidden = true;
        this.nameText.textContent = t("chat.spectator_name");
      }
      const placeholder = t(this.isSeat ? "chat.placeholder" : "chat.spectator_placeholder");
      this.input.placeholder = placeholder;
      this.input.setAttribute("aria-label", placeholder);
      this.sendButton.textContent = t("chat.send");
    }
  }
}
