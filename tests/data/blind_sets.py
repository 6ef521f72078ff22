#!/usr/bin/env python3
"""Build a blind set's replies.jsonl from its source.json, or check that it still does.

    python tests/data/blind_sets.py tests/data/blind_support15            # write replies.jsonl, print counts
    python tests/data/blind_sets.py tests/data/blind_support15 --check    # compare with the committed bytes
    python tests/data/blind_sets.py tests/data/blind_* --check            # every set with a source.json
    python tests/data/blind_sets.py tests/data/blind_support15 --keys     # also list id, key, label, kind, lang

source.json holds what the authors wrote, in their order: "seed" and "id_prefix"; "shops" (display name ->
system prompt as a list of lines, and where the author had them a short code, default language and note);
"records" (named order records that rows name in "facts" instead of repeating them); and "rows": msgs
(user, assistant, user, ...), facts (a record, a record's name or null), reply, label, kind, why, and the
authors' own fields that replies.jsonl does not carry (key, lang, section, pol, derived). A row's prompt is
its shop's system message followed by msgs; the rows are shuffled with random.Random(seed) and numbered
id_prefix + 001, ... in shuffled order. Standard library only.
"""
from __future__ import annotations

import collections
import datetime as dt
import json
import random
import re
import sys
from pathlib import Path

FIELDS = ("id", "shop", "prompt", "reply", "facts", "label", "kind", "why")


def load(folder: Path) -> dict:
    return json.loads((folder / "source.json").read_text(encoding="utf-8"))


def _row(src: dict, r: dict) -> dict:
    where = r.get("key") or r["reply"][:40]
    shop = src["shops"][r["shop"]]
    facts = r["facts"]
    if isinstance(facts, str):
        facts = src["records"][facts]
    assert len(r["msgs"]) % 2 == 1, where  # user, assistant, ..., user
    assert r["label"] in (0, 1), where
    assert facts is None or all(isinstance(v, str) for v in facts.values()), where
    if "record_rules" in src:
        check_record(facts, src["record_rules"], where)
    prompt = [{"role": "system", "content": "\n".join(shop["system"])}]
    prompt += [{"role": "user" if i % 2 == 0 else "assistant", "content": m} for i, m in enumerate(r["msgs"])]
    return {"id": None, "shop": r["shop"], "prompt": prompt, "reply": r["reply"], "facts": facts,
            "label": r["label"], "kind": r["kind"], "why": r["why"], "_src": r}


def build(src: dict) -> list[dict]:
    keys = [r["key"] for r in src["rows"] if "key" in r]
    assert len(keys) == len(set(keys)), "duplicate keys"
    rows = [_row(src, r) for r in src["rows"]]
    random.Random(src["seed"]).shuffle(rows)
    for i, row in enumerate(rows, 1):
        row["id"] = "%s%03d" % (src["id_prefix"], i)
    return rows


def render(rows: list[dict]) -> bytes:
    lines = (json.dumps({k: r[k] for k in FIELDS}, ensure_ascii=False) + "\n" for r in rows)
    return "".join(lines).encode("utf-8")


