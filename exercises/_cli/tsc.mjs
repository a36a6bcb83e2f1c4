// `npm run typecheck` and the type check of `npm test`: the TypeScript compiler that is installed,
// the arguments passed on. With the full install (`npm ci`) that is TypeScript 7's native compiler
// (the devDependency `typescript7`); with the learner install (`npm ci --omit=dev`), which leaves it
// out, TypeScript 5's (`typescript`, a dependency, which TypeDoc needs anyway). Both read the same
// tsconfig.json and report the same errors on the workbook. Exits with the compiler's status, or
// with 1 and one line when neither is installed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const compilers = [join(root, "node_modules", "typescript7", "bin", "tsc"), join(root, "node_modules", "typescript", "bin", "tsc")];
const tsc = compilers.find((file) => existsSync(file));
if (tsc === undefined) {
  console.log(`npm run ${process.env.npm_lifecycle_event ?? "typecheck"} needs TypeScript, which is not installed: run npm ci in the workbook's folder first.`);
  process.exitCode = 1;
} else {
  const result = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exitCode = result.status ?? 1;
}
