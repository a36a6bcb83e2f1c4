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
import { describe, it } from "vitest";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { answer } from "../../exercises/self-check/q5-errors-return-to-model.js";
import { expectPrediction, expectReason, partTitle, question } from "./_answer.js";
import { registryOutcome, runnerText } from "./_thrown-texts.js";

const Q = "exercises/self-check/q5-errors-return-to-model.ts";
const CHECK = question(5);

describe(CHECK.question, () => {
  it(partTitle(CHECK, "a"), async () => {
    const real = await registryOutcome();
    expectPrediction(CHECK, "a", answer.executeRejects, real.rejects, "lesson 7, 'Outside the runner: registry.execute': what it does when a tool throws.");
  });

  it(partTitle(CHECK, "b"), async () => {
    const real = await registryOutcome();
    expectPrediction(
      CHECK,
      "b",
      answer.registryTextEndsWithRetryHint,
      real.text.endsWith(RETRY_HINT),
      "lesson 7 quotes the text registry.execute resolves with for exactly this call.",
    );
  });

  it(partTitle(CHECK, "c"), async () => {
    const text = await runnerText();
    expectPrediction(
      CHECK,
      "c",
      answer.runnerTextEndsWithRetryHint,
      text.endsWith(RETRY_HINT),
      "lesson 7's table of kinds of failure: which of them end with the retry hint in the runner?",
    );
  });

  it(partTitle(CHECK, "d"), () => {
    expectReason(answer.reason, `${Q} d) reason`, "a", {
      b: "how often errors happen does not decide what the model can do with one; a single error the model can read lets it recover.",
      c: "the provider would take a short tool message just as well; the error text is sent because the model can use it.",
    });
  });
});
