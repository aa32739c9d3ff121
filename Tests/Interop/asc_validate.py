#!/usr/bin/python3
"""Validates the exchanges an App Store Connect server logged against Apple's OpenAPI specification.

Usage: asc_validate.py SPEC.json LOG.jsonl [--responses-only | --requests-only]
       asc_validate.py --check-spec SPEC.json     (SPEC.json is a valid, self-contained OpenAPI 3 document)

LOG.jsonl is what `apnsctl mock asc --log FILE` writes: one JSON object per exchange, with
  method, path, query (a query string "a=1&b=2", or an object of name -> value or list of values, or null),
  request_body (parsed JSON, a string, or null), status, response_body (parsed JSON or null), content_type.
Every request (the client's: what apnsctl sent) and every response (the server's: what the mock answered) is
validated with openapi-core against SPEC.json (Tests/Fixtures/appstoreconnect/openapi.json). Each violation is
printed with its exchange; the exit status is 1 when there is any, 2 on bad input, 0 otherwise.

--responses-only: the requests are not judged (e.g. a log of requests a test made invalid on purpose).
--requests-only: the responses are not judged.

The log carries no headers: the request is validated with a placeholder bearer token (the token itself is
checked by the mock and by the PyJWT tests), and the response with the content type the log names.
"""
import json
import sys
from urllib.parse import parse_qsl

from openapi_core import OpenAPI
from openapi_core.testing import MockRequest
from openapi_core.testing import MockResponse

HOST_URL = "https://api.appstoreconnect.apple.com"
PLACEHOLDER_AUTHORIZATION = "Bearer placeholder.token.value"


def query_pairs(query):
    """The log's query as (name, value) pairs, in order; repeated names stay repeated."""
    if query is None or query == "":
        return []
    if isinstance(query, str):
        return parse_qsl(query.lstrip("?"), keep_blank_values=True)
    if isinstance(query, dict):
        pairs = []
        for name, value in query.items():
            for item in value if isinstance(value, list) else [value]:
                pairs.append((name, "" if item is None else str(item)))
        return pairs
    if isinstance(query, list):
        return [(str(name), str(value)) for name, value in query]
    raise ValueError("query is neither a string, an object nor a list of pairs: %r" % (query,))


def body_bytes(body):
    if body is None:
        return b""
    if isinstance(body, str):
        return body.encode("utf-8")
    return json.dumps(body).encode("utf-8")


def reasons(error):
    """The messages of an openapi-core error and of the schema errors under it, most specific last."""
    out = []
    full = []
    seen = set()
    node = error
    while node is not None and id(node) not in seen:
        seen.add(id(node))
        text = str(node).strip()
        if text and not any(text in known for known in full):
            full.append(text)
            out.append(text if len(text) <= 400 else text[:400] + " …")
        for schema_error in getattr(node, "schema_errors", None) or []:
            where = "/".join(str(part) for part in schema_error.absolute_path) or "(the value)"
            out.append("at %s: %s" % (where, schema_error.message))
        node = node.__cause__ or node.__context__
    return out


def content_type_of(exchange, side):
    if side == "response":
        return (exchange.get("content_type") or "application/json").split(";")[0].strip()
    return exchange.get("request_content_type") or "application/json"


def requests_and_responses(exchange):
    method = str(exchange["method"]).upper()
    path, _, inline_query = str(exchange["path"]).partition("?")
    pairs = query_pairs(exchange.get("query")) or query_pairs(inline_query)
    has_body = exchange.get("request_body") is not None
    request = MockRequest(
        HOST_URL, method, path, args=pairs,
        headers={"Authorization": PLACEHOLDER_AUTHORIZATION},
        data=body_bytes(exchange.get("request_body")) if has_body else None,
        content_type=content_type_of(exchange, "request") if has_body else None)
    response_body = exchange.get("response_body")
    response = MockResponse(
        body_bytes(response_body), status_code=int(exchange["status"]),
        content_type=content_type_of(exchange, "response"))
    return request, response


def validate(spec_path, log_path, judge_requests=True, judge_responses=True, out=sys.stdout):
    """The number of violations found; each is printed to out with its exchange."""
    openapi = OpenAPI.from_file_path(spec_path)
    violations = 0
    exchanges = 0
    with open(log_path, encoding="utf-8") as f:
        lines = f.readlines()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            exchange = json.loads(line)
            request, response = requests_and_responses(exchange)
        except (ValueError, KeyError, TypeError) as error:
            print("asc_validate: %s:%d: not an exchange (%s): %s" % (log_path, number, error, line.strip()),
                  file=out)
            violations += 1
            continue
        exchanges += 1
        found = []
        if judge_requests:
            try:
                openapi.validate_request(request)
            except Exception as error:  # openapi-core's errors have no common base beyond Exception
                found.append(("request (the client's)", reasons(error)))
        if judge_responses:
            try:
                openapi.validate_response(request, response)
            except Exception as error:
                found.append(("response (the server's)", reasons(error)))
        for side, why in found:
            violations += 1
            print("VIOLATION %s:%d %s %s -> %d: the %s does not conform to Apple's spec" % (
                log_path, number, request.method.upper(), exchange["path"], response.status_code, side), file=out)
            for reason in why:
                print("    " + reason, file=out)
            print("    exchange: " + json.dumps(exchange, sort_keys=True)[:4000], file=out)
    print("asc_validate: %d exchange(s), %d violation(s)" % (exchanges, violations), file=out)
    return violations


def check_spec(spec_path):
    from openapi_spec_validator import validate as validate_spec
    with open(spec_path, encoding="utf-8") as f:
        spec = json.load(f)
    validate_spec(spec)  # raises on an invalid document or a $ref that does not resolve inside it
    text = json.dumps(spec)
    outside = sorted({ref for ref in _refs(spec) if not ref.startswith("#/")})
    if outside:
        raise ValueError("$ref outside the document: %s" % ", ".join(outside))
    print("asc_validate: %s: OpenAPI %s, %s %s, %d paths, valid and self-contained (%d bytes)" % (
        spec_path, spec["openapi"], spec["info"]["title"], spec["info"]["version"], len(spec["paths"]), len(text)))


def _refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def main(argv):
    if len(argv) == 3 and argv[1] == "--check-spec":
        try:
            check_spec(argv[2])
        except Exception as error:  # the validator's errors, a file that is not JSON, …
            print("asc_validate: %s: not a valid self-contained OpenAPI document: %s" % (argv[2], str(error)[:600]))
            return 1
        return 0
    flags = [a for a in argv[1:] if a.startswith("--")]
    args = [a for a in argv[1:] if not a.startswith("--")]
    unknown = set(flags) - {"--responses-only", "--requests-only"}
    if len(args) != 2 or unknown or len(flags) > 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        count = validate(args[0], args[1], judge_requests="--responses-only" not in flags,
                         judge_responses="--requests-only" not in flags)
    except OSError as error:
        print("asc_validate: %s" % error, file=sys.stderr)
        return 2
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
