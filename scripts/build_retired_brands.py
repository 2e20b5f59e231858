"""Build ``core/privrag/assets/keep/retired_brands.json``: brands Simple Icons once listed and has since removed.

Why: ``simple-icons-pack`` (the current catalogue, CC0-1.0) is our list of popular brands, but Simple
Icons removes an icon when its owner objects to the logo being redistributed. Between versions 4 and
16 that took out the brands a workplace document names most: every Microsoft product ("Microsoft
Outlook", "Microsoft Teams", "Power BI"), Adobe's, Amazon's, Slack, Tableau, Salesforce, Oracle, IBM,
LinkedIn, Walmart, DocuSign. They met the catalogue's popularity rule when they were added; only the
logo's licence changed, not how many people name them. privrag needs the names, never the logos.

The ``simpleicons`` package on PyPI (MIT) redistributed the catalogue's data at each release until
version 7.21 (2022). This script downloads four of its releases (4.22.1, 5.24.0, 6.23.0, 7.21.0: the
last of each major version), reads the titles, and keeps those the installed ``simple-icons-pack`` no
longer lists. The checks every title gets (no person's name, no place, no everyday word) are applied
at run time by :mod:`privrag.keep.brands`, as for the current catalogue.

Run: ``python scripts/build_retired_brands.py`` (needs pip, a reachable package index and privrag's
dependencies).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "core" / "privrag" / "assets" / "keep" / "retired_brands.json"
VERSIONS = ("4.22.1", "5.24.0", "6.23.0", "7.21.0")
#: ``Icon(title="Microsoft Outlook", …)`` in the package's generated module; quotes escaped as in Python source
_TITLE = re.compile(r"""\btitle\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")


def titles_of(wheel: Path) -> set[str]:
    """Every icon title in one ``simpleicons`` wheel."""
    out: set[str] = set()
    with zipfile.ZipFile(wheel) as zf:
        for name in zf.namelist():
            if name.startswith("simpleicons/") and name.endswith(".py"):
                source = zf.read(name).decode("utf-8")
                for m in _TITLE.finditer(source):
                    title = (m.group(1) if m.group(1) is not None else m.group(2)).replace("\\'", "'").replace('\\"', '"')
                    if title.strip():
                        out.add(title.strip())
    return out


def current_titles() -> set[str]:
    import simple_icons_pack as sip

    return {getattr(sip, name).title.strip() for name in dir(sip) if name.startswith("SI_")}


def build() -> dict[str, object]:
    old: set[str] = set()
    with tempfile.TemporaryDirectory() as tmp:
        for version in VERSIONS:
            dest = Path(tmp) / version
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(dest),
                            f"simpleicons=={version}"], check=True)
            (wheel,) = dest.glob("*.whl")
            old |= titles_of(wheel)
    current = current_titles()
    # a title the catalogue still lists under another spelling ("Let’s Encrypt") is not retired
    folded = {t.casefold().replace("’", "'") for t in current}
    retired = sorted(t for t in old if t.casefold().replace("’", "'") not in folded)
    return {
        "source": "Simple Icons (CC0-1.0) titles from the simpleicons PyPI releases " + ", ".join(VERSIONS)
                  + ", less those simple-icons-pack lists now",
        "titles": retired,
    }


def main() -> None:
    table = build()
    OUT.write_text(json.dumps(table, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(table['titles'])} titles")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
