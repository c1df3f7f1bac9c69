#!/usr/bin/env python3
"""Counts the tests that ran against PostgreSQL in this build, from the Surefire reports, and
fails if there are none: with QUIVER_TEST_POSTGRES_URL set, every *IntegrationTest runs on
PostgreSQL (the application's end-to-end tests share one PostgreSQL schema; the command module's
lookup-table tests have PostgreSQL variants), so zero means they were skipped."""
import glob
import os
import sys
import xml.etree.ElementTree as ET

ran = skipped = failed = 0
for report in glob.glob("*/target/surefire-reports/TEST-*.xml"):
    suite = ET.parse(report).getroot()
    if "IntegrationTest" not in suite.get("name", ""):
        continue
    for case in suite.iter("testcase"):
        if case.find("skipped") is not None:
            skipped += 1
        elif case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        else:
            ran += 1
print(f"PostgreSQL-backed integration tests: {ran} passed, {failed} failed, {skipped} skipped")
if not os.environ.get("QUIVER_TEST_POSTGRES_URL"):
    sys.exit("QUIVER_TEST_POSTGRES_URL is not set: the PostgreSQL-backed tests did not run")
if ran == 0 or failed:
    sys.exit(1)
