// ajv 8 for jsonjit's benchmark report (bench/schema/ajv_peer.cpp runs it): the schema (2020-12)
// compiled once with its fastest documented options (no allErrors, no verbose), then, on
// request, batches of operations timed here — each operation every instance JSON.parse'd and
// validated. Requests on stdin, one per line: "check", "run N", "compile N"; one answer line each.
import Ajv2020 from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import readline from "node:readline";

const [schemaPath, instancesPath] = process.argv.slice(2);
const schemaText = readFileSync(schemaPath, "utf8");
const instances = JSON.parse(readFileSync(instancesPath, "utf8"));  // the texts, as they are
// One Ajv instance, as an application keeps one: compiling again drops the compiled schemas
// first (not the meta-schemas), so that each compilation does the whole work.
const ajv = new Ajv2020({ strict: false });
const compile = () => {
  ajv.removeSchema();
  return ajv.compile(JSON.parse(schemaText));
};
const validate = compile();

const answer = (text) => process.stdout.write(text + "\n");
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const [command, count] = line.split(" ");
  const n = Number(count ?? 1);
  if (command === "check") {
    let valid = 0;
    for (const text of instances) valid += validate(JSON.parse(text)) ? 1 : 0;
    answer(String(valid));
  } else if (command === "run") {
    let valid = 0;
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; ++i) {
      for (const text of instances) valid += validate(JSON.parse(text)) ? 1 : 0;
    }
    const elapsed = process.hrtime.bigint() - start;
    answer(`${elapsed} ${valid}`);
  } else if (command === "compile") {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; ++i) compile();
    answer(String(process.hrtime.bigint() - start));
  } else {
    answer("error unknown request");
  }
});
