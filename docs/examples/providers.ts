/**
 * Examples for talking to a model (`src/providers/openai-compatible.ts`) and keeping secrets out of
 * what is logged (`src/providers/redact.ts`). The reference shows each region; `tsc` checks this
 * file and `test/docs/examples.test.ts` runs every function it exports. `chatWithLocalModel` is not
 * exported and never run: it needs a model server.
 */
import { OpenAICompatibleProvider, redactURL } from "../../src/index.js";

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
