// Keeping the keyboard's place while a board redraws. The boards rebuild their elements on
// every view and every local step (a card chosen, a stone put), which would drop the focus on
// the page's body and send a keyboard user back to its top. `keepFocus` redraws and then puts
// the focus back: on the control of the same name and kind when the view is the same (the
// tile just pressed, to press it again), else on the prompt's heading, where the next choice
// starts. It moves the focus only when the board had it, never out of the chat or a setting.

/** The attributes that tell one control of a board from another across redraws. */
const KEY_ATTRIBUTES = ["data-testid", "data-choice", "data-card", "data-tile", "data-mission", "data-type"];

/** Attributes that name the thing itself (a card, a tile): its words may change (the stones
 *  on a tile), it stays the same control. */
const THING_ATTRIBUTES = ["data-testid", "data-card", "data-tile", "data-mission"];

/** What identifies `node` across a redraw: its kind, its data attributes and, for a control
 *  that names no thing, its words. */
function focusKey(node) {
  const parts = [node.tagName, node.getAttribute("role") || ""];
  for (const name of KEY_ATTRIBUTES) parts.push(node.getAttribute(name) || "");
  if (!THING_ATTRIBUTES.some((name) => node.hasAttribute(name))) {
    parts.push(node.getAttribute("aria-label") || node.textContent || "");
  }
  return parts.join("|");
}

function focusable(node) {
  return node && !node.disabled && node.getAttribute("aria-disabled") !== "true"
    && !node.closest("[hidden]");
}

/** The focusable controls under `root`. */
function controls(root) {
  return [...root.querySelectorAll("button, [tabindex], a[href], input, select, summary")]
    .filter(focusable);
}

/**
 * Run `redraw()` inside `root`; when the focus was in `root` before (or lost on the body by
 * the last redraw), put it back: on the control of the same key when `sameView`, else on
 * `landing()` (an element to focus, or null to leave it).
 */
export function keepFocus(root, sameView, redraw, landing) {
  const active = document.activeElement;
  const inside = active && active !== root && root.contains(active);
  const lost = !active || active === document.body;
  const key = inside ? focusKey(active) : null;
  redraw();
  if (!inside && !(lost && root.dataset.hadFocus === "1")) {
    root.dataset.hadFocus = inside ? "1" : "0";
    return;
  }
  if (document.activeElement && document.activeElement !== document.body
    && root.contains(document.activeElement)) return;
  let target = null;
  if (sameView && key !== null) target = controls(root).find((node) => focusKey(node) === key) || null;
  if (!target && landing) target = landing();
  if (target) {
    if (!target.hasAttribute("tabindex") && !target.matches("button, a[href], input, select, summary")) {
      target.setAttribute("tabindex", "-1");
    }
    target.focus({ preventScroll: !sameView });
  }
  root.dataset.hadFocus = "1";
}

/** Make `node` answer Enter and Space as a button does (for a role="button" that is no
 *  <button>). */
export function pressable(node, onPress) {
  node.addEventListener("click", onPress);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onPress();
    }
  });
}
