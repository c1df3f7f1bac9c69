#!/usr/bin/env python3
"""Serves the conformance suite's fixture tools from a real upstream through a toolbox.

The suite calls tools of fixed names (test_image_content, test_tool_with_progress, ...).
Quiver serves no fixtures of its own: an organisation connects an upstream MCP server
(@modelcontextprotocol/server-everything over Streamable HTTP) and an admin curates a
toolbox whose entries carry the suite's names and map onto that server's tools, with frozen
arguments where the fixture takes none. Everything goes through the REST API, as an admin
would do it, so every fixture call crosses the whole call pipeline (gates, audit, relay).

usage: conformance-fixtures.py QUIVER_BASE_URL EVERYTHING_MCP_URL
"""
import json
import sys
import urllib.request

BASE, UPSTREAM = sys.argv[1], sys.argv[2]

# fixture name -> (server-everything tool, frozen arguments); see docs/conformance.md
FIXTURES = {
    "test_simple_text": ("echo", {"message": "This is a simple text response for testing."}),
    "test_image_content": ("get-tiny-image", None),
    "test_embedded_resource": ("get-resource-reference", {"resourceType": "Text", "resourceId": 1}),
    "test_tool_with_progress": ("trigger-long-running-operation", {"duration": 0.3, "steps": 3}),
    "test_sampling": ("trigger-sampling-request", None),
    "test_elicitation": ("trigger-elicitation-request", None),
    "test_missing_capability": ("trigger-sampling-request", {"prompt": "capability probe"}),
    # 2026-07-28 input-required rounds (SEP-2322): the upstream's sampling or elicitation
    # request during the call is the round's question
    "test_input_required_result_sampling": ("trigger-sampling-request",
                                            {"prompt": "What is the capital of France?"}),
    "test_input_required_result_capabilities": ("trigger-sampling-request", {"prompt": "capabilities probe"}),
    "test_input_required_result_elicitation": ("trigger-elicitation-request", None),
    "test_input_required_result_request_state": ("trigger-elicitation-request", None),
    "test_input_required_result_tampered_state": ("trigger-elicitation-request", None),
}


def call(method, path, body=None, token=None):
    request = urllib.request.Request(BASE + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            text = response.read().decode()
            return json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        raise SystemExit("%s %s -> %s %s" % (method, path, error.code, error.read().decode()[:500]))


token = call("POST", "/dev/token", {"sub": "admin", "org": "demo"})["access_token"]
call("POST", "/api/v1/catalog", {"id": "everything", "label": "Everything", "kind": "mcp", "url": UPSTREAM,
                                  "allowPrivateNetwork": True}, token)
connection = call("POST", "/api/v1/connections", {"connector": "everything", "label": "everything"}, token)
call("POST", "/api/v1/toolboxes", {"name": "conformance",
                                   "description": "The conformance suite's fixture tools"}, token)
for name, (tool, frozen) in FIXTURES.items():
    entry = {"operation": "everything." + tool, "connections": ["everything"], "name": name}
    if frozen:
        entry["frozen"] = frozen
    call("POST", "/api/v1/toolboxes/conformance/entries", entry, token)
call("POST", "/api/v1/toolboxes/conformance/grants", {"target": "user:admin"}, token)
# every fixture listed directly (not collapsed behind search_tools), as the suite expects
call("PATCH", "/api/v1/org/settings", {"collapseThreshold": 500}, token)
print("fixtures: %d tools imported from %s, %d fixture names mapped" % (
    connection.get("importedTools", 0), UPSTREAM, len(FIXTURES)))
