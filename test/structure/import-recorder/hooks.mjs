// Module hooks for record.ts: appends every module URL that gets resolved to the file
// named by RECORD_IMPORTS, so a test can see what importing a module really loaded.
import { appendFileSync } from "node:fs";

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.RECORD_IMPORTS, `${result.url}\n`);
  return result;
}
