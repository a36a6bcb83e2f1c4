/**
 * The public API of the workbook's reference implementation: everything the lessons, the
 * exercises and the tests import. Start with {@link ToolRegistry.prepareCall}.
 *
 * @module
 */
export {
  Tool,
  ToolResult,
  isToolErrorResult,
  isObjectRootSchema,
  type JsonSchema,
  type ToolContext,
  type ExecuteOptions,
  type ToolClass,
  type ToolDefinition,
} from "./tools/base.js";
export { castValue, compileCaster, castInteger, castNumber, castBoolean, castString, isPlainObject, resolveSchemaType, type Caster } from "./tools/cast.js";
export { compileValidator, formatAjvErrors, formatInstancePath, MAX_REPORTED_PROBLEMS, type Validator } from "./tools/validate.js";
export { coerceArgumentValue, unwrapArgumentsPayload, describeJsonType, parseJsonOr } from "./tools/coerce.js";
export { nameKey, suggestToolName } from "./tools/suggest.js";
export { toolNotFoundMessage, notAnObjectMessage, invalidParametersMessage, emptyResultMessage } from "./tools/messages.js";
export { describeThrown, formatThrown, type ThrownDescription } from "./tools/thrown.js";
export { SCHEMA_BUDGET, schemaBudgetProblem, assertWithinSchemaBudget, type SchemaBudget } from "./tools/schema-budget.js";
export {
  MAX_PATTERN_COST,
  MAX_PATTERN_INPUT,
  MAX_PATTERN_WORK,
  PatternError,
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
export { re2PatternEngine, RE2_LIVE_PROGRAMS } from "./tools/re2-engine.js";
export { toJsonSchema2020, createSchemaCompiler, type SchemaCompiler } from "./tools/dialect.js";
export { ToolRegistry, TOOL_NAME_RULE, RETRY_HINT, type PrepareStep, type PrepareStepName, type PreparedCall } from "./tools/registry.js";
export {
  ToolCallRequest,
  parseToolArguments,
  toolArgumentsObjectForReplay,
  toolArgumentsJsonForReplay,
  type ChatMessage,
  type OpenAIToolCall,
  type ChatRequest,
  type LLMResponse,
  type LLMProvider,
} from "./providers/base.js";
export { partitionBatches } from "./agent/batches.js";
export {
  isEmptyToolResult,
  toolResultToText,
  truncateText,
  safeFileName,
  persistToolResult,
  persistedReference,
  buildToolMessage,
  DEFAULT_MAX_TOOL_RESULT_CHARS,
  PERSIST_PREVIEW_CHARS,
  TRUNCATION_SUFFIX,
  TOOL_RESULTS_DIR,
  PERSISTENCE_EXEMPT_TOOLS,
  pruneToolResultBuckets,
  TOOL_RESULT_BUCKET_MAX_AGE_MS,
  TOOL_RESULT_MAX_OTHER_BUCKETS,
} from "./agent/tool-message.js";
export {
  classifyViolation,
  workspaceViolationSignature,
  externalLookupSignature,
  escalationMessage,
  SSRF_NOTE,
  REPEATED_LOOKUP_MESSAGE,
  MAX_REPEATED_EXTERNAL_LOOKUPS,
  MAX_REPEATED_WORKSPACE_VIOLATIONS,
  SSRF_MARKERS,
  WORKSPACE_MARKERS,
  type ViolationKind,
} from "./agent/violations.js";
export {
  ScriptedProvider,
  FakeTool,
  ANY_PARAMS,
  NO_PARAMS,
  toolCall,
  toolReply,
  textReply,
  registryOf,
  deferred,
  tick,
  type ScriptStep,
  type RecordedRequest,
  type FakeToolOptions,
  type FakeToolCall,
  type FakeToolRun,
  type Deferred,
} from "./testing/index.js";
export {
  AgentRunner,
  budgetHistoryMessage,
  DEFAULT_MAX_ITERATIONS,
  REPEATED_LOOKUP_DETAIL,
  RUN_ABORTED_MESSAGE,
  toolTimeoutMessage,
  toolAbortedMessage,
  maxIterationsMessage,
  DEFAULT_MAX_ITERATIONS_MESSAGE,
  BUDGET_EXHAUSTED_FINALIZATION_PROMPT,
  LENGTH_RECOVERY_PROMPT,
  MAX_LENGTH_RECOVERIES,
  LENGTH_RECOVERY_TAIL_CHARS,
  lengthRecoveryMessage,
  MODEL_ERROR_MESSAGE,
  MODEL_ERROR_PLACEHOLDER,
  TOOL_FINISH_REASONS,
  type AgentRunSpec,
  type AgentRunResult,
  type ToolEvent,
  type ExecuteToolsResult,
} from "./agent/runner.js";
export {
  OpenAICompatibleProvider,
  ProviderError,
  providerFromEnv,
  DEFAULT_MODEL,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_WAIT_MS,
  RETRY_DELAYS_MS,
  isRetryableStatus,
  retryAfterMs,
  newToolCallId,
  type OpenAICompatibleProviderOptions,
  type EnvProvider,
} from "./providers/openai-compatible.js";
export {
  isPrivateAddress,
  parseHostAddress,
  assertPublicUrl,
  SsrfError,
  SsrfAllowlist,
  systemLookup,
  type HostLookup,
} from "./security/ssrf.js";
export { redactURL, REDACTED } from "./providers/redact.js";
export { WebFetchTool, htmlToText, cutNote, type WebFetchToolOptions } from "./tools/builtin/web-fetch.js";
export {
  MCPToolAdapter,
  adaptMcpTools,
  connectStdioMcpServer,
  mcpToolName,
  normalizeMcpInputSchema,
  MALFORMED_MCP_CONTENT,
  listMcpTools,
  mcpToolClient,
  MAX_LIST_PAGES,
  consoleMcpLogger,
  type McpToolInfo,
  type McpToolClient,
  type McpRequestOptions,
  type MCPToolAdapterOptions,
  type AdaptMcpToolsOptions,
  type StdioMcpServerOptions,
  type StdioMcpConnection,
  type McpLogger,
  type McpToolProblem,
  type McpToolListing,
} from "./mcp/adapter.js";
export { assignMcpToolNames, MAX_TOOL_NAME_LENGTH, TOOL_NAME_PATTERN, type McpNameAssignment, type McpNameKept, type McpNameChanged, type McpNameRefused } from "./mcp/tool-name.js";
export { registerMcpTools, type McpRegistration, type SkippedMcpTool } from "./mcp/register.js";
export { SafeJsonSchemaValidator, compileOutputSchema, type OutputCheck } from "./mcp/output-validator.js";
export { ProcessGroupStdioTransport, type ProcessGroupStdioOptions } from "./mcp/stdio-transport.js";
export { ToolLoader, isLoadableToolClass, wrapPluginTool, SKIPPED_MODULES, type ToolLoaderOptions, type LoaderLogger } from "./tools/loader.js";
export { resolveInWorkspace, WorkspaceViolationError, MAX_PATH_LENGTH } from "./tools/workspace.js";
export { ReadFileTool, fileErrorResult } from "./tools/builtin/read-file.js";
export { ListDirTool } from "./tools/builtin/list-dir.js";
export { WriteFileTool } from "./tools/builtin/write-file.js";
export { WorkspaceTool } from "./tools/builtin/_workspace-tool.js";
