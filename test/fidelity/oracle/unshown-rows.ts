/**
 * The rows of docs/fidelity.md that no input of the oracle's eight kinds can show, each with the
 * reason. Every other row has an explanation in `explanations.ts`; the comparison's test checks
 * that each row is one or the other, so a new row cannot be left out of the oracle unnoticed.
 *
 * @module
 */

/** Row number → why the oracle's inputs cannot show that difference. */
export const UNSHOWN_ROWS: Readonly<Record<number, string>> = {
  1: "the signature of execute is no output: both sides' probe tools take the arguments they are given",
  7: "each input runs one call, so no batch is concurrent or sequential",
  8: "no input sets a per-call time limit",
  9: "how validation is built shows only through its verdicts and texts, rows 20, 22, 35–37",
  21: "the generated tool names are valid for both sides; MCP names are compared by the mcp-name kind, equal",
  23: "the exec tool is no compared path",
  24: "each input runs one call, so no guard counter reaches its limit",
  25: "no input sets an SSRF allowlist",
  27: "the generated replies hold no <think> tags",
  28: "no input expands a ~user path",
  29: "no provider is called",
  31: "every input saves into a session folder of its own",
  32: "read_file is not run (it is only a name whose results are never saved)",
  34: "the generated results are far inside both budgets",
  38: "the probe tools' errors carry no code, and the text markers are the same on both sides",
  39: "a listing holds one tool, so no two names collide",
  40: "the mcp-schema kind compares what the model is shown; calls send {} to a schema without properties",
  41: "each input runs one call, so no batch is concurrent",
  43: "the generated servers raise exceptions, named as the Python class on both sides",
  44: "log lines are not compared",
  46: "the built-in tools are not run",
  47: "the built-in tools are not run",
  48: "the built-in tools are not run",
  49: "the built-in tools are not run",
  50: "the built-in tools' definitions are not compared",
  51: "the built-in tools are not run",
  52: "the built-in tools are not run",
  65: "the built-in tools are not run",
  55: "each history input is one request, so no message is fitted twice",
  61: "the generated schemas hold no pattern, so no input shows how the regex engines read one",
  59: "the driver's stand-in for the MCP SDK builds no non-text content objects, whose text upstream takes from the SDK",
};
