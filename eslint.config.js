// ESLint for the workbook: typescript-eslint's type-checked recommended rules (a promise nobody
// awaits or handles, or one handed where a plain value is expected, is an error) and
// eslint-plugin-regexp (a regex that can backtrack or move super-linearly on hostile input is an
// error: every input from outside must meet code whose cost grows linearly with its size).
// `npm run lint`; the type information comes from tsconfig.json and playground/tsconfig.json.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores([
    "**/node_modules/",
    "coverage/",
    "docs/api/",
    "docs/generated/",
    "docs/playground.html",
    "reports/",
    "test-results/",
    ".stryker-tmp/",
    ".exercise-backups/",
    ".tool-results/",
    // A learner's copy (`npm run template`) keeps the worked answers here as the exercise tests'
    // oracle; the workbook does not lint its worked answers either.
    "test/exercises/_oracle/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  regexp.configs["flat/recommended"],
  {
    languageOptions: {
      // The two programs the workbook type-checks; listing them is faster here than the project service.
      parserOptions: { project: ["tsconfig.json", "playground/tsconfig.json"], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
    },
  },
  {
    // Test doubles and the lessons' sample tools implement a Promise-returning contract (execute, fetch, lookup, chat, listTools): `async` keeps it, and a throw stays a rejection.
    files: ["test/**/*.ts", "lessons/**/*.ts"],
    rules: { "@typescript-eslint/require-await": "off" },
  },
  {
    // Plain JavaScript (launchers, the site's plugin and script, test servers) is not in a
    // tsconfig: checked without type information.
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: {
        console: "readonly",
        process: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        setInterval: "readonly",
        clearTimeout: "readonly",
        clearInterval: "readonly",
      },
    },
  },
);
