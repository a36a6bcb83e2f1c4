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
export { coerceArgumentValue, unwrapArgumentsPayload, describeJsonType } from "./tools/coerce.js";
export { nameKey, suggestToolName } from "./tools/suggest.js";
export { toolNotFoundMessage, notAnObjectMessage, invalidParametersMessage, emptyResultMessage } from "./tools/messages.js";
export { describeThrown, formatThrown, type ThrownDescription } from "./tools/thrown.js";
export { ToolRegistry, RETRY_HINT, type PrepareStep, type PrepareStepName, type PreparedCall } from "./tools/registry.js";
export {
  ToolCallRequest,
  parseToolArguments,
  toolArgumentsObjectForReplay,
  toolArgumentsJsonForReplay,
  type ChatMessage,
  type ChatRequest,
  type LLMResponse,
  type LLMProvider,
} from "./providers/base.js";
