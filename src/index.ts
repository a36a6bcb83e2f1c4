/**
 * The public API of the workbook's reference implementation: the names `API.md` pins, what the
 * lessons, the exercises and the playground import, and the pure functions the lessons teach.
 * Start with {@link ToolRegistry.prepareCall}. The implementation's own limits and plumbing are
 * not here: a test that needs one imports it from its own module, which is not part of this API.
 *
 * @module
 */
export {
  Tool,
  ToolResult,
  isToolErrorResult,
  type RefusalCode,
  isObjectRootSchema,
  type JsonSchema,
  type ToolContext,
  type ExecuteOptions,
  type ToolClass,
  type ToolDefinition,
} from "./tools/base.js";
export {
  type AnyJsonTypeName,
  type JsonTypeName,
  type ParametersSchema,
  type PropertySchema,
  type RequiredList,
  type RequiredParameterNames,
} from "./schema/parameters-schema.js";
export { isPlainObject, describeJsonType, safeJsonStringify, CIRCULAR_MARK } from "./util/json.js";
export { castValue, compileCaster, castInteger, castNumber, castBoolean, castString, type Caster } from "./schema/cast.js";
export { resolveSchemaType } from "./util/json.js";
export { compileValidator, type Validator } from "./schema/validate.js";
export { readArgumentText, type ArgumentTextScope } from "./tools/argument-text.js";
export { coerceArgumentValue, unwrapArgumentsPayload } from "./tools/coerce.js";
export { nameKey, suggestToolName } from "./tools/suggest.js";
export { toolNotFoundMessage, notAnObjectMessage, invalidParametersMessage } from "./tools/messages.js";
export {
  toolTimeoutMessage,
  toolAbortedMessage,
  RUN_ABORTED_MESSAGE,
  maxIterationsMessage,
  DEFAULT_MAX_ITERATIONS_MESSAGE,
  BUDGET_EXHAUSTED_FINALIZATION_PROMPT,
  LENGTH_RECOVERY_PROMPT,
  MALFORMED_TOOL_CALLS_PROMPT,
  MALFORMED_TOOL_CALLS_TEXT_LABEL,
  malformedToolCallsMessage,
  lengthRecoveryMessage,
  MODEL_ERROR_MESSAGE,
  MODEL_ERROR_PLACEHOLDER,
  MISSING_TOOL_RESULT_MESSAGE,
} from "./agent/runner-texts.js";
export { escalationMessage } from "./agent/guards/violations.js";
export { REPEATED_LOOKUP_MESSAGE, REPEATED_LOOKUP_DETAIL } from "./agent/guards/lookup-throttle.js";
export { SSRF_NOTE } from "./agent/guards/refusal-kind.js";
export { emptyResultMessage } from "./agent/results/tool-message.js";
export { describeThrown, formatThrown, type ThrownDescription } from "./util/thrown.js";
export { SCHEMA_BUDGET, type SchemaBudget } from "./schema/budget.js";
export { ToolRegistry, TOOL_NAME_RULE, RETRY_HINT, type PrepareStep, type PrepareStepName, type PreparedCall } from "./tools/registry.js";
export {
  ToolCallRequest,
  parseToolArguments,
  toolArgumentsObjectForReplay,
  toolArgumentsJsonForReplay,
  type ChatRequest,
  type LLMResponse,
  type LLMProvider,
} from "./providers/base.js";
export { type ChatMessage, type OpenAIToolCall } from "./chat/message.js";
export { partitionBatches } from "./agent/batches.js";
export { truncateText, TRUNCATION_SUFFIX } from "./util/text-cut.js";
export { isEmptyToolResult, toolResultToText, RESULT_TEXT_CUT_NOTE } from "./agent/results/result-text.js";
export { safeFileName, persistToolResult, TOOL_RESULTS_DIR } from "./agent/results/result-persistence.js";
export { persistedReference, buildToolMessage, DEFAULT_MAX_TOOL_RESULT_CHARS, PERSISTENCE_EXEMPT_TOOLS } from "./agent/results/tool-message.js";
export { classifyViolation, refusalKind } from "./agent/guards/refusal-kind.js";
export { externalLookupSignature, LookupThrottle, MAX_REPEATED_EXTERNAL_LOOKUPS } from "./agent/guards/lookup-throttle.js";
export { workspaceViolationSignature, recordWorkspaceViolation, MAX_REPEATED_WORKSPACE_VIOLATIONS } from "./agent/guards/violations.js";
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
export { type ToolSource } from "./agent/tool-source.js";
export { addUsage, emptyUsage, replyUsage, type TokenUsage } from "./agent/usage.js";
export { DEFAULT_MAX_ITERATIONS, type AgentRunSpec, type AgentRunResult, type ToolEvent, type ExecuteToolsResult } from "./agent/run-spec.js";
export { AgentRunner } from "./agent/runner.js";
export {
  OpenAICompatibleProvider,
  ProviderError,
  providerFromEnv,
  DEFAULT_MODEL,
  type OpenAICompatibleProviderOptions,
  type EnvProvider,
} from "./providers/openai-compatible.js";
export { isPrivateAddress, parseHostAddress, assertPublicUrl, SsrfError, SsrfAllowlist, type HostLookup } from "./security/ssrf.js";
export { type IpAddress } from "./security/ip-address.js";
export { redactURL } from "./providers/redact.js";
export { WebFetchTool, type WebFetchToolOptions } from "./tools/builtin/web-fetch.js";
export { MCPToolAdapter, DEFAULT_MCP_CALL_TIMEOUT_MS, MCP_NO_OUTPUT, type MCPToolAdapterOptions } from "./mcp/adapter.js";
export { normalizeMcpInputSchema, mcpModelSchema } from "./mcp/model-schema.js";
export { MALFORMED_MCP_CONTENT } from "./mcp/content.js";
export { mcpToolClient, type McpToolInfo, type McpToolClient, type McpRequestOptions } from "./mcp/tool-client.js";
export { consoleMcpLogger, MAX_LOGGED_WARNINGS, MAX_LOGGED_CHARS, type McpLogger } from "./mcp/logger.js";
export { logText, LOG_TEXT_MAX_CHARS } from "./util/log-text.js";
export { adaptMcpTools, listMcpTools, type AdaptMcpToolsOptions, type McpToolProblem, type McpToolListing } from "./mcp/list-tools.js";
export { connectStdioMcpServer, type StdioMcpServerOptions, type StdioMcpConnection } from "./mcp/stdio-connection.js";
export {
  assignMcpToolNames,
  mcpToolName,
  sanitizeToolName,
  limitToolName,
  MAX_SHARED_NAMES_SHOWN,
  MAX_TOOL_NAME_LENGTH,
  TOOL_NAME_PATTERN,
  type McpNameAssignment,
  type McpNameKept,
  type McpNameChanged,
  type McpNameRefused,
} from "./mcp/tool-name.js";
export { registerMcpTools, type McpRegistration, type SkippedMcpTool } from "./mcp/register.js";
export { SafeJsonSchemaValidator, compileOutputSchema, type OutputCheck } from "./mcp/output-validator.js";
export { ToolLoader, type ToolLoaderOptions, type LoaderLogger } from "./tools/loader.js";
export { isLoadableToolClass } from "./tools/loadable-class.js";
export { wrapPluginTool } from "./tools/plugin-tool-wrapper.js";
export { resolveInWorkspace, WorkspaceViolationError } from "./tools/workspace.js";
export { ReadFileTool } from "./tools/builtin/read-file.js";
export { ListDirTool } from "./tools/builtin/list-dir.js";
export { WriteFileTool } from "./tools/builtin/write-file.js";
export { WorkspaceTool } from "./tools/builtin/_workspace-tool.js";
export type { ReadFileParams } from "./tools/builtin/read-file.js";
export type { ListDirParams } from "./tools/builtin/list-dir.js";
export type { WriteFileParams } from "./tools/builtin/write-file.js";
export type { WebFetchParams } from "./tools/builtin/web-fetch.js";