def _days(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


def _kr(s: str) -> float:
    m = re.fullmatch(r"(\d{1,3}(?: \d{3})*),(\d\d) kr", s)
    assert m, "bad amount %r" % s
    return float(m.group(1).replace(" ", "") + "." + m.group(2))


def check_record(f: dict | None, rules: dict, where: str) -> None:
    """blind_shop14: every record follows the shop's own prices, fees, tracking formats and dates."""
    if f is None:
        return
    holidays = {_days(d) for d in rules["holidays"]}

    def workday(d):
        return d.weekday() < 5 and d not in holidays

    def add_workdays(d, n):
        while n:
            d += dt.timedelta(days=1)
            n -= workday(d)
        return d

    assert re.fullmatch(r"KH-\d{6}", f["ordernummer"]), where
    if "artiklar" in f:
        tot = sum(int(n) * rules["prices"][name] for n, name in (p.split(" × ") for p in f["artiklar"].split("; ")))
        assert abs(tot - _kr(f["varuvärde"])) < 0.001, (where, tot)
    if "fraktsätt" in f:
        (c,) = [c for c in rules["carriers"] if (c["country"], c["method"]) == (f.get("land"), f["fraktsätt"])]
        if "varuvärde" in f:
            assert _kr(f["frakt"]) == (0.0 if _kr(f["varuvärde"]) >= c["free_from"] else c["fee"]), (where, "frakt")
            assert abs(_kr(f["varuvärde"]) + _kr(f["frakt"]) - _kr(f["totalt"])) < 0.001, (where, "totalt")
        if "spårningsnummer" in f:
            assert re.fullmatch(c["tracking"], f["spårningsnummer"]), (where, "tracking")
        due = f.get("beräknad_leverans") or f.get("ankom_utlämningsställe")
        if "skickad" in f and due:
            assert add_workdays(_days(f["skickad"]), c["days"]) == _days(due), (where, "eta")
    if "betaldatum" in f and "skickad" in f:
        d, t = f["betaldatum"].split(" ")
        ship = _days(d) if workday(_days(d)) and t < "14:00" else add_workdays(_days(d), 1)
        assert ship == _days(f["skickad"]), (where, "dispatch", ship)
    if "ankom_utlämningsställe" in f and "hämtas_senast" in f:
        assert _days(f["ankom_utlämningsställe"]) + dt.timedelta(7) == _days(f["hämtas_senast"]), (where, "pickup")
    for k in ("orderdatum", "skickad", "levererad", "beräknad_leverans", "retur_mottagen",
              "återbetalat_datum", "ankom_utlämningsställe", "hämtas_senast"):
        if k in f:
            day = _days(f[k])  # a real date; the ones already past are not after today, 2026-12-07
            assert k in ("beräknad_leverans", "ankom_utlämningsställe", "hämtas_senast") or \
                day <= dt.date(2026, 12, 7), (where, k)


def counts(rows: list[dict]) -> None:
    def kd(sel):
        k = sum(r["label"] for r in sel)
        return "(keep %d, drop %d)" % (k, len(sel) - k)

    def users(r):
        return sum(m["role"] == "user" for m in r["prompt"])

    def by(name, value, width):
        print("per %s:" % name)
        groups = collections.defaultdict(list)
        for r in rows:
            groups[value(r)].append(r)
        for g in sorted(groups):
            print("  %-*s %3d   %s" % (width, g, len(groups[g]), kd(groups[g])))

    print("rows: %d" % len(rows))
    print("keep (1): %d   drop (0): %d" % (sum(r["label"] for r in rows), sum(1 - r["label"] for r in rows)))
    null = [r for r in rows if r["facts"] is None]
    print("facts null: %d   %s" % (len(null), kd(null)))
    print("with record: %d" % (len(rows) - len(null)))
    turns = collections.Counter(users(r) for r in rows)
    print("user turns: " + ", ".join("%d: %d" % kv for kv in sorted(turns.items())))
    multi = [r for r in rows if users(r) > 1]
    print("multi-turn (2-3 user turns): %d   %s" % (len(multi), kd(multi)))
    for flag in sorted({k for r in rows for k, v in r["_src"].items() if v is True}):
        print("rows marked %s: %d   %s" % (flag, sum(r["_src"].get(flag) is True for r in rows),
                                           kd([r for r in rows if r["_src"].get(flag) is True])))
    by("shop", lambda r: r["shop"], 40)
    if all("lang" in r["_src"] for r in rows):
        by("language (reply)", lambda r: r["_src"]["lang"], 6)
    by("kind", lambda r: r["kind"], 36)
    for prefix in ("gaming-", "one-wrong-fact"):
        print("%s* total: %d" % (prefix, sum(r["kind"].startswith(prefix) for r in rows)))


def main(argv: list[str]) -> int:
    folders = [Path(a) for a in argv if not a.startswith("--")]
    if not folders:
        print(__doc__)
        return 2
    bad = 0
    for folder in folders:
        if not (folder / "source.json").exists():
            print("%s: no source.json (its replies.jsonl is the only copy), skipped" % folder)
            continue
        rows = build(load(folder))
        data, path = render(rows), folder / "replies.jsonl"
        if "--check" in argv:
            same = path.exists() and path.read_bytes() == data
            bad += not same
            print("%s: %d rows, %s" % (folder, len(rows), "same bytes as replies.jsonl" if same else "DIFFERS"))
            continue
        path.write_bytes(data)
        print("== %s" % folder)
        counts(rows)
        if "--keys" in argv:
            for r in rows:
                print("  %s  %-8s %d  %-36s %s" % (r["id"], r["_src"].get("key", ""), r["label"], r["kind"],
                                                  r["_src"].get("lang", "")))
        print("wrote %s" % path)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
