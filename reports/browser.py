"""A report opened in headless Chromium: does it load without console errors, and how it looks.

Needs a Chromium (Debian's ``chromium`` package: ``apt-get install chromium``; or any
``chromium``, ``chromium-browser``, ``google-chrome`` on the PATH, or ``TRUNFO_CHROMIUM``)
and the Python package ``playwright`` (``pip install playwright``; its own browser
download is not needed: the system's Chromium is driven)::

    python3 -m reports.browser runs/trump_odds/report/report.html docs/img/report.png

prints the console messages and page errors (none for a sound report) and writes the
screenshot.
"""
from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass, field

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    """The Chromium executable to drive, or None."""
    env = os.environ.get("TRUNFO_CHROMIUM")
    if env:
        return env if os.path.exists(env) else shutil.which(env)
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    return None


def unavailable() -> str | None:
    """Why a report cannot be opened in a browser here (None: it can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed (pip install playwright)"
    if find_chromium() is None:
        return ("no Chromium found (apt-get install chromium, or set TRUNFO_CHROMIUM to its "
                "executable)")
    return None


@dataclass
class PageCheck:
    """What the browser saw: console messages by type, uncaught page errors, failed
    requests, the page's title and its figures, the page's scroll width at the viewport."""
    console: list = field(default_factory=list)       # (type, text)
    page_errors: list = field(default_factory=list)
    failed_requests: list = field(default_factory=list)
    title: str = ""
    figures: int = 0
    svg_text: int = 0
    scroll_width: int = 0
    viewport_width: int = 0
    too_wide: list = field(default_factory=list)   # past the right edge, not in a scroll box

    @property
    def errors(self) -> list[str]:
        return ([f"console {t}: {m}" for t, m in self.console if t in ("error", "assert")]
                + [f"page error: {e}" for e in self.page_errors]
                + [f"failed request: {r}" for r in self.failed_requests])


#: the elements that reach past the page's right edge and are not inside a box that
#: scrolls or clips them (a wide table scrolls in its own box: fine; a long line of rules
#: that pushes the page wider: not)
_TOO_WIDE = """() => {
  const W = document.documentElement.clientWidth, out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    const spills = getComputedStyle(el).overflowX === 'visible'   // its text runs out of it
                   && r.left + el.scrollWidth > W + 1;
    if (r.right <= W + 1 && !spills) continue;
    let p = el.parentElement, boxed = false;
    while (p && p !== document.body) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') { boxed = true; break; }
      p = p.parentElement;
    }
    if (!boxed) out.push(el.tagName.toLowerCase() + (el.className ? '.' + el.className : '')
                         + ': ' + (el.textContent || '').trim().slice(0, 60));
  }
  return out.slice(0, 20);
}"""


def check_page(path: str, screenshot: str | None = None, width: int = 1100,
               height: int = 900, full_page: bool = False) -> PageCheck:
    """Open ``path`` (an HTML file) in headless Chromium at ``width`` x ``height``, wait for
    it to load, record console messages and errors, optionally write a PNG screenshot."""
    from playwright.sync_api import sync_playwright
    why = unavailable()
    if why:
        raise RuntimeError(why)
    out = PageCheck(viewport_width=width)
    url = "file://" + os.path.abspath(path)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), headless=True,
                                    args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.on("console", lambda m: out.console.append((m.type, m.text)))
            page.on("pageerror", lambda e: out.page_errors.append(str(e)))
            page.on("requestfailed", lambda r: out.failed_requests.append(r.url))
            page.goto(url, wait_until="load")
            out.title = page.title()
            out.figures = page.locator("figure svg").count()
            out.svg_text = page.locator("figure svg text").count()
            out.scroll_width = int(page.evaluate("document.documentElement.scrollWidth"))
            out.too_wide = list(page.evaluate(_TOO_WIDE))
            if screenshot:
                os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
                page.screenshot(path=screenshot, full_page=full_page)
        finally:
            browser.close()
    return out


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or len(argv) > 2:
        print("usage: python3 -m reports.browser REPORT.html [SCREENSHOT.png]", file=sys.stderr)
        return 2
    why = unavailable()
    if why:
        print(f"cannot open a browser: {why}", file=sys.stderr)
        return 2
    r = check_page(argv[0], argv[1] if len(argv) > 1 else None)
    print(f"title: {r.title}")
    print(f"figures: {r.figures} inline SVG, {r.svg_text} text elements")
    print(f"console messages: {len(r.console)}; errors: {len(r.errors)}")
    for e in r.errors:
        print(f"  {e}")
    if len(argv) > 1:
        print(f"screenshot: {argv[1]}")
    return 1 if r.errors else 0


if __name__ == "__main__":
    sys.exit(main())
