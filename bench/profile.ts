/**
 * A profiling target: runs chosen corpus calls through `prepareCall` in a loop for a few seconds,
 * nothing else, so a CPU profile shows only the subject.
 *
 *     npx tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile.ts [calls, e.g. 1,2,7] [seconds]
 *
 * @module
 */
import { CORPUS_CALLS, corpusRegistry } from "./corpus.js";

const registry = corpusRegistry();
const wanted = (process.argv[2] ?? "1,2,3,4,5,6,7,8").split(",").map(Number);
const seconds = Number(process.argv[3] ?? "4");
const calls = CORPUS_CALLS.filter((c) => wanted.includes(c.n));
let acc = 0;
let count = 0;
const start = Date.now();
while (Date.now() - start < seconds * 1000) {
  for (let i = 0; i < 1000; i++) {
    for (const call of calls) acc += registry.prepareCall(call.name, call.raw).error === null ? 1 : 2;
  }
  count += 1000 * calls.length;
}
console.log(`${count} calls, ${((seconds * 1e9) / count).toFixed(1)} ns/call, sink ${acc}`);
