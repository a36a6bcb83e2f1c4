/**
 * Lesson 10 demo: the observation task, end to end. The model is asked to read a file that does
 * not exist; the demo prints every stage of that one call — `getDefinitions()`, the
 * `ToolCallRequest`'s `name` and `arguments`, the `prepareCall()` trace inside the run,
 * `concurrencySafe`, the tool's result, and the `role: "tool"` message inside the next request —
 * and shows the run completing. Section 8 then shows, with a scripted model, two other ways a run
 * ends: a reply cut off by the token limit (`finish_reason: "length"`), whose tool call is never
 * run, and the iteration limit with its final request for an answer. Section 9 shows the
 * mocked model's reasoning sent back with the next request, and the run's token usage.
 *
 * By default the model is mocked: the real `OpenAICompatibleProvider` talks HTTP to an in-process
 * msw server, so the request bodies printed are real. With `OPENAI_BASE_URL` set (and optionally
 * `OPENAI_API_KEY`, `MODEL`) a real model is used instead; `--mock` forces the mocked one.
 *
 * @module
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import {
  AgentRunner,
  BUDGET_EXHAUSTED_FINALIZATION_PROMPT,
  LENGTH_RECOVERY_PROMPT,
  OpenAICompatibleProvider,
  providerFromEnv,
  redactURL,
  ToolRegistry,
  type ChatMessage,
  type ChatRequest,
  type ExecuteOptions,
  type LLMProvider,
  type LLMResponse,
  type PreparedCall,
  type PrepareStep,
  ScriptedProvider,
  ToolCallRequest,
} from "../../src/index.js";
import { ListDirTool } from "../../src/tools/builtin/list-dir.js";
import { ReadFileTool, type ReadFileParams } from "../../src/tools/builtin/read-file.js";
import { WriteFileTool } from "../../src/tools/builtin/write-file.js";
import { block, bold, dim, field, green, mark, red, say, section, yellow } from "../_shared/print.js";
import { printStep } from "../_shared/trace.js";
import type { DemoOption } from "../_shared/args.js";

/** The mocked model's address; msw answers it inside this process. */
export const MOCK_BASE_URL = "http://mock-model.test/v1";
/** The path the model is asked to read; it does not exist. */
export const MISSING_PATH = "notes/missing.md";

/** The argument text the mocked model sends, exactly as it goes over the wire. */
const WIRE_ARGUMENTS = `{"path": "${MISSING_PATH}"}`;

/** What the mocked model thought before its call, as a thinking model sends it. */
const MOCK_REASONING = " The user wants notes/missing.md; read_file reads a file, so I call it. ";

/** The token usage the mocked model reports with each of its two replies. */
const MOCK_USAGE = [
  { prompt_tokens: 120, completion_tokens: 25, total_tokens: 145 },
  { prompt_tokens: 180, completion_tokens: 30, total_tokens: 210, prompt_tokens_details: { cached_tokens: 100 } },
] as const;

const USER_PROMPT = `Use the read_file tool to read ${MISSING_PATH} and tell me what it says. If it cannot be read, say why.`;

/** A registry that keeps the `prepareCall` trace of every call the runner prepares. */
class ObservedRegistry extends ToolRegistry {
  /** One trace per prepared call, in order. */
  readonly traces: { name: unknown; params: unknown; steps: PrepareStep[]; prepared: PreparedCall }[] = [];

  override prepareCall(name: unknown, params: unknown, onStep?: (step: PrepareStep) => void): PreparedCall {
    const steps: PrepareStep[] = [];
    const prepared = super.prepareCall(name, params, (step) => {
      steps.push(step);
      onStep?.(step);
    });
    this.traces.push({ name, params, steps, prepared });
    return prepared;
  }
}

/** The real `read_file`, keeping what each call returned. */
class ObservedReadFileTool extends ReadFileTool {
  /** The raw value of each `execute` call, before the runner turns it into a message. */
  readonly results: unknown[] = [];

  override async execute(params: ReadFileParams, options: ExecuteOptions): Promise<unknown> {
    const result = await super.execute(params, options);
    this.results.push(result);
    return result;
  }
}

/** Wraps a provider and keeps each request and response. */
class RecordingProvider implements LLMProvider {
  readonly requests: ChatMessage[][] = [];
  readonly responses: LLMResponse[] = [];
  constructor(readonly inner: LLMProvider) {}
  async chat(request: ChatRequest): Promise<LLMResponse> {
    this.requests.push(structuredClone(request.messages));
    const response = await this.inner.chat(request);
    this.responses.push(response);
    return response;
  }
}

