#!/usr/bin/env python3
"""Cross-checks jsonjit's verdicts with python3-jsonschema's (Debian's, an independent
implementation) on instances neither test suite wrote: every test instance of the official
suite's main keyword files for drafts 2020-12 and 07, mutated (numbers moved, members dropped and
added, values wrapped, types swapped). Only schemas on which python-jsonschema itself passes all
of the suite's tests are used, so that a disagreement is ours to explain.

Usage: crosscheck_python.py JSONJIT_TOOL SUITE_DIR
"""
import copy
import json
import subprocess
import sys
import tempfile

import jsonschema

FILES = ["additionalProperties", "allOf", "anyOf", "const", "contains", "dependentRequired",
         "dependentSchemas", "enum", "exclusiveMaximum", "exclusiveMinimum", "if-then-else", "items",
         "maxItems", "maxLength", "maxProperties", "maximum", "minItems", "minLength", "minProperties",
         "minimum", "multipleOf", "not", "oneOf", "pattern", "patternProperties", "prefixItems",
         "properties", "propertyNames", "required", "type", "unevaluatedItems", "unevaluatedProperties",
         "uniqueItems", "ref", "defs", "dependencies", "additionalItems"]
DRAFTS = {"draft2020-12": ("2020-12", jsonschema.Draft202012Validator),
          "draft7": ("7", jsonschema.Draft7Validator)}


def json_equal(a, b):
    """JSON Schema's equality: booleans are not numbers, numbers compare by value."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def referee_error(schema, instance, ours):
    """Where python-jsonschema 4.10 is known to be wrong, the verdict worked out here instead:
    its uniqueItems takes [1] and [true] inside arrays for equal. Returns True when `ours` is
    the right verdict for a case of that kind."""
    plain = {k: v for k, v in schema.items() if k != "$schema"} if isinstance(schema, dict) else None
    if plain == {"uniqueItems": True} and isinstance(instance, list):
        unique = not any(json_equal(instance[i], instance[j])
                         for i in range(len(instance)) for j in range(i + 1, len(instance)))
        return ours == unique
    return False


def mutations(value):
    """A few instances near `value`."""
    out = [value, [value], {"x": value}, None, "text", 0, 1.5, -1, True, [], {}]
    if isinstance(value, bool):
        out.append(not value)
    elif isinstance(value, (int, float)):
        out += [value + 1, value - 1, value * 2, value / 2, -value, str(value)]
    elif isinstance(value, str):
        out += [value + value, value[:-1], value.upper(), len(value)]
    elif isinstance(value, list):
        out += [value + value, value[:-1], value[1:], list(reversed(value)), value + [None], [value]]
        for i in range(min(len(value), 3)):
            for m in mutations(value[i])[:6]:
                changed = copy.deepcopy(value)
                changed[i] = m
                out.append(changed)
    elif isinstance(value, dict):
        for k in list(value)[:4]:
            dropped = copy.deepcopy(value)
            del dropped[k]
            out.append(dropped)
            for m in mutations(value[k])[:6]:
                changed = copy.deepcopy(value)
                changed[k] = m
                out.append(changed)
        out.append(dict(value, extra=1))
        out.append(dict(value, foo="bar"))
    return out


def main():
    tool, suite = sys.argv[1], sys.argv[2]
    checked = schemas = referee_errors = 0
    disagreements = []
    for folder, (draft_arg, validator_class) in DRAFTS.items():
        for name in FILES:
            try:
                with open(f"{suite}/tests/{folder}/{name}.json", encoding="utf-8") as f:
                    cases = json.load(f)
            except FileNotFoundError:
                continue
            for case in cases:
                schema = case["schema"]
                if "localhost:1234" in json.dumps(schema):
                    continue  # remote references: python would need the same registry
                validator = validator_class(schema)
                try:
                    if any(validator.is_valid(t["data"]) != t["valid"] for t in case["tests"]):
                        continue  # python-jsonschema's own miss: no referee here
                except Exception:  # a pattern Python's re module does not read (\p{...}), say
                    continue
                instances = []
                for t in case["tests"]:
                    for m in mutations(t["data"]):
                        text = json.dumps(m)
                        if text not in instances:
                            instances.append(text)
                with tempfile.NamedTemporaryFile("w", suffix=".json") as s, \
                        tempfile.NamedTemporaryFile("w", suffix=".jsonl") as lines:
                    json.dump(schema, s)
                    s.flush()
                    lines.write("\n".join(instances) + "\n")
                    lines.flush()
                    run = subprocess.run([tool, "validate", "--draft", draft_arg, "--output", "flag", "--lines",
                                          s.name, lines.name], capture_output=True, text=True)
                ours = [json.loads(line)["valid"] for line in run.stdout.splitlines()]
                if run.returncode not in (0, 1) or len(ours) != len(instances):
                    disagreements.append(f"{folder}/{name}: {case['description']}: the tool failed: {run.stderr}")
                    continue
                schemas += 1
                for text, verdict in zip(instances, ours):
                    try:
                        theirs = validator.is_valid(json.loads(text))
                    except Exception:
                        continue
                    checked += 1
                    if verdict != theirs and referee_error(schema, json.loads(text), verdict):
                        referee_errors += 1
                    elif verdict != theirs:
                        disagreements.append(f"{folder}/{name}: {case['description']}: {text}: "
                                             f"jsonjit {verdict}, python-jsonschema {theirs}")
    print(f"{checked} instances of {schemas} schemas cross-checked with python-jsonschema; "
          f"{len(disagreements)} disagreements ({referee_errors} more where python-jsonschema's "
          f"uniqueItems is wrong and ours is right)")
    for d in disagreements[:50]:
        print("  " + d)
    if checked < 1000:
        print("too few instances checked")
        return 1
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
