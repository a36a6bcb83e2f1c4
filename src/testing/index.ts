/**
 * The testing kit: a scripted model, a configurable fake tool, builders for scripted replies and
 * registries, and two timing utilities. The tests, the lessons and the playground use it to run
 * the AgentRunner without a network or real tools. Like the core, it imports nothing from Node,
 * so it runs in a browser too.
 *
 * @module
 */
export { ScriptedProvider, type ScriptStep, type RecordedRequest } from "./scripted-provider.js";
export { FakeTool, ANY_PARAMS, NO_PARAMS, type FakeToolOptions, type FakeToolCall, type FakeToolRun } from "./fake-tool.js";
export { toolCall, toolReply, textReply } from "./replies.js";
export { registryOf } from "./registry-of.js";
export { deferred, tick, type Deferred } from "./timing.js";
