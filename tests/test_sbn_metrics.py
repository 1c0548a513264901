"""Soft Smatch and SBN-evaluation-tool's strict and lenient figures, against their authors' published
numbers (../shared/data and the tool's own 10-document example)."""

from __future__ import annotations

import csv
import io
import os
import subprocess
from pathlib import Path

import pytest

from dscorer_core.errors import SettingsError
from dscorer_core.reading.drs_files import read_sbn_file, read_sbn_file_tolerant, read_sbn_texts
from dscorer_core.sbn.smatch import SmatchSettings, smatch_corpus
from dscorer_core.sbn.taxonomy import MISSING_CODE_SIMILARITY, clean_similarity, script_similarity, taxonomy, wu_palmer

#: SBN-evaluation-tool (a git directory holding wangchunliu/SBN-evaluation-tool, e.g. from the fetch tool).
SBNE_REPO = Path(os.environ.get("DSCORER_SBNE_REPO", "/work/.mirror/wangchunliu+SBN-evaluation-tool/repo"))
SBNE_DIR = "1.evaluation-tool-overall"


def _codes(path: Path) -> dict[str, str]:
    """synset -> code, read here independently of the package (``offset code synset flag``)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        offset, code, name, *_ = line.split(" ")
        out[name] = code
    return out


def test_the_codes_are_read_from_the_shared_folder_or_the_one_named(shared_path, monkeypatch, tmp_path):
    """The taxonomy is read from ../shared/data/nsp-taxonomy (not copied into the project), or from the
    folder DSCORER_TAXONOMY_DIR names; a missing file is a SettingsError naming where it was looked for."""
    from dscorer_core.errors import SettingsError
    from dscorer_core.sbn import taxonomy as tax

    assert (tax.taxonomy_dir() / "n.tax").read_bytes() == shared_path("nsp-taxonomy/n.tax").read_bytes()
    monkeypatch.setenv(tax.TAXONOMY_ENV, str(tmp_path))
    tax.taxonomy.cache_clear()
    try:
        with pytest.raises(SettingsError, match="DSCORER_TAXONOMY_DIR"):
            tax.taxonomy()
    finally:
        tax.taxonomy.cache_clear()


def test_wu_palmer_from_the_codes(shared_path):
    """Wu-Palmer 2*cp/(d1+d2), depth the position of a code's first 0, cp the shared prefix."""
    nouns = _codes(shared_path("nsp-taxonomy/n.tax"))
    dog, cat = nouns["dog.n.01"], nouns["cat.n.01"]
    d1, d2 = dog.index("0"), cat.index("0")
    cp = next(i for i, (a, b) in enumerate(zip(dog, cat)) if a != b)
    assert (d1, d2, cp) == (15, 15, 13)
    assert wu_palmer(dog, cat) == 2 * cp / (d1 + d2) == pytest.approx(26 / 30)
    assert taxonomy().code("dog.n.01") == dog
    # the script's values carry the "_" of a closing quote and the tabs of their depth
    assert script_similarity("dog.n.01_\t\t", "cat.n.01_") == pytest.approx(26 / 30)
    assert clean_similarity("dog.n.01", "cat.n.01") == pytest.approx(26 / 30)
    verbs = _codes(shared_path("nsp-taxonomy/v.tax"))
    assert wu_palmer(dog, verbs["run.v.01"]) == 0.0  # two parts of speech
    # a missing code: the script's constant, 0 in the clean definition
    assert script_similarity("dog.n.01_", "notasynset.n.01_") == MISSING_CODE_SIMILARITY
    assert clean_similarity("dog.n.01", "notasynset.n.01") == 0.0
    # a name with capitals is never found by the script (it looks up lower-cased names)
    assert "Catholicism.n.01" in nouns
    assert script_similarity("catholicism.n.01_", "dog.n.01_") == MISSING_CODE_SIMILARITY
    assert clean_similarity("Catholicism.n.01", "dog.n.01") == pytest.approx(
        wu_palmer(nouns["Catholicism.n.01"], dog))


def test_adjective_rule(shared_path):
    """Adjectives: the code's final sign moves into its first 0 before Wu-Palmer."""
    adjectives = _codes(shared_path("nsp-taxonomy/a.tax"))
    a, b = adjectives["able.a.01"], adjectives["abandoned.a.01"]

    def signed(code: str) -> str:
        z = code.index("0")
        return code[:z] + code[-1] + code[z:-1]

    sa, sb = signed(a), signed(b)
    cp = next(i for i, (x, y) in enumerate(zip(sa, sb)) if x != y)
    expected = 2 * cp / (sa.index("0") + sb.index("0"))
    assert script_similarity("able.a.01_", "abandoned.a.01_") == pytest.approx(expected)
    assert clean_similarity("able.a.01", "abandoned.a.01") == pytest.approx(expected)
    assert script_similarity("quickly.r.01_", "slowly.r.01_") == 0.0  # adverbs have no codes


