// French words that change when a name meets them, as the server's texts make them
// (src/sunking/i18n/elision.py, the same rules): "à le Roi" is "au Roi", "de le Grand
// Dauphin" "du Grand Dauphin", "de Anna" "d'Anna", "que Anne" "qu'Anne". Made once a text's
// placeholders are filled, and only before a capitalised word (a name or a title), so that
// "de le faire" stays.

const UPPER = "A-ZÀ-ÖØ-Þ";
const VOWEL = "AEIOUÀÂÉÈÊËÎÏÔÛÜ";
const FRENCH = [
  [new RegExp(`(^|[^\\p{L}])([àÀ]) le (?=[${UPPER}])`, "gu"), (_, b, a) => `${b}${a === "à" ? "au" : "Au"} `],
  [new RegExp(`(^|[^\\p{L}])([àÀ]) les (?=[${UPPER}])`, "gu"), (_, b, a) => `${b}${a === "à" ? "aux" : "Aux"} `],
  [new RegExp(`(^|[^\\p{L}])([dD])e le (?=[${UPPER}])`, "gu"), (_, b, d) => `${b}${d}u `],
  [new RegExp(`(^|[^\\p{L}])([dD])e les (?=[${UPPER}])`, "gu"), (_, b, d) => `${b}${d}es `],
  [new RegExp(`(^|[^\\p{L}])([dD]|[qQ]u)e (?=[${VOWEL}][a-zà-ÿ])`, "gu"), (_, b, w) => `${b}${w}'`],
];

/** `text`, filled, with the contractions and elisions of `lang` made (French only). */
export function finish(lang, text) {
  if (lang !== "fr" || !text.includes(" ")) return text;
  return FRENCH.reduce((out, [pattern, replace]) => out.replace(pattern, replace), text);
}
