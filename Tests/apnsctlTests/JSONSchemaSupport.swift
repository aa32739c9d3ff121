import Foundation
import TestSupport
import Testing

/// Checks apnsctl's `--format json` output against the published JSON Schemas (docs/json/*.schema.json) with an
/// independent validator: Python's `jsonschema` (draft 2020-12), not anything apnsctl wrote.
struct JSONSchemaCheck {
    /// docs/json in the repository.
    static let directory = CLI.repositoryRoot.appendingPathComponent("docs/json")

    /// The schema files, by name without `.schema.json` (`common` included).
    static var schemaNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".schema.json") }
            .map { String($0.dropLast(".schema.json".count)) }
            .sorted()
    }

    private struct Sample: Encodable {
        var schema: String
        var label: String
        var path: String
        var lines: Bool
    }

    private var samples = [Sample]()
    private let work = CLI.temporaryDirectory("json-schema")

    /// Records `result`'s stdout to be validated against `schema` (`lines`: one document per line, as
    /// `mock serve` and `probe --interval` print). `label` names the case in failures.
    mutating func add(_ schema: String, _ label: String, _ result: CLI.Result, lines: Bool = false) {
        add(schema, label, stdout: result.stdoutData, lines: lines)
    }

    mutating func add(_ schema: String, _ label: String, stdout: Data, lines: Bool = false) {
        let path = work.appendingPathComponent("\(samples.count).json").path
        let written = FileManager.default.createFile(atPath: path, contents: stdout)
        #expect(written, "cannot write \(path)")
        samples.append(Sample(schema: schema, label: label, path: path, lines: lines))
    }

    /// The schemas the samples were checked against.
    var schemasUsed: Set<String> { Set(samples.map(\.schema)) }

    /// Validates every recorded sample in one Python process; returns one line per problem (empty: all valid).
    func problems() throws -> [String] {
        let manifest = work.appendingPathComponent("manifest.json").path
        try JSONEncoder().encode(samples).write(to: URL(fileURLWithPath: manifest))
        let run = try ExternalProcess.run("/usr/bin/python3", ["-c", Self.validator, Self.directory.path, manifest])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        guard run.status == 0, lines.last == "checked \(samples.count)" else {
            return ["the validator did not finish (exit \(run.status)): \(run.stdout)\(run.stderr)"]
        }
        return Array(lines.dropLast())
    }

    /// Loads every schema as one compound document (each keeps its `$id`, so `$ref`s between them resolve without
    /// a registry) and validates each sample against its command's schema.
    static let validator = #"""
import json, pathlib, sys
import jsonschema
schemas = [json.loads(p.read_text()) for p in sorted(pathlib.Path(sys.argv[1]).glob("*.schema.json"))]
for schema in schemas:
    jsonschema.Draft202012Validator.check_schema(schema)
ids = {s["$id"].rsplit("/", 1)[1][: -len(".schema.json")]: s["$id"] for s in schemas}
samples = json.load(open(sys.argv[2]))
for sample in samples:
    bundle = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              "$defs": {s["$id"]: s for s in schemas}, "$ref": ids[sample["schema"]]}
    validator = jsonschema.Draft202012Validator(bundle)
    text = open(sample["path"], encoding="utf-8").read()
    documents = []
    try:
        documents = [json.loads(line) for line in text.splitlines() if line.strip()] if sample["lines"] else [json.loads(text)]
    except ValueError as error:
        print(f'{sample["label"]}: not JSON ({error}): {text[:200]!r}')
    if not documents and text.strip() == "":
        print(f'{sample["label"]}: printed nothing')
    for document in documents:
        for error in validator.iter_errors(document):
            where = "/".join(str(part) for part in error.absolute_path) or "(top)"
            print(f'{sample["label"]} ({sample["schema"]}): at {where}: {error.message[:300]}')
print(f"checked {len(samples)}")
"""#
}
