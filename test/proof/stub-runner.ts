/**
 * The test runner of the `stubs` project: every test there must FAIL against the untouched stubs,
 * so each test is run as `test.fails` would run it. A test that fails is reported as passed; a test
 * that passes against a stub is reported as failed, with the reason; a skipped test is run all the
 * same, and a todo test (which has nothing to run) fails the proof.
 */
import { TestRunner, type RunnerTask as Task, type RunnerTestCase as Test } from "vitest";

const STUB_PASSED = "this test passed against the untouched stub: a stub must fail every test of its exercise until the learner fills in its TODO(lesson N)";

export default class StubRunner extends TestRunner {
  override onBeforeRunTask(test: Task): Promise<void> {
    if (test.type === "test") {
      // A todo test has no function: run, it fails with "Test function is not found", not inverted.
      if (test.mode === "todo") test.mode = "run";
      else {
        if (test.mode === "skip") test.mode = "run";
        test.fails = true;
      }
    }
    return super.onBeforeRunTask(test);
  }

  override onAfterRunTask(test: Task): void {
    const result = (test as Test).result;
    if (test.type === "test" && result?.state === "fail" && result.errors?.[0]?.message === "Expect test to fail") {
      result.errors[0].message = STUB_PASSED;
    }
    super.onAfterRunTask(test);
  }
}
