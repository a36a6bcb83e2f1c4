/**
 * Not the public API. These are the implementation's own limits, lists and small functions,
 * gathered in one place so that tests and benchmarks can reach them without naming every module:
 * pattern-cost limits and the regular-expression engines, schema dialect conversion, retry-policy
 * details, housekeeping of persisted results, HTML-to-text and other plumbing.
 *
 * A lesson, an exercise or a tool author imports from `src/index.ts` instead; nothing here is
 * pinned by `API.md`, and any of it may change, move or disappear without notice. No name is
 * exported both here and from `src/index.ts` (`test/structure/public-api.test.ts` checks it).
 *
 * @module
 */
export { parseJsonOr } from "./json.js";
export { formatAjvErrors, MAX_REPORTED_PROBLEMS } from "./tools/ajv-errors.js";
export { formatInstancePath } from "./tools/instance-path.js";
export { LENGTH_RECOVERY_TAIL_CHARS } from "./tools/messages.js";
export { schemaBudgetProblem, assertWithinSchemaBudget } from "./tools/schema-budget.js";
export {
  MAX_PATTERN_COST,
  MAX_PATTERN_INPUT,
  MAX_PATTERN_WORK,
  PatternCheckError,
  PatternError,
  longestCheckedInput,
  ajvRegExpEngine,
  nativePatternEngine,
  patternCost,
  patternProblem,
  portablePattern,
  unsupportedPatternFeature,
  type AjvRegExpEngine,
  type CompiledPattern,
  type PatternEngine,
} from "./tools/pattern.js";
export { re2PatternEngine, re2LivePrograms } from "./tools/re2-engine.js";
export { validationWork, workSnapshot, workBetween, type ValidationWork } from "./tools/validation-work.js";
export { repeatedItems } from "./tools/unique-items.js";
export { isMultipleOf, shortestDecimal } from "./tools/multiple-of.js";
export { asyncKeywordAt, asyncSchemaProblem } from "./tools/async-schema.js";
export { toJsonSchema2020, createSchemaCompiler, type SchemaCompiler } from "./tools/dialect.js";
export { normalizeCall } from "./providers/base.js";
export { sliceAtCodePoint } from "./agent/text-cut.js";
export { RESULT_TEXT_MAX_CHARS, RESULT_TEXT_MAX_NODES } from "./agent/result-text.js";
export {
  TOOL_RESULT_BUCKET_MARKER,
  pruneToolResultBuckets,
  TOOL_RESULT_BUCKET_MAX_AGE_MS,
  TOOL_RESULT_MAX_OTHER_BUCKETS,
} from "./agent/result-persistence.js";
export { PERSIST_PREVIEW_CHARS, PERSISTED_PREVIEW_CUT_LINE, toolMessageContent } from "./agent/tool-message.js";
export { ModelHistory, repairToolPairs, type ModelHistoryOptions } from "./agent/model-history.js";
export { durationOption, wholeNumberOption, MAX_TIMER_MS, type WholeNumberRule } from "./util/options.js";
export { SSRF_MARKERS, WORKSPACE_MARKERS } from "./agent/refusal-kind.js";
export { MAX_LENGTH_RECOVERIES, TOOL_FINISH_REASONS } from "./agent/runner.js";
export { DEFAULT_TIMEOUT_MS, DEFAULT_MAX_RESPONSE_BYTES } from "./providers/openai-compatible.js";
export { newToolCallId } from "./providers/chat-completion.js";
export { DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_WAIT_MS, RETRY_DELAYS_MS, isRetryableStatus, retryAfterMs } from "./providers/retry-policy.js";
export { systemLookup } from "./security/ssrf.js";
export { REDACTED } from "./providers/redact.js";
export { htmlToText, cutNote } from "./tools/builtin/web-fetch.js";
export { MAX_LIST_PAGES } from "./mcp/list-tools.js";
export { ProcessGroupStdioTransport, type ProcessGroupStdioOptions } from "./mcp/stdio-transport.js";
export { SKIPPED_MODULES } from "./tools/loader.js";
export { MAX_PATH_LENGTH } from "./tools/workspace.js";
export { fileErrorResult } from "./tools/builtin/read-file.js";
