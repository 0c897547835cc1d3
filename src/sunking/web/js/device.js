// A signed-in device as a person names it ("Firefox on Windows"), from its browser's
// user-agent string: the browser and the system, or null when either is not recognised (the
// settings then show the string itself). Brand names are not translated.

const BROWSERS = [
  [/\bEdg(A|iOS)?\//, "Edge"],
  [/\bOPR\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\bChromium\//, "Chromium"],
  [/\b(Headless)?Chrome\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS = [
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function first(table, text) {
  const found = table.find(([pattern]) => pattern.test(text));
  return found ? found[1] : null;
}

export function deviceName(userAgent) {
  const browser = first(BROWSERS, userAgent || "");
  const system = first(SYSTEMS, userAgent || "");
  return browser && system ? { browser, system } : null;
}
