// The play page's header on a phone: the match's tools (notices, rules, keys, resign, leave,
// language) fold behind one "Menu" button so the board starts high on the screen; at a desk
// the button is not shown and the tools stand in the header (css: `.menu-button`).

/** Make `button` open and close `tools` (Escape closes it and gives focus back). */
export function bindHeaderMenu(button, tools) {
  const bar = button.closest(".topbar");
  const setOpen = (open) => {
    button.setAttribute("aria-expanded", String(open));
    bar.classList.toggle("menu-open", open);
  };
  button.addEventListener("click", () => setOpen(button.getAttribute("aria-expanded") !== "true"));
  tools.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || button.getAttribute("aria-expanded") !== "true") return;
    setOpen(false);
    button.focus();
  });
}
