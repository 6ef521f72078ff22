"""task=customer_support task.params.records: a user's own order records joined to logged conversations."""

from __future__ import annotations

import csv
import json

import pytest

from helpers import compose
from loopwright import tasks
from loopwright.tasks import support_records

RECORDS = [{"Order Ref": "HP-7Q4K9", "Fulfilment Status": "Despatched"},
           {"Order Ref": "HP-3M8T2", "Fulfilment Status": "Picking"}]


def _write(tmp_path, suffix):
    path = tmp_path / f"orders{suffix}"
    if suffix == ".csv":
        with path.open("w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(RECORDS[0]))
            writer.writeheader()
            writer.writerows(RECORDS)
    elif suffix == ".jsonl":
        path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    else:
        path.write_text(json.dumps({"orders": RECORDS}))
    return path


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".json"])
def test_records_in_every_format_are_found_by_the_order_the_customer_names(tmp_path, suffix):
    path = _write(tmp_path, suffix)
    messages = [{"role": "system", "content": "Shop bot."}, {"role": "user", "content": "where is hp-3m8t2??"}]
    columns, why = support_records.columns(messages, path)
    assert why is None and columns["order_id"] == "HP-3M8T2"
    assert json.loads(columns["facts_json"])["Fulfilment Status"] == "Picking"
    columns, why = support_records.columns([{"role": "user", "content": "hello"}], path)
    assert columns == {} and "no order" in why


def test_through_the_task_registry_with_task_params(tmp_path):
    path = _write(tmp_path, ".csv")
    cfg = compose(["task=customer_support", f"task.params.records={path}"])
    columns, why = tasks.columns_for("customer_support", [{"role": "user", "content": "HP-7Q4K9?"}], None,
                                     cfg.task.params)
    assert why is None and columns["order_id"] == "HP-7Q4K9"
    assert tasks.option_problems(cfg.task) == []


def test_records_key_names_the_id_column(tmp_path):
    path = tmp_path / "o.jsonl"
    path.write_text(json.dumps({"ticket": "T-1", "parcel": "ZX-99", "state": "delivered"}) + "\n")
    with pytest.raises(ValueError, match="records_key"):
        support_records.load(path)
    columns, _ = support_records.columns([{"role": "user", "content": "parcel zx-99"}], path, "parcel")
    assert columns["order_id"] == "ZX-99"


def test_bad_records_files_name_file_and_line(tmp_path):
    bad = tmp_path / "o.jsonl"
    bad.write_text(json.dumps(RECORDS[0]) + "\n{oops\n")
    with pytest.raises(ValueError, match=r"o\.jsonl:2: invalid JSON"):
        support_records.load(bad)
    cfg = compose(["task=customer_support", f"task.params.records={tmp_path / 'missing.csv'}"])
    assert "task.params.records" in tasks.option_problems(cfg.task)[0]
    (tmp_path / "o.txt").write_text("x")
    with pytest.raises(ValueError, match="must be .jsonl, .json or .csv"):
        support_records.load(tmp_path / "o.txt")
