// JavaScript JSONPath peers for jsonjit's benchmark report (bench/query/query_bench.cpp runs
// it): json-p3 (the query compiled once, its fastest documented use) or jsonpath-rfc9535 (its
// one entry point, query(value, path)). Each operation is the whole job from text: JSON.parse
// of the input, then the query. Requests on stdin, one per line: "check" (the selected values
// as a JSON array), "run N" (nanoseconds for N operations, and the values' count).
import { readFileSync } from "node:fs";
import readline from "node:readline";

const [library, inputPath, queryPath] = process.argv.slice(2);
const text = readFileSync(inputPath, "utf8");
const path = readFileSync(queryPath, "utf8");

let select;
if (library === "json-p3") {
  const { jsonpath } = await import("json-p3");
  const compiled = jsonpath.compile(path);
  select = (value) => compiled.query(value).values();
} else if (library === "jsonpath-rfc9535") {
  const { query } = await import("jsonpath-rfc9535");
  select = (value) => query(value, path);
} else {
  throw new Error(`unknown library ${library}`);
}

const answer = (line) => process.stdout.write(line + "\n");
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const [command, count] = line.split(" ");
  if (command === "check") {
    answer(JSON.stringify(select(JSON.parse(text))));
  } else if (command === "run") {
    const n = Number(count ?? 1);
    let selected = 0;
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; ++i) selected += select(JSON.parse(text)).length;
    answer(`${process.hrtime.bigint() - start} ${selected}`);
  } else {
    answer("error unknown request");
  }
});