/** The mocked model: asks for read_file first, then answers with what the tool message said. */
function mockModel(bodies: unknown[]): ReturnType<typeof setupServer> {
  return setupServer(
    http.post(`${MOCK_BASE_URL}/chat/completions`, async ({ request }) => {
      const body = (await request.json()) as { messages?: ChatMessage[] };
      bodies.push(body);
      const toolMessage = body.messages?.find((m) => m.role === "tool");
      if (toolMessage === undefined) {
        return HttpResponse.json({
          id: "chatcmpl-1",
          object: "chat.completion",
          choices: [
            {
              index: 0,
              finish_reason: "tool_calls",
              message: {
                role: "assistant",
                content: null,
                reasoning_content: MOCK_REASONING,
                tool_calls: [{ id: "call_read_1", type: "function", function: { name: "read_file", arguments: WIRE_ARGUMENTS } }],
              },
            },
          ],
          usage: MOCK_USAGE[0],
        });
      }
      const firstLine = (toolMessage.content ?? "").split("\n")[0] ?? "";
      return HttpResponse.json({
        id: "chatcmpl-2",
        object: "chat.completion",
        choices: [
          {
            index: 0,
            finish_reason: "stop",
            message: { role: "assistant", content: `I could not read ${MISSING_PATH}: the tool said "${firstLine}". Is the path right?` },
          },
        ],
        usage: MOCK_USAGE[1],
      });
    }),
  );
}

function json(value: unknown): string {
  return JSON.stringify(value);
}

/** What `npm run lesson 10 -- --help` lists. */
export const options: readonly DemoOption[] = [{ flag: "--mock", says: "use the mocked model even when OPENAI_BASE_URL and MODEL name a real one" }];

