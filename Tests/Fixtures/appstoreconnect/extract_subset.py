#!/usr/bin/env python3
"""Extracts from Apple's App Store Connect OpenAPI specification the paths apnsctl's App Store Connect verbs use
(bundle IDs, their capabilities, devices, certificates, profiles) and every component they reference, followed
transitively, so the subset is a self-contained, valid OpenAPI document (openapi-spec-validator accepts it).

Usage: extract_subset.py FULL_SPEC.json [OUT.json] [--unpatch-from APPLE_VERBATIM.json]
       (OUT default: openapi.json beside this script)

FULL_SPEC.json is the JSON file inside Apple's app-store-connect-openapi-specification.zip (see SOURCE.md).
--unpatch-from: FULL_SPEC.json is a copy an SDK patched (AvdLee/appstoreconnect-swift-sdk's SpecPatching adds
"SERVICES" to BundleIdPlatform and replaces ErrorResponse's inline error object by its own ResponseError, which
no longer requires `detail`); those schemas are taken instead from APPLE_VERBATIM.json, an unmodified file of
Apple's, so the subset says what Apple's spec says.
The output is written with sorted keys and two-space indentation, so a refresh shows as a readable diff.
"""
import json
import os
import re
import sys

# The resources issue 41's verbs and `mock asc` use. A path is kept when it is one of these collections, an
# instance of one, or a related/relationship path between two of them; paths to other resources (e.g.
# /v1/bundleIds/{id}/app) are left out, and so is everything only they reference.
RESOURCES = ("bundleIds", "bundleIdCapabilities", "devices", "certificates", "profiles")
_names = "|".join(RESOURCES)
KEEP = [
    re.compile(r"^/v1/(%s)$" % _names),
    re.compile(r"^/v1/(%s)/\{id\}$" % _names),
    re.compile(r"^/v1/(%s)/\{id\}/(%s|bundleId)$" % (_names, _names)),
    re.compile(r"^/v1/(%s)/\{id\}/relationships/(%s|bundleId)$" % (_names, _names)),
]


def refs(node):
    """Every "$ref" string under node."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def resolve(spec, ref):
    if not ref.startswith("#/"):
        raise SystemExit("extract_subset: external $ref %r is not supported" % ref)
    node = spec
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[part]
    return node


# The schemas the SDK's patches change in this subset, and the one it adds.
SDK_PATCHED = ("BundleIdPlatform", "ErrorResponse")
SDK_ADDED = ("ResponseError",)


def unpatch(spec, verbatim):
    schemas = spec["components"]["schemas"]
    for name in SDK_PATCHED:
        schemas[name] = verbatim["components"]["schemas"][name]
    for name in SDK_ADDED:
        schemas.pop(name, None)
    spec["info"]["x-unpatched-from"] = "%s (Apple, verbatim): %s" % (
        verbatim["info"].get("version"), ", ".join(SDK_PATCHED))


def subset(spec):
    paths = {p: item for p, item in spec["paths"].items() if any(rx.match(p) for rx in KEEP)}
    out = {key: spec[key] for key in ("openapi", "info", "servers", "security", "tags") if key in spec}
    out["paths"] = paths
    components = {}
    seen = set()
    todo = list(refs(paths)) + list(refs(spec.get("security", [])))
    # Security schemes are referenced by name, not by $ref: keep the ones the document's security names.
    for requirement in spec.get("security", []):
        for name in requirement:
            components.setdefault("securitySchemes", {})[name] = spec["components"]["securitySchemes"][name]
    while todo:
        ref = todo.pop()
        if ref in seen:
            continue
        seen.add(ref)
        parts = ref[2:].split("/")
        if len(parts) != 3 or parts[0] != "components":
            raise SystemExit("extract_subset: unexpected $ref %r" % ref)
        target = resolve(spec, ref)
        components.setdefault(parts[1], {})[parts[2]] = target
        todo.extend(refs(target))
    out["components"] = components
    if "tags" in out:
        used = {tag for item in paths.values() for op in item.values() if isinstance(op, dict)
                for tag in op.get("tags", [])}
        out["tags"] = [tag for tag in out["tags"] if tag.get("name") in used]
    return out


def main(argv):
    verbatim = None
    if "--unpatch-from" in argv:
        i = argv.index("--unpatch-from")
        with open(argv[i + 1], encoding="utf-8") as f:
            verbatim = json.load(f)
        argv = argv[:i] + argv[i + 2:]
    if len(argv) not in (2, 3):
        raise SystemExit(__doc__)
    with open(argv[1], encoding="utf-8") as f:
        spec = json.load(f)
    if verbatim is not None:
        unpatch(spec, verbatim)
    out_path = argv[2] if len(argv) == 3 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "openapi.json")
    result = subset(spec)
    with open(out_path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(result, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    os.replace(out_path + ".tmp", out_path)
    print("extract_subset: %s: version %s, %d paths, %d schemas" % (
        out_path, result["info"].get("version"), len(result["paths"]), len(result["components"].get("schemas", {}))))


if __name__ == "__main__":
    main(sys.argv)
