"""Renders a batch of templates with Jinja2 itself, the reference Parley's templating must match.

Reads [{"template": str, "variables": dict}] as JSON on stdin; writes [{"ok", "output" | "error"}].
Uses Jinja2's SandboxedEnvironment with its defaults, plus the product's loadjson filter.
"""
import ast
import json
import sys

from jinja2.sandbox import SandboxedEnvironment


def loadjson(value):
    try:
        return json.loads(value)
    except Exception:
        return ast.literal_eval(value)


env = SandboxedEnvironment()
env.filters["loadjson"] = loadjson

results = []
for case in json.load(sys.stdin):
    try:
        output = env.from_string(case["template"]).render(**case.get("variables", {}))
        results.append({"ok": True, "output": output})
    except Exception as error:  # every failure counts as "an error", whatever its kind
        results.append({"ok": False, "error": f"{type(error).__name__}: {error}"})
json.dump(results, sys.stdout)
