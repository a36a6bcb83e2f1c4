/**
 * The order test files start in: the few that wait longest on one core first (the learner's
 * commands), then vitest's own order (files that failed last time, then the slowest last time; on
 * a fresh clone, with no times yet, the largest). Started
 * last, a long file would leave the other core idle at the end of the run; started first, it runs
 * alongside everything else.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The test files that start first, in this order (paths from the repository root). */
export const SLOW_FILES = ["test/proof/learner-cli.test.ts"];

/** Vitest's order, with {@link SLOW_FILES} moved to the front. */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = SLOW_FILES.findIndex((file) => spec.moduleId.split("\\").join("/").endsWith(`/${file}`));
      return index === -1 ? SLOW_FILES.length : index;
    };
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
