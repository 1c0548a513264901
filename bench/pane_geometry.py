"""What a reader sees of large documents in the pair view, measured in Chromium from the drawing itself
(issue 31, item 6): per pane the scale vis-network draws at, the edge labels' size in CSS px, the edges
and labels cut at the pane's edge, the tallest blank band and whether nodes show on the first screen.
Prints a table; with --shots DIR also saves a screenshot per document and viewport.

    python3 bench/pane_geometry.py [--shots /work/wt/shots/layout] [--docs 22,609]
"""

from __future__ import annotations

import argparse
import sys
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # served_app lives with the browser tests
from served_app import CHROMIUM, CHROMIUM_FLAGS, served_app

REPO = Path(__file__).resolve().parent.parent
PMB = REPO.parent / "shared" / "data" / "pmb-2.2.0"
READY = "typeof network !== 'undefined' && network.body.nodeIndices.filter(i => typeof i === 'number').length > 0"

#: Inside a pane: its size, scale, frame top on the page, and the DOM boxes of nodes, labels and curve points.
MEASURE = """(() => {
  const c = document.getElementById('mynetwork'), f = window.frameElement.getBoundingClientRect();
  const W = c.clientWidth, H = c.clientHeight, d = p => network.canvasToDOM(p);
  const items = [], cut = {edges: 0, labels: 0, nodes: 0};
  let fonts = [];
  for (const id of network.body.nodeIndices) {
    const b = network.getBoundingBox(id), a = d({x: b.left, y: b.top}), z = d({x: b.right, y: b.bottom});
    items.push([a.y, z.y]);
    if (a.x < -1 || a.y < -1 || z.x > W + 1 || z.y > H + 1) cut.nodes++;
  }
  for (const id of network.body.edgeIndices) {
    const e = network.body.edges[id];
    if (e.options.hidden || e.fromId === e.toId) continue;
    let out = false;
    for (let i = 0; i <= 20; i++) {
      const p = d(e.edgeType.getPoint(i / 20));
      items.push([p.y, p.y]);
      if (p.x < -1 || p.y < -1 || p.x > W + 1 || p.y > H + 1) out = true;
    }
    if (out) cut.edges++;
    const text = e.options.label, s = e.labelModule.size;
    if (text && String(text).trim() && s && s.width) {
      const cx = s.left + s.width / 2, cy = s.top + s.height / 2;  // a turned label (lanes): drawn turned
      const [hw, hh] = e.options.font.align && e.options.font.align !== 'horizontal'
        ? [s.height / 2, s.width / 2] : [s.width / 2, s.height / 2];
      const a = d({x: cx - hw, y: cy - hh}), z = d({x: cx + hw, y: cy + hh});
      items.push([a.y, z.y]);
      fonts.push(e.options.font.size * network.getScale());
      if (a.x < -1 || a.y < -1 || z.x > W + 1 || z.y > H + 1) cut.labels++;
    }
  }
  items.sort((p, q) => p[0] - q[0]);
  let band = 0, reach = 0;
  for (const [top, bottom] of items) {
    if (top > reach) band = Math.max(band, Math.min(top, H) - reach);
    reach = Math.max(reach, bottom);
  }
  band = Math.max(band, H - Math.min(reach, H));
  const ys = network.body.nodeIndices.map(id => f.top + d(network.getPositions([id])[id]).y);
  return {W, H, top: f.top, scale: network.getScale(), label: fonts.length ? Math.min(...fonts) : 0,
          cut, band, first: Math.min(...ys)};
})()"""


def url_of(base: str, doc: int) -> str:
    """The pair view of PMB 2.2.0 dev (Boxer against gold) at one document."""
    query = {"pred": f"path:{(PMB / 'boxer_dev.clf').resolve()}", "gold": f"path:{(PMB / 'gold_dev.clf').resolve()}",
             "doc": str(doc)}
    return f"{base}/?{urllib.parse.urlencode(query)}"


def measure(page) -> list[dict]:
    """Both panes' measures, once vis-network has drawn them."""
    frames = []
    page.wait_for_function("document.querySelectorAll('iframe').length >= 2")
    for handle in page.query_selector_all("iframe")[:2]:
        frame = handle.content_frame()
        frame.wait_for_function(READY)
        frames.append(frame)
    page.wait_for_timeout(1500)  # a measuring script, not a test: let the fit settle
    return [frame.evaluate(MEASURE) for frame in frames]


def main() -> None:
    """Measure each document and figure at 1280x800 and 1920x1080; print one row per pane."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shots", type=Path)
    parser.add_argument("--docs", default="22,609")
    args = parser.parse_args()
    import os

    from playwright.sync_api import sync_playwright

    env = dict(os.environ, DSCORER_ALLOWED_DIRS=os.pathsep.join([str(REPO), str(PMB.parent)]))
    with served_app(90, env=env) as (url, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        print(f"{'what':<14}{'size':>10}{'side':>6}{'width':>6}{'scale':>7}{'label px':>9}{'cut e/l/n':>11}"
              f"{'band px':>8}{'1st node y':>11}")
        targets = [(f"doc {d}", url_of(url, int(d))) for d in args.docs.split(",") if d]
        targets += [("figure 1", url + "/?doc=0"), ("figure 4", url + "/?doc=1")]
        for name, address in targets:
            for width, height in ((1280, 800), (1920, 1080)):
                context = browser.new_context(viewport={"width": width, "height": height})
                page = context.new_page()
                page.set_default_timeout(120_000)
                page.goto(address)
                for side, m in zip(("pred", "gold"), measure(page)):
                    cut = f"{m['cut']['edges']}/{m['cut']['labels']}/{m['cut']['nodes']}"
                    print(f"{name:<14}{width:>5}x{height:<4}{side:>6}{m['W']:>6}{m['scale']:>7.2f}{m['label']:>9.1f}{cut:>11}"
                          f"{m['band']:>8.0f}{m['first']:>11.0f}", flush=True)
                if args.shots:
                    args.shots.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(args.shots / f"{name.replace(' ', '')}_{width}x{height}.png"))
                context.close()
        browser.close()


if __name__ == "__main__":
    main()
