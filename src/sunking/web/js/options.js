// A game's options in words: the options a person chooses in the lobby (`options` of each
// game in GET /api/games, its presentation's settings) and how a match's chosen values read.
// The words are the game's own catalog's: `<game>.option.<name>` labels the control, and a
// value reads `<game>.option.<name>.<value>` where the catalog has one, else
// `<game>.option.<name>.value` with the value filled in.

import { has, t } from "./i18n.js";

/** The label of one of `game`'s options. */
export function optionLabel(game, name) {
  return t(`${game}.option.${name}`);
}

/** One value of one of `game`'s options, in words. */
export function optionValue(game, name, value) {
  const own = `${game}.option.${name}.${value}`;
  if (has(own)) return t(own);
  return t(`${game}.option.${name}.value`, { value });
}

/**
 * The chosen options of a match (`options`, its MatchView's) that a person chooses, each as
 * `{name, label, text}`, in the order the lobby shows them; `entry` is the game's entry in
 * GET /api/games (no entry: none).
 */
export function chosenOptions(entry, options) {
  if (!entry || !options) return [];
  return (entry.options || []).filter((o) => o.name in options).map((o) => ({
    name: o.name,
    label: optionLabel(entry.id, o.name),
    text: optionValue(entry.id, o.name, options[o.name]),
  }));
}
