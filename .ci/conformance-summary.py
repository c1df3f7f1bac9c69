#!/usr/bin/env python3
"""Prints one conformance run's checks per scenario, and every failing or warning check.

usage: conformance-summary.py RESULTS_DIR
"""
import glob
import json
import os
import re
import sys

rows, notes = [], []
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*", "checks.json"))):
    scenario = re.sub(r"^server-|-\d{4}-\d{2}-\d{2}T[\d-]+Z$", "", os.path.basename(os.path.dirname(path)))
    checks = json.load(open(path))
    count = lambda status: sum(1 for c in checks if c["status"] == status)
    rows.append((scenario, count("SUCCESS"), count("FAILURE"), count("WARNING")))
    for check in checks:
        if check["status"] in ("FAILURE", "WARNING"):
            notes.append("  %s:%s %s %s" % (scenario, check["id"], check["status"],
                                            (check.get("errorMessage") or "")[:160]))
print("\nscenario                                        passed failed warnings")
for row in rows:
    print("%-47s %6d %6d %8d" % row)
print("%d scenarios: %d checks passed, %d failed, %d warnings" % (
    len(rows), sum(r[1] for r in rows), sum(r[2] for r in rows), sum(r[3] for r in rows)))
if notes:
    print("failing or warning checks:")
    print("\n".join(notes))