def test_soft_figure_pmb_5_1_0(shared_path):
    """The authors' soft Smatch on the byT5 output of PMB 5.1.0 English test is .9487 (mean of
    per-sentence F1, ill-formed 0): with the exact alignment, within .005 and not below."""
    gold = read_sbn_texts(shared_path("pmb-5.1.0/gold_en_test.sbn"), "auto")
    pred = read_sbn_texts(shared_path("pmb-5.1.0/byt5_en_test.sbn"), "auto")
    soft = smatch_corpus(pred, gold, SmatchSettings(soft=True))
    assert soft.signature.startswith("smatch|sbn|exact|soft|triples:pmb5")
    assert round(soft.mean_F, 4) >= 0.9487
    assert soft.mean_F - 0.9487 < 0.005
    assert soft.all_optimal
    # the soft script's reader passes over tokens it cannot place: 7 ill-formed, not the hard script's 9
    assert soft.ill_formed_count == 7
    hard = smatch_corpus(pred, gold)
    assert hard.ill_formed_count == 9 and soft.mean_F > hard.mean_F


def test_clean_soft_never_below_corrected(shared_path):
    """Without the quirks, soft Smatch grades the corrected triples: a sentence never scores below its
    hard corrected F (a similarity is at least the 0/1 of an exact match, and both alignments are exact)."""
    gold = read_sbn_file(shared_path("pmb-5.0.0/gold_nl_test.sbn"), "auto")
    pred = read_sbn_file_tolerant(shared_path("pmb-5.0.0/neuralboxer_nl_test.sbn"), "auto")
    hard = smatch_corpus(pred, gold, SmatchSettings(triples="corrected"))
    soft = smatch_corpus(pred, gold, SmatchSettings(triples="corrected", soft=True))
    assert soft.signature.startswith("smatch|sbn|exact|soft|triples:corrected")
    assert all(s.F >= h.F - 1e-12 for s, h in zip(soft.documents, hard.documents))
    assert soft.mean_F > hard.mean_F
    assert [d.ill_formed is None for d in soft.documents] == [d.ill_formed is None for d in hard.documents]


def test_soft_refuses_graphs_without_synsets():
    with pytest.raises(SettingsError, match="soft Smatch"):
        SmatchSettings(triples="lenient", soft=True)


