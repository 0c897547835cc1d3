"""Vive le Roi's seven coats of arms are told apart by their shapes alone: drawn in grey scale
with every shield the same grey, each pair of arms still differs in many pixels; and each arm
is drawn the same in every language (no translated initial). The grey-scale picture is kept
under ``build/screenshots/vive_le_roi_arms_grey.png``."""

from __future__ import annotations

import base64
import itertools
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
ARMS = ("lion", "eagle", "tower", "stag", "star", "sword", "fleur_de_lis")

DRAW = """async ([arms, lang]) => {
  const i18n = await import("/static/js/i18n.js");
  await i18n.loadLanguage(lang);
  const { armsSvg } = await import("/static/js/games/vive_le_roi/cards.js");
  if (!document.querySelector("link[href$='vive_le_roi.css']")) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = "/static/css/vive_le_roi.css";
    document.head.append(link);
    await new Promise((done) => { link.onload = done; });
  }
  document.getElementById("arms-test")?.remove();
  const ns = "http://www.w3.org/2000/svg";
  const root = document.createElementNS(ns, "svg");
  root.id = "arms-test";
  root.setAttribute("viewBox", `0 0 ${arms.length * 32} 32`);
  root.setAttribute("width", String(arms.length * 32 * 4));
  root.setAttribute("height", "128");
  Object.assign(root.style, { filter: "grayscale(1)", background: "#fff", position: "fixed",
    top: "0", left: "0", zIndex: "99" });
  arms.forEach((arm, i) => root.append(armsSvg(arm, 16 + 32 * i, 1.5)));
  document.body.append(root);
  return [...root.querySelectorAll("g.vlr-arms")].map((g) => ({
    arms: g.dataset.arms,
    paths: [...g.querySelectorAll("path")].map((p) => p.getAttribute("d")),
    letters: g.querySelectorAll("text").length,
  }));
}"""

GREYS = """async (png) => {
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  const out = [];
  for (let i = 0; i < data.length; i += 4) out.push(data[i]);
  return [image.width, image.height, out];
}"""


def test_e2e_arms_differ_by_shape_in_grey_scale(browser: Browser, server: Any) -> None:
    page = browser.new_page()
    try:
        page.goto(server.base + "/")
        drawn = {lang: page.evaluate(DRAW, [list(ARMS), lang]) for lang in ("fr", "cs", "en")}
        # Every shield the same grey: only the charges' shapes are left to tell them apart.
        page.evaluate("""() => document.querySelectorAll("#arms-test .vlr-arms")
            .forEach((g) => g.style.setProperty("--arms", "#808080"))""")
        shot = page.locator("#arms-test").screenshot()
        out = ROOT / "build" / "screenshots"
        out.mkdir(parents=True, exist_ok=True)
        (out / "vive_le_roi_arms_grey.png").write_bytes(shot)
        width, height, greys = page.evaluate(GREYS, base64.b64encode(shot).decode())
    finally:
        page.close()
    assert [d["arms"] for d in drawn["en"]] == list(ARMS)
    assert drawn["fr"] == drawn["cs"] == drawn["en"], "an arm is drawn differently by language"
    assert all(d["letters"] == 0 and len(d["paths"]) > 1 for d in drawn["en"])
    cell = width // len(ARMS)

    def tile(i: int) -> list[int]:
        columns = range(i * cell, (i + 1) * cell)
        return [greys[y * width + x] for y in range(height) for x in columns]

    tiles = [tile(i) for i in range(len(ARMS))]
    for (a, ta), (b, tb) in itertools.combinations(zip(ARMS, tiles, strict=True), 2):
        differing = sum(abs(p - q) > 60 for p, q in zip(ta, tb, strict=True)) / len(ta)
        assert differing > 0.03, f"{a} and {b} look alike in grey scale ({differing:.1%})"