/** Runs the demo. */
export async function main(args: string[]): Promise<number> {
  const fromEnv = args.includes("--mock") ? null : providerFromEnv();
  const bodies: unknown[] = [];
  const server = fromEnv === null ? mockModel(bodies) : null;
  const workspace = await mkdtemp(join(tmpdir(), "lesson-10-"));
  let ok = true;
  const check = (label: string, passed: boolean): void => {
    ok &&= passed;
    say(`  ${mark(passed)} ${label}`);
  };
  try {
    server?.listen({ onUnhandledRequest: "error" });
    await mkdir(join(workspace, "notes"));
    await writeFile(join(workspace, "notes", "todo.md"), "- read the lesson\n");

    const registry = new ObservedRegistry();
    const readFile = new ObservedReadFileTool({ workspace });
    registry.register(readFile);
    registry.register(new ListDirTool({ workspace }));
    registry.register(new WriteFileTool({ workspace }));

    const inner = fromEnv?.provider ?? new OpenAICompatibleProvider({ baseURL: MOCK_BASE_URL, apiKey: "not-a-real-key" });
    const model = fromEnv?.model ?? "mock-model";
    const provider = new RecordingProvider(inner);
    say(
      fromEnv === null
        ? `  model: ${bold("mocked")} (msw answers ${MOCK_BASE_URL}/chat/completions; the provider and the HTTP bodies are real)`
        : `  model: ${bold(model)} at ${redactURL(process.env["OPENAI_BASE_URL"] ?? "")} (a real model: its choices may differ)`,
    );
    field("workspace", workspace, 11);
    field("user", USER_PROMPT, 11);

    section("1. ToolRegistry.getDefinitions(): what the model is offered");
    const definitions = registry.getDefinitions();
    say(`  ${definitions.map((d) => d.function.name).join(", ")}`);
    say(`  read_file parameters: ${json(registry.get("read_file")?.parameters)}`);

    const runner = new AgentRunner();
    const spec = {
      provider,
      model,
      tools: registry,
      messages: [{ role: "user" as const, content: USER_PROMPT }],
      maxIterations: 4,
      toolTimeoutMs: 10_000,
    };
    const result = await runner.run(spec);

    section("2. The model's reply: ToolCallRequest.name and .arguments");
    const calls = provider.responses.flatMap((r) => r.toolCalls);
    const first = calls[0];
    if (first === undefined) {
      if (result.stopReason === "completed") {
        say(yellow("  The model answered without calling a tool:"));
        block(result.finalContent ?? "(no content)", 4);
      } else {
        // No answer came back: say what went wrong, never that the model answered.
        say(red(`  No tool was called: the run ended with stopReason "${result.stopReason}" before the model asked for one.`));
        block(result.error ?? result.finalContent ?? "(no details)", 4);
      }
      field("stopReason", result.stopReason, 11);
      return fromEnv === null ? 1 : result.stopReason === "completed" ? 0 : 1;
    }
    field("id", first.id, 11);
    field("name", json(first.name), 11);
    if (fromEnv === null) field("wire text", `'${WIRE_ARGUMENTS}'  ${dim("(tool_calls[0].function.arguments in the HTTP answer)")}`, 11);
    field("arguments", `${json(first.arguments)}  ${dim(`(${typeof first.arguments}: the argument text parsed by parseToolArguments, nothing repaired)`)}`, 11);

    section("3. prepareCall() inside the run");
    const trace = registry.traces[0];
    for (const step of trace?.steps ?? []) printStep(step);
    say(`  ${dim("outcome")}   ${trace?.prepared.error === null ? green("may execute") : red("rejected before execute")}`);

    section("4. concurrencySafe: how the runner plans the turn");
    const tool = registry.get(first.name);
    field(`${first.name}.readOnly`, String(tool?.readOnly), first.name.length + 18);
    field(`${first.name}.concurrencySafe`, String(tool?.concurrencySafe), first.name.length + 18);
    say(`  partitionToolBatches -> ${json(runner.partitionToolBatches(spec, calls.slice(0, provider.responses[0]?.toolCalls.length ?? 1)).map((b) => b.map((c) => c.name)))}`);

    section("5. The tool result");
    const raw = readFile.results[0];
    say(
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- shows what String makes of the result: a ToolResult gives its content
      `  execute() returned ${raw === undefined ? "nothing (it did not run)" : `${raw?.constructor?.name ?? typeof raw} ${json({ isError: (raw as { isError?: unknown }).isError, content: String(raw) })}`}`,
    );
    const event = result.toolEvents[0];
    say(`  ToolEvent ${json(event)}`);

    section('6. The role:"tool" message inside the next request');
    const wire = bodies[1] as { messages?: ChatMessage[] } | undefined;
    const nextMessages = wire?.messages ?? provider.requests[1] ?? [];
    const toolMessage = nextMessages.find((m) => m.role === "tool");
    say(dim(fromEnv === null ? "  from the JSON body of HTTP request 2, as msw received it:" : "  from request 2 as the runner sent it:"));
    say(`  ${json(nextMessages.map((m) => m.role))}`);
    say(`  ${json(toolMessage)}`);

    section("7. The run");
    field("stopReason", result.stopReason, 13);
    field("finalContent", result.finalContent ?? "(none)", 13);
    const failed = result.toolEvents.filter((e) => e.status === "error").map((e) => e.name);
    field("toolsUsed", `${json(result.toolsUsed)}${failed.length > 0 ? `  ${dim(`(only calls that succeeded are listed; ${failed.join(", ")} ran but failed)`)}` : ""}`, 13);
    field("requests", String(provider.requests.length), 13);
    say();
    check("the error came back as a tool result, not as a crash", toolMessage !== undefined && /not found/i.test(toolMessage.content ?? ""));
    check("the run completed", result.stopReason === "completed");
    if (fromEnv === null) {
      check(`the call was read_file with {"path":"${MISSING_PATH}"}`, first.name === "read_file" && json(first.arguments) === json({ path: MISSING_PATH }));
      check("prepareCall went through all six steps", (trace?.steps.length ?? 0) === 6 && trace?.prepared.error === null);
      check("read_file is concurrencySafe", tool?.concurrencySafe === true);
      check("the tool message answers call_read_1", toolMessage?.tool_call_id === "call_read_1" && toolMessage.name === "read_file");
    }
    if (fromEnv === null) {
      for (const [label, passed] of await otherEndings(registry, () => readFile.results.length)) check(label, passed);
    }
    for (const [label, passed] of thinkingAndUsage(result, bodies, fromEnv === null)) check(label, passed);
    say();
    say(ok ? green(`  ${bold("The failed read was one more message for the model, and the run went on.")}`) : red("  Some checks failed."));
    return ok ? 0 : 1;
  } finally {
    server?.close();
    await rm(workspace, { recursive: true, force: true });
  }
}