def _sbne(path: str) -> str:
    if not (SBNE_REPO / "HEAD").exists() and not (SBNE_REPO / ".git").exists():
        pytest.skip(f"SBN-evaluation-tool is not at {SBNE_REPO} (set DSCORER_SBNE_REPO)")
    return subprocess.run(["git", f"--git-dir={SBNE_REPO}" if (SBNE_REPO / "HEAD").exists() else
                           f"--git-dir={SBNE_REPO / '.git'}", "show", f"HEAD:{SBNE_DIR}/{path}"],
                          check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def sbne_example(tmp_path_factory) -> tuple[Path, Path, dict[str, dict[str, str]]]:
    """The tool's 10-document example: gold (``id<TAB>raw<TAB>SBN``), output, and its per-document scores."""
    where = tmp_path_factory.mktemp("sbne")
    gold, pred = where / "gold.txt", where / "test.txt"
    gold.write_text(_sbne("gold_output/path.gold.en.test"))
    pred.write_text(_sbne("model_output/en.sbn.output.test"))
    scores = {row["pmb_id"]: row for row in csv.DictReader(io.StringIO(_sbne("results/smatch.scores")))}
    return pred, gold, scores


@pytest.mark.parametrize(("triples", "column", "published"), [("sbne-strict", "f1", 0.829),
                                                                ("sbne-lenient", "f1_lenient", 0.932)])
def test_sbne_published_figures(sbne_example, triples, column, published):
    """Every document's F is the tool's (mtool's Smatch on its Penman files), and the mean its published one."""
    pred, gold, scores = sbne_example
    ids = [line.split("\t")[0] for line in gold.read_text().splitlines()]
    result = smatch_corpus(read_sbn_file_tolerant(pred, "sbn-lines"), read_sbn_file(gold, "sbn-lines"),
                           SmatchSettings(triples=triples))
    assert round(result.mean_F, 3) == published
    for doc, pid in zip(result.documents, ids):
        theirs = float(scores[pid][column]) if scores[pid][column] else 0.0
        assert abs(doc.F - theirs) < 1e-12, pid
    assert (result.ill_formed_count, triples) in ((1, "sbne-strict"), (0, "sbne-lenient"))


def _gold_line(shared_path, number: int) -> str:
    lines = shared_path("pmb-5.1.0/gold_en_test.sbn").read_text(encoding="utf-8").splitlines()
    return lines[number - 1].split("\t")[-1]


def test_fine_grained_rewrites_on_real_sentences(shared_path):
    """Gold line 30 ("I dinnae ken."): the script's Penman string (a newline and tabs before each edge)
    and its four rewrites, as its regular expressions leave them."""
    from dscorer_core.sbn.fine_grained import fine_grained_penman, rewrite

    penman = fine_grained_penman(_gold_line(shared_path, 30))
    assert penman.startswith('(b0 / "box"\n\t:member (s0 / "person.n.01"\n\t\t:EQU "speaker")\n\t:NEGATION (b1')
    roles = rewrite(penman, "role")
    assert ":Experiencer" not in roles and roles.count(":role ") == 2  # Experiencer and Time
    assert ":roleQU" in roles and ":roleEGATION" in roles and ":member" in roles  # first capitalised word only
    assert ":relation (b1" in rewrite(penman, "relation") and ":EQU" in rewrite(penman, "relation")
    assert rewrite(penman, "operator") == penman  # its pattern asks for a literal "{3}"
    senses = rewrite(penman, "sense")
    assert '"person"' in senses and '"know"' in senses and ".n.0" not in senses
    # gold line 39 ("He can't swim."): two box operators, both "relation"
    both = rewrite(fine_grained_penman(_gold_line(shared_path, 39)), "relation")
    assert both.count(":relation ") == 2 and "NEGATION" not in both and "POSSIBILITY" not in both


#: The PMB 5 fine-grained script (neural-symbolic-parsing evaluation/parsing_smatch/sbn/
#: sbn_smatch_fine_grained.py with smatch 1.0.4) on the byT5 output of PMB 5.1.0, run by its authors'
#: code: -d role, relation, operator, sense (hill climbing: the exact alignment is never below).
SCRIPT_FINE_GRAINED = {"role": 0.9458778672441566, "relation": 0.9354783046479223,
                       "operator": 0.9354168714274934, "sense": 0.9515160137630417}
#: Its -e node output (P and R as it prints them: it passes gold as the prediction, so they are swapped).
SCRIPT_LABEL_SETS = {"Names": (0.832, 0.834, 0.833), "Negation": (0.949, 0.976, 0.962),
                     "Roles": (0.936, 0.942, 0.939), "Members": (0.989, 0.994, 0.992),
                     "Concepts": (0.877, 0.882, 0.880), "Con_noun": (0.903, 0.907, 0.905),
                     "Con_adj": (0.787, 0.801, 0.794), "Con_adv": (0.900, 0.947, 0.923),
                     "Con_verb": (0.800, 0.804, 0.802), "Discourse": (0.941, 0.964, 0.952)}


def test_fine_grained_figures_pmb_5_1_0(shared_path):
    from dscorer_core.sbn.fine_grained_scores import fine_grained_scores

    gold = read_sbn_texts(shared_path("pmb-5.1.0/gold_en_test.sbn"), "auto")
    pred = read_sbn_texts(shared_path("pmb-5.1.0/byt5_en_test.sbn"), "auto")
    fine = fine_grained_scores(pred, gold)
    for detail, result in fine.rewrites:
        assert SCRIPT_FINE_GRAINED[detail] - 1e-12 <= result.mean_F < SCRIPT_FINE_GRAINED[detail] + 0.002, detail
        assert result.ill_formed_count == 7 and result.all_optimal
        assert f"rewrite:{detail}" in result.signature
    for score in fine.label_sets:
        p, r, f = SCRIPT_LABEL_SETS[score.label]
        assert (round(score.R, 3), round(score.P, 3), round(score.F, 3)) == (p, r, f), score.label


# ------------------------------------------------------------------ compare, agreement, cluster


@pytest.fixture(scope="module")
def dutch(tmp_path_factory):
    """PMB 5.0.0 Dutch test: gold and NeuralBoxer output (435 SBN pairs, 37 ill-formed predictions)."""
    from conftest import SHARED_DATA

    gold, pred = SHARED_DATA / "pmb-5.0.0/gold_nl_test.sbn", SHARED_DATA / "pmb-5.0.0/neuralboxer_nl_test.sbn"
    if not gold.is_file():
        pytest.skip(f"PMB 5.0.0 Dutch test set not at {gold.parent}")
    return gold, pred


def _run(capsys, *argv: object) -> tuple[int, str, str]:
    from dscorer_core.cli import main

    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("options", "settings"), [
    (["--soft"], SmatchSettings(soft=True)),
    (["--triples", "sbne-strict"], SmatchSettings(triples="sbne-strict")),
    (["--rewrite", "role"], SmatchSettings(rewrite="role")),
])
def test_compare_offers_the_variants(capsys, dutch, options, settings):
    """``compare --metric smatch`` with each variant's options reports that variant's figure and signature."""
    gold, pred = dutch
    code, out, err = _run(capsys, "compare", gold, pred, "--metric", "smatch", *options, "--json",
                          "--bootstrap", "10", "--ar", "10")
    assert code == 0, err
    import json

    metric = json.loads(out)["metrics"]["smatch"]
    expected = smatch_corpus(read_sbn_file_tolerant(pred, "auto"), read_sbn_file(gold, "auto"), settings)
    assert metric["signature"] == expected.signature
    assert metric["systems"][0]["F"] == pytest.approx(expected.mean_F, abs=1e-12)


