/**
 * Question 5's parts, each with the test that fails when a learner answers it wrong. The
 * headers never state an answer: each test computes it by running `src/`.
 * `npm run wrong-answers` tries every wrong answer and checks it fails.
 *
 * R1  a) the prediction equals what the real code does, run in the test → test a)
 * R2  b) the prediction equals what the real code does, run in the test → test b)
 * R3  c) the prediction equals what the real code does, run in the test → test c)
 * R4  d) the reason chosen is the one that holds (each other choice gets its rebuttal) → test d)
 */
import { describe, expect, it } from "vitest";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { answer } from "../../exercises/self-check/q5-errors-return-to-model.js";
import { answered, expectReason, partTitle, question } from "./_answer.js";
import { registryOutcome, runnerText } from "./_thrown-texts.js";

const Q = "exercises/self-check/q5-errors-return-to-model.ts";
const CHECK = question(5);

describe(CHECK.question, () => {
  it(partTitle(CHECK, "a"), async () => {
    const real = await registryOutcome();
    expect(answered(answer.executeRejects, `${Q} a) executeRejects`), `${Q} a): what the real registry did`).toBe(real.rejects);
  });

  it(partTitle(CHECK, "b"), async () => {
    const real = await registryOutcome();
    expect(answered(answer.registryTextEndsWithRetryHint, `${Q} b) registryTextEndsWithRetryHint`), `${Q} b): the real text was ${JSON.stringify(real.text)}`).toBe(
      real.text.endsWith(RETRY_HINT),
    );
  });

  it(partTitle(CHECK, "c"), async () => {
    const text = await runnerText();
    expect(answered(answer.runnerTextEndsWithRetryHint, `${Q} c) runnerTextEndsWithRetryHint`), `${Q} c): the runner sent ${JSON.stringify(text)}`).toBe(
      text.endsWith(RETRY_HINT),
    );
  });

  it(partTitle(CHECK, "d"), () => {
    expectReason(answer.reason, `${Q} d) reason`, "a", {
      b: "how often errors happen does not decide what the model can do with one; a single error the model can read lets it recover.",
      c: "the provider would take a short tool message just as well; the error text is sent because the model can use it.",
    });
  });
});
