// The live link to one match: a websocket with automatic reconnect (exponential backoff)
// and the REST endpoint as the fallback whenever the socket is down.

import { api, ApiError, requestId } from "./api.js";

const BACKOFF_START_MS = 500;
const BACKOFF_MAX_MS = 15000;
const PING_MS = 20000;
const POLL_MS = 2000;
/** Close codes of a refused socket (4401 missing token, 4403 bad token, 4404 no match). */
const REFUSED_MIN = 4400;
const REFUSED_MAX = 4499;

export class MatchConnection {
  /**
   * @param {string} matchId
   * @param {string} token  seat or spectator token
   * @param {{onView: Function, onError: Function, onState: Function, onChat?: Function}} handlers
   *   onView(matchView) on every new view; onError({code, message}) for a refused action;
   *   onState("connecting" | "live" | "offline") when the socket's state changes;
   *   onChat([message]) for the table-chat messages the socket brings.
   */
  constructor(matchId, token, handlers) {
    this.matchId = matchId;
    this.token = token;
    this.handlers = handlers;
    this.socket = null;
    this.backoff = BACKOFF_START_MS;
    this.retryTimer = null;
    this.pingTimer = null;
    this.pollTimer = null;
    this.closed = false;
    this.pending = new Map();
    this.lastVersion = -1;
    /** The whole event log of the view at lastVersion (views after the first are deltas). */
    this.events = null;
    this.syncing = false;
    /** The language of the described board the views carry (null: no board). */
    this.lang = handlers.lang || null;
    /** Whether this seat hears the spectators' chat (asked for again whenever it reopens). */
    this.spectators = Boolean(handlers.spectators);
  }

  /** Hear the spectators' chat, or stop: told to the socket (REST polls ask on their own). */
  setSpectators(on) {
    this.spectators = on;
    this.sendRaw({ type: "spectators", on });
  }

  /** The query of a REST call: the language of the board and, with `since`, the delta. */
  query(since) {
    const params = new URLSearchParams();
    if (since && this.events) params.set("since", String(this.lastVersion));
    if (this.lang) params.set("lang", this.lang);
    const text = params.toString();
    return text ? `?${text}` : "";
  }

  /** Ask for the described board in `lang` from now on: the socket is opened again with it. */
  setLanguage(lang) {
    if (!this.lang || this.lang === lang) return;
    this.lang = lang;
    const old = this.socket;
    if (old) {
      old.replaced = true;
      this.socket = null;
      old.close();
      this.open();
    } else {
      this.refresh(true);
    }
  }

  /** Load the view over REST at once, then open the socket. */
  async start() {
    await this.refresh();
    this.open();
  }

  /** The query asking for only the events after the version this page has. */
  sinceQuery() {
    return this.query(true);
  }

  /** Fetch the current view over REST (`quiet`: a failure is not reported). */
  async refresh(quiet = false) {
    try {
      const view = await api("GET",
        `/api/matches/${encodeURIComponent(this.matchId)}${this.sinceQuery()}`,
        { token: this.token });
      this.deliver(view);
    } catch (err) {
      if (!quiet) {
        this.handlers.onError(err instanceof ApiError ? err : { code: "network", message: String(err) });
      }
    }
  }

  /**
   * Take a view from the socket or REST. A view with `events_since` is a delta: its events are
   * those after that version, appended to the log this page has (events of versions it already
   * has are skipped). A delta that starts after the page's version cannot be joined: a whole
   * view is asked for instead. The handlers always get whole views.
   */
  deliver(view) {
    if (!view || typeof view.version !== "number") return;
    if (view.version < this.lastVersion) return;
    let events = view.events || [];
    if (typeof view.events_since === "number") {
      if (!this.events || view.events_since > this.lastVersion) {
        if (!this.syncing) this.resync();
        return;
      }
      const have = this.lastVersion;
      events = this.events.concat(events.filter((e) => e.version > have));
    }
    this.events = events;
    this.syncing = false;
    this.lastVersion = view.version;
    const whole = { ...view, events };
    delete whole.events_since;
    // A waiting table's views carry no events: the view after its start is asked for whole.
    if (view.status === "waiting") this.events = null;
    this.handlers.onView(whole);
  }

  /** Ask for a whole view: over the socket if it is open, else over REST. */
  resync() {
    this.events = null;
    this.syncing = true;
    if (!this.sendRaw({ type: "sync" })) {
      this.syncing = false;
      this.refresh(true);
    }
  }

  /** While the socket is down the view is fetched over REST every few seconds. */
  setPolling(on) {
    if (on && !this.pollTimer && !this.closed) {
      this.pollTimer = setInterval(() => this.refresh(true), POLL_MS);
    } else if (!on && this.pollTimer) {
      clearInterval(this.pollTimer);
      this.pollTimer = null;
    }
  }

  open() {
    if (this.closed) return;
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    // Without a token the session cookie says whose seat it is (a signed-in person's).
    const params = new URLSearchParams();
    if (this.token) params.set("token", this.token);
    if (this.lang) params.set("lang", this.lang);
    if (this.spectators) params.set("spectators", "1");
    const query = params.toString();
    const url = `${scheme}://${window.location.host}/ws/matches/${encodeURIComponent(this.matchId)}`
      + (query ? `?${query}` : "");
    this.handlers.onState("connecting");
    let socket;
    try {
      socket = new WebSocket(url);
    } catch (_) {
      this.handlers.onState("offline");
      this.setPolling(true);
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.backoff = BACKOFF_START_MS;
      this.setPolling(false);
      this.handlers.onState("live");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.sendRaw({ type: "ping" }), PING_MS);
    });
    socket.addEventListener("message", (event) => this.onMessage(event));
    socket.addEventListener("close", (event) => {
      if (socket.replaced) return;
      clearInterval(this.pingTimer);
      if (this.socket === socket) this.socket = null;
      if (event.code >= REFUSED_MIN && event.code <= REFUSED_MAX) {
        // The server refused the token or the match (its error message came first).
        this.closed = true;
        this.handlers.onState("offline");
        return;
      }
      if (!this.closed) {
        this.handlers.onState("offline");
        this.setPolling(true);
        this.scheduleRetry();
      }
    });
    socket.addEventListener("error", () => {
      // "close" follows and schedules the retry.
    });
  }

  scheduleRetry() {
    clearTimeout(this.retryTimer);
    const delay = this.backoff;
    this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.refresh(true);
      this.open();
    }, delay);
  }

  onMessage(event) {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (_) {
      return;
    }
    if (message.type === "view") {
      this.deliver(message.view);
    } else if (message.type === "chat") {
      if (this.handlers.onChat) this.handlers.onChat(message.messages || []);
    } else if (message.type === "error") {
      const waiting = this.pending.get(message.request_id);
      this.pending.delete(message.request_id);
      this.handlers.onError(message.error || { code: "unknown", message: "" }, waiting);
    }
  }

  sendRaw(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Send an action computed for `version`: over the socket, else over REST. */
  async act(action, version) {
    const id = requestId();
    const message = { type: "action", version, action, request_id: id };
    if (this.sendRaw(message)) {
      this.pending.set(id, action);
      return;
    }
    try {
      const view = await api("POST",
        `/api/matches/${encodeURIComponent(this.matchId)}/actions${this.sinceQuery()}`,
        { token: this.token, body: { version, action, request_id: id } });
      this.deliver(view);
    } catch (err) {
      this.handlers.onError(err);
    }
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.setPolling(false);
    if (this.socket) this.socket.close();
  }
}