def test_agreement_sets_the_variants_beside_people(capsys, dutch, tmp_path):
    """Judgements made from the soft figure (acceptable: soft F above .8): ``smatch:soft`` separates them
    perfectly, and every variant asked for gets its row and signature."""
    import json

    gold, pred = dutch
    soft = smatch_corpus(read_sbn_texts(pred, "auto"), read_sbn_texts(gold, "auto"), SmatchSettings(soft=True))
    rows = [f"{d.index},{pred.stem},{'acceptable' if d.F > 0.8 else 'unacceptable'},,a" for d in soft.documents]
    judgements = tmp_path / "judgements.csv"
    judgements.write_text("document,system,judgement,rationale,annotator\n" + "\n".join(rows) + "\n")
    code, out, err = _run(capsys, "agreement", judgements, gold, pred, "--metric", "smatch", "--smatch", "pmb5",
                          "soft", "sbne-lenient", "no-senses", "--samples", "0", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert set(data["metrics"]) == {"smatch", "smatch:soft", "smatch:sbne-lenient", "smatch:no-senses"}
    assert data["metrics"]["smatch:soft"]["auc"] == 1.0
    assert data["metrics"]["smatch"]["auc"] < 1.0
    assert any("|soft|" in s for s in data["metric_signatures"])
    assert any("rewrite:sense" in s for s in data["metric_signatures"])


def test_soft_and_fine_grained_on_a_cluster(capsys, dutch):
    """``--cluster local:2``: soft Smatch and the fine-grained figures, byte for byte those of one process."""
    pytest.importorskip("distributed", reason="dask distributed is not installed (the cluster extra)")
    gold, pred = dutch
    args = ["smatch", pred, gold, "--soft", "--fine-grained", "--json", "--per-doc"]
    code, local, _ = _run(capsys, *args)
    assert code == 0
    code, remote, err = _run(capsys, *args, "--cluster", "local:2")
    assert code == 0, err
    assert remote == local


def test_fine_grained_in_text_json_and_csv(capsys, dutch, tmp_path):
    """``--fine-grained``: the rewrites and label sets in the text, the JSON and the CSV, the same figures."""
    import json

    gold, pred = dutch
    out_csv = tmp_path / "figures.csv"
    code, text, err = _run(capsys, "smatch", pred, gold, "--fine-grained")
    assert code == 0, err
    for title in ("No Roles", "No Discourse", "No Operators", "No Senses", "Names", "Con_verb", "Discourse"):
        assert title in text
    code, out, err = _run(capsys, "smatch", pred, gold, "--fine-grained", "--json", "--csv", out_csv)
    assert code == 0, err
    fine = json.loads(out)["fine_grained"]
    assert list(fine["rewrites"]) == ["role", "relation", "operator", "sense"]
    with open(out_csv, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 2 + 4 + 10
    by_name = {r["figure"]: r for r in rows}
    assert float(by_name["No Roles"]["F"]) == fine["rewrites"]["role"]["mean_F"]
    assert float(by_name["No Senses"]["ill-formed"]) == fine["rewrites"]["sense"]["ill_formed"]
    names = next(s for s in fine["label_sets"] if s["label"] == "Names")
    assert float(by_name["label set: Names"]["F"]) == names["F"]
    # the rewrites read what the hard script refuses (unplaceable tokens): fewer ill-formed outputs
    assert fine["rewrites"]["role"]["ill_formed"] < json.loads(out)["ill_formed"]
    copy = tmp_path / "gold.sbn"  # a copy: refusing to overwrite it is what is tested
    copy.write_bytes(gold.read_bytes())
    code, _, err = _run(capsys, "smatch", pred, copy, "--csv", copy)
    assert code == 2 and "--csv" in err and copy.read_bytes() == gold.read_bytes()
