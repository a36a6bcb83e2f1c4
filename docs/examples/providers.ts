/**
 * Examples for talking to a model (`src/providers/openai-compatible.ts`, a provider from the
 * environment included) and keeping secrets out of
 * what is logged (`src/providers/redact.ts`). The reference shows each region; `tsc` checks this
 * file and `test/docs/examples.test.ts` runs every function it exports. `chatWithLocalModel` is not
 * exported and never run: it needs a model server.
 */
import { OpenAICompatibleProvider, providerFromEnv, redactURL } from "../../src/index.js";

/** One request to a local OpenAI-compatible server. Needs the server: type-checked, never run. */
async function chatWithLocalModel(): Promise<void> {
  // #region openai-compatible-provider
  const provider = new OpenAICompatibleProvider({ baseURL: "http://localhost:11434/v1" });
  const reply = await provider.chat({ model: "llama3.1", messages: [{ role: "user", content: "Hi" }], tools: [] });
  // #endregion openai-compatible-provider
}

/** A base URL with credentials, as an error message shows it. */
export async function redactedUrl(): Promise<void> {
  // #region redact-url
  redactURL("https://me:sk-123@llm.example/v1?api-version=2024-06-01");
  // "https://***:***@llm.example/v1?api-version=2024-06-01"
  // #endregion redact-url
}

/** A provider from the environment, or null to fall back to a scripted model. */
export async function providerFromEnvironment(): Promise<void> {
  // #region provider-from-env
  providerFromEnv({}); // null: no OPENAI_BASE_URL, so the lesson uses its scripted model
  const found = providerFromEnv({ OPENAI_BASE_URL: "http://localhost:11434/v1", MODEL: "qwen2.5" });
  found?.model; // "qwen2.5"; found?.provider talks to that server (nothing is sent yet)
  // #endregion provider-from-env
  if (providerFromEnv({}) !== null || found?.model !== "qwen2.5") throw new Error("unexpected provider");
}
