"""Every relative link and image in the README, the changelog and docs/ points at a file of the
repository, and every #anchor at a heading of the page it names: the documentation is split
over several pages, and a page moved or a heading renamed must not leave readers at a dead end.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").glob("*.md")])

#: [text](target) and ![alt](target); a target may carry a "title" after a space.
_LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
_CODE = re.compile(r"`[^`\n]*`")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def _prose(text: str) -> str:
    """The page without code blocks and code spans, where brackets are not links."""
    return _CODE.sub("", _FENCE.sub("", text))


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)  # code spans keep their text
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # so do links
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for heading in _HEADING.findall(_FENCE.sub("", page.read_text(encoding="utf-8"))):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(page: Path) -> list[str]:
    return _LINK.findall(_prose(page.read_text(encoding="utf-8")))


def broken(page: Path) -> list[str]:
    problems = []
    for target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
            problems.append(f"{target}: links only to files inside the repository")
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.is_relative_to(ROOT):
            problems.append(f"{target}: outside the repository")
        elif not dest.exists():
            problems.append(f"{target}: no such file")
        elif anchor and (dest.suffix != ".md" or anchor not in anchors(dest)):
            problems.append(f"{target}: no heading #{anchor} in {dest.relative_to(ROOT)}")
    return problems


def test_the_pages_exist():
    names = {p.relative_to(ROOT).as_posix() for p in PAGES}
    for name in ("README.md", "CHANGELOG.md", "docs/playing.md", "docs/server.md", "docs/bots.md",
                 "docs/performance.md", "docs/ARCHITECTURE.md"):
        assert name in names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page):
    assert links(page), f"{page.name} has no links at all: is the pattern still finding them?"
    assert broken(page) == []


def test_the_check_finds_a_dead_link_an_image_and_an_anchor(tmp_path):
    page = tmp_path / "page.md"
    (tmp_path / "there.md").write_text("# A heading, with `code`\n", encoding="utf-8")
    page.write_text(
        "[ok](there.md#a-heading-with-code) ![gone](nowhere.svg) [bad](there.md#elsewhere)\n"
        "`[not a link](missing.md)`\n```\n[nor this](missing.md)\n```\n",
        encoding="utf-8",
    )
    # tmp_path lies outside the repository: check the same page as if it were inside it
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert broken(page) == ["nowhere.svg: no such file", "there.md#elsewhere: no heading #elsewhere in there.md"]
    finally:
        ROOT = saved


def test_the_readme_stays_a_front_door():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    # CI runs exactly this command (.ci/run); the README must keep saying so
    assert 'python3 -m venv .venv && .venv/bin/pip install -q -e ".[test]" && .venv/bin/pytest -n auto' in readme


def test_every_page_of_docs_is_linked_from_the_readme():
    """Everything the README does not say itself must be findable from it."""
    readme = ROOT / "README.md"
    linked = {(readme.parent / target.partition("#")[0]).resolve() for target in links(readme)}
    for page in PAGES:
        if page != readme:
            assert page in linked, f"{page.relative_to(ROOT)} is not linked from the README"
