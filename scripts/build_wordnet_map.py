"""Build dscorer_core/data/wordnet_senses.tsv.gz: every WordNet 3.0 sense name whose synset is named
otherwise, with that name (``tyre.n.02`` -> ``tire.n.01``), as the official COUNTER normalises
concepts before matching. Names follow NLTK's synset names, which the PMB uses: the synset's first
lemma, lower-cased, its part of speech, and the number of the synset among that lemma's senses.

Run once, with Debian's wordnet-base installed (the database files in /usr/share/wordnet):

    python3 scripts/build_wordnet_map.py [/usr/share/wordnet]

Standard library only; nothing is downloaded. The output is shipped in the package with
WordNet's licence (dscorer_core/data/WORDNET_LICENSE).
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
#: Syntactic markers of adjectives in the data files: ``galore(ip)``, ``elect(p)``.
MARKER = re.compile(r"\((?:a|p|ip)\)$")


def read_index(folder: Path, pos: str) -> dict[str, list[str]]:
    """Each lemma's synset offsets, in sense order (index.POS)."""
    senses: dict[str, list[str]] = {}
    for line in (folder / f"index.{POS_FILES[pos]}").read_text(encoding="utf-8").splitlines():
        if line.startswith(" "):
            continue  # the licence header
        fields = line.split()
        lemma, synset_count, pointer_count = fields[0], int(fields[2]), int(fields[3])
        offsets = fields[4 + pointer_count + 2:]
        assert len(offsets) == synset_count, line
        senses[lemma] = offsets
    return senses


def read_first_lemmas(folder: Path, pos: str) -> dict[str, str]:
    """Each synset's first lemma, lower-cased, without adjective markers (data.POS)."""
    first: dict[str, str] = {}
    for line in (folder / f"data.{POS_FILES[pos]}").read_text(encoding="utf-8").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        first[fields[0]] = MARKER.sub("", fields[4]).lower()
    return first


def build(folder: Path) -> list[tuple[str, str]]:
    """(sense name, synset name) for every sense whose synset is named after another sense."""
    rows = []
    for pos in POS_FILES:
        index = read_index(folder, pos)
        first = read_first_lemmas(folder, pos)
        for lemma, offsets in sorted(index.items()):
            for number, offset in enumerate(offsets, start=1):
                head = first[offset]
                canonical = f"{head}.{pos}.{index[head].index(offset) + 1:02d}"
                name = f"{lemma}.{pos}.{number:02d}"
                if canonical != name:
                    rows.append((name, canonical))
    return rows


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/wordnet")
    target = Path(__file__).resolve().parent.parent / "dscorer_core" / "data" / "wordnet_senses.tsv.gz"
    rows = sorted(build(folder))  # sorted by sense name: dscorer_core.wordnet looks names up by bisection
    with gzip.open(target, "wt", encoding="utf-8", compresslevel=9) as out:
        out.write("# WordNet 3.0 sense -> synset name (NLTK naming); scripts/build_wordnet_map.py\n")
        out.writelines(f"{a}\t{b}\n" for a, b in rows)
    print(f"{len(rows)} senses written to {target}")


if __name__ == "__main__":
    main()