/** Section 8: finish-reason gating and the iteration limit, with a scripted model. Returns checks. */
async function otherEndings(registry: ToolRegistry, readCount: () => number): Promise<[string, boolean][]> {
  const checks: [string, boolean][] = [];
  const user: ChatMessage[] = [{ role: "user", content: "What is in the notes folder?" }];
  const read = new ToolCallRequest({ id: "call_cut", name: "read_file", arguments: { path: "notes/todo.md" } });
  const list = (id: string): ToolCallRequest => new ToolCallRequest({ id, name: "list_dir", arguments: { path: "notes" } });

  section("8. Two other endings (scripted model)");
  say(bold('  a) finish_reason "length": the reply was cut off, so its tool call is not run'));
  const before = readCount();
  const cutProvider = new ScriptedProvider([
    { content: "Let me look: I will read notes/todo", toolCalls: [read], finishReason: "length" },
    { content: ".md next, once I know it exists.", toolCalls: [], finishReason: "stop" },
  ]);
  const cut = await new AgentRunner().run({ provider: cutProvider, model: "scripted", tools: registry, messages: user });
  const continuation = cut.messages.find((m) => m.role === "user" && (m.content ?? "").startsWith(LENGTH_RECOVERY_PROMPT));
  say(`  reply 1: finish_reason "length" with a read_file call -> read_file ran ${readCount() - before} times`);
  say(dim("  the runner asked the model to continue (first line of its message):"));
  block((continuation?.content ?? "").split("\n")[0] ?? "", 4);
  field("finalContent", json(cut.finalContent), 13);
  checks.push([
    'finish_reason "length": the cut-off call was not run, and the parts were joined',
    readCount() === before && cut.finalContent === "Let me look: I will read notes/todo.md next, once I know it exists.",
  ]);

  say();
  say(bold("  b) the iteration limit: maxIterations 2, then one request without tools for a final answer"));
  const limitProvider = new ScriptedProvider([
    { content: null, toolCalls: [list("call_l1")], finishReason: "tool_calls" },
    { content: null, toolCalls: [list("call_l2")], finishReason: "tool_calls" },
    { content: "notes/ holds todo.md. I did not read it yet; that is the next step.", toolCalls: [], finishReason: "stop" },
  ]);
  const limited = await new AgentRunner().run({ provider: limitProvider, model: "scripted", tools: registry, messages: user, maxIterations: 2 });
  const last = limitProvider.requests[2];
  say(`  requests: ${limitProvider.requests.length}; the third carried ${last?.tools.length ?? "?"} tools and ended with:`);
  block(last?.messages.at(-1)?.content ?? "", 4);
  field("stopReason", limited.stopReason, 13);
  field("finalContent", json(limited.finalContent), 13);
  say(dim("  (had that reply failed or asked for tools again, the final text would be: I reached the maximum number of tool call iterations (2) …)"));
  checks.push([
    "iteration limit: one more request without tools, and its answer is the final text",
    limited.stopReason === "max_iterations" &&
      last?.tools.length === 0 &&
      last.messages.at(-1)?.content === BUDGET_EXHAUSTED_FINALIZATION_PROMPT &&
      limited.finalContent === "notes/ holds todo.md. I did not read it yet; that is the next step.",
  ]);
  return checks;
}

/** Section 9: the reasoning sent back with the next request, and the run's token usage. Returns checks (none for a real model). */
function thinkingAndUsage(result: { usage: Readonly<Record<string, number>> }, bodies: unknown[], mocked: boolean): [string, boolean][] {
  section("9. Thinking models and token usage");
  const second = bodies[1] as { messages?: ChatMessage[] } | undefined;
  const replayed = second?.messages?.find((m) => m.role === "assistant" && m.tool_calls !== undefined);
  say(dim("  the assistant message with the call, as the second request sent it back:"));
  block(replayed === undefined ? "(not recorded: a real model's requests are not kept here)" : json(replayed), 4);
  field("usage", json(result.usage), 13);
  say(dim("  (summed as upstream sums it; a reply that reports no usage counts as a request and adds no tokens,"));
  say(dim("   where upstream would estimate it with a tokenizer — see docs/fidelity.md)"));
  if (!mocked) return [];
  return [
    ["the reasoning went back with the call, outer blank space removed", replayed?.reasoning_content === MOCK_REASONING.trim()],
    [
      "usage: 2 requests, 300 prompt + 55 completion = 355 tokens, 100 of them cached",
      result.usage["request_count"] === 2 &&
        result.usage["prompt_tokens"] === 300 &&
        result.usage["completion_tokens"] === 55 &&
        result.usage["total_tokens"] === 355 &&
        result.usage["cached_tokens"] === 100 &&
        result.usage["context_tokens"] === 180,
    ],
  ];
}
