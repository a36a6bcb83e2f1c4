/**
 * The guards, as table tests: every built-in that takes a path refuses to leave the workspace,
 * and `web_fetch` refuses every spelling of a private or internal address, before any request
 * (direct forms) or at the redirect hop (redirects, served by msw).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../../src/agent/runner.js";
import { ScriptedProvider } from "../../../src/testing/index.js";
import { ToolCallRequest } from "../../../src/providers/base.js";
import { isToolErrorResult, type Tool } from "../../../src/tools/base.js";
import { ListDirTool } from "../../../src/tools/builtin/list-dir.js";
import { ReadFileTool } from "../../../src/tools/builtin/read-file.js";
import { WebFetchTool } from "../../../src/tools/builtin/web-fetch.js";
import { WriteFileTool } from "../../../src/tools/builtin/write-file.js";
import { ToolRegistry } from "../../../src/tools/registry.js";
import { CrashWatch, settle } from "../hostile-harness.js";

const watch = new CrashWatch();
beforeAll(() => watch.install());
afterEach(async () => {
  await settle(1);
  watch.assertNone();
});
afterAll(() => watch.uninstall());

// ---------------------------------------------------------------------------------------------
// Workspace
// ---------------------------------------------------------------------------------------------

let root = "";
let ws = "";
let outside = "";
let evil = "";

async function snapshot(dir: string): Promise<string> {
  const entries = (await readdir(dir, { withFileTypes: true, recursive: true })).map((e) => join(e.parentPath, e.name)).sort();
  const parts: string[] = [];
  for (const path of entries) {
    let text = "";
    try {
      text = await readFile(path, "utf8");
    } catch {
      text = "(dir)";
    }
    parts.push(`${path}=${text}`);
  }
  return parts.join("\n");
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "adversarial-guards-"));
  ws = join(root, "ws");
  outside = join(root, "outside");
  evil = join(root, "ws-evil");
  await mkdir(join(ws, "sub"), { recursive: true });
  await mkdir(outside);
  await mkdir(evil);
  await writeFile(join(ws, "inside.txt"), "inside");
  await writeFile(join(outside, "secret.txt"), "secret");
  await writeFile(join(evil, "secret.txt"), "evil secret");
  await symlink(outside, join(ws, "link-out"));
  await symlink(join(outside, "secret.txt"), join(ws, "link-file"));
  await symlink(join(outside, "not-yet.txt"), join(ws, "dangling"));
  await symlink(join(ws, "loop-b"), join(ws, "loop-a"));
  await symlink(join(ws, "loop-a"), join(ws, "loop-b"));
  await symlink("../..", join(ws, "sub", "up"));
});

afterAll(async () => {
  if (root !== "") await rm(root, { recursive: true, force: true });
});

const OUTSIDE = /outside allowed directory/;
type PathCase = { label: string; path: () => string; expect: RegExp };
const pathCases: PathCase[] = [
  { label: "..", path: () => "../outside/secret.txt", expect: OUTSIDE },
  { label: ".. alone", path: () => "..", expect: OUTSIDE },
  { label: ".. after a folder", path: () => "sub/../../outside/secret.txt", expect: OUTSIDE },
  { label: "./.. ", path: () => "./../outside/secret.txt", expect: OUTSIDE },
  { label: "many ..", path: () => "../".repeat(40) + "etc/passwd", expect: OUTSIDE },
  { label: "an absolute path outside", path: () => join(outside, "secret.txt"), expect: OUTSIDE },
  { label: "/etc/passwd", path: () => "/etc/passwd", expect: OUTSIDE },
  { label: "/", path: () => "/", expect: OUTSIDE },
  { label: "a sibling folder sharing the prefix", path: () => join(evil, "secret.txt"), expect: OUTSIDE },
  { label: "a relative path into the prefix sibling", path: () => "../ws-evil/secret.txt", expect: OUTSIDE },
  { label: "a symlinked folder leading out", path: () => "link-out/secret.txt", expect: OUTSIDE },
  { label: "a symlinked folder itself", path: () => "link-out", expect: OUTSIDE },
  { label: "a symlinked file leading out", path: () => "link-file", expect: OUTSIDE },
  { label: "a dangling symlink leading out", path: () => "dangling", expect: OUTSIDE },
  { label: "a new file under a symlinked folder", path: () => "link-out/new.txt", expect: OUTSIDE },
  { label: "a relative symlink climbing out", path: () => "sub/up/outside/secret.txt", expect: OUTSIDE },
  { label: "a symlink loop", path: () => "loop-a", expect: /symlink loop|outside allowed directory|ELOOP/ },
  { label: "a path under a symlink loop", path: () => "loop-a/x.txt", expect: /symlink loop|outside allowed directory|ELOOP/ },
  { label: "a NUL byte", path: () => "inside.txt\u0000../../outside/secret.txt", expect: /NUL/ },
  { label: "a NUL byte alone", path: () => "\u0000", expect: /NUL/ },
  { label: "a 5,000-character path", path: () => "a/".repeat(2_500), expect: /characters long|at most|too long/ },
  { label: "a 5,000-character name", path: () => "n".repeat(5_000), expect: /characters long|at most|too long/ },
  { label: "backslash ..", path: () => "..\\outside\\secret.txt", expect: OUTSIDE },
  { label: "backslash .. after a folder", path: () => "sub\\..\\..\\outside\\secret.txt", expect: OUTSIDE },
  { label: "mixed separators", path: () => "sub/..\\../outside/secret.txt", expect: OUTSIDE },
];

const pathTools: { name: string; make: () => Tool; args: (path: string) => Record<string, unknown> }[] = [
  { name: "read_file", make: () => new ReadFileTool({ workspace: ws }), args: (path) => ({ path }) },
  { name: "list_dir", make: () => new ListDirTool({ workspace: ws }), args: (path) => ({ path }) },
  { name: "write_file", make: () => new WriteFileTool({ workspace: ws }), args: (path) => ({ path, content: "pwned" }) },
];

const workspaceRows = pathTools.flatMap((tool) => pathCases.map((c) => ({ ...c, tool: tool.name, make: tool.make, args: tool.args })));

describe("hostile input: workspace guard", () => {
  it.each(workspaceRows)("$tool: $label", async ({ path, expect: pattern, make, args }) => {
    const before = await snapshot(outside);
    const beforeEvil = await snapshot(evil);
    const tool = make();
    const registry = new ToolRegistry();
    registry.register(tool);
    const prepared = registry.prepareCall(tool.name, JSON.stringify(args(path())));
    expect(prepared.error).toBeNull();
    if (prepared.error !== null) return;
    let result: unknown;
    try {
      result = await prepared.tool.execute(prepared.params, { signal: new AbortController().signal });
    } catch (thrown) {
      result = thrown;
    }
    const text = isToolErrorResult(result) ? result.content : result instanceof Error ? `${result.name}: ${result.message}` : String(result);
    expect(isToolErrorResult(result) || result instanceof Error).toBe(true);
    expect(text).toMatch(pattern);
    expect(text).not.toContain("secret\n");
    expect(text).not.toMatch(/^secret$|evil secret/);
    expect(await snapshot(outside)).toBe(before);
    expect(await snapshot(evil)).toBe(beforeEvil);
  });

  it("inside paths still work (the guard is not a blanket refusal)", async () => {
    const read = await new ReadFileTool({ workspace: ws }).execute({ path: "inside.txt" }, { signal: new AbortController().signal });
    expect(String(read)).toContain("inside");
    const wrote = await new WriteFileTool({ workspace: ws }).execute({ path: "sub/new.txt", content: "ok" }, { signal: new AbortController().signal });
    expect(isToolErrorResult(wrote)).toBe(false);
    expect(await readFile(join(ws, "sub", "new.txt"), "utf8")).toBe("ok");
  });

  it("through the runner: one message per call, in order, repeated violations escalate", async () => {
    const registry = new ToolRegistry();
    for (const t of pathTools) registry.register(t.make());
    const calls = [0, 1, 2, 3].map((i) => new ToolCallRequest({ id: `w${i}`, name: "read_file", arguments: { path: "../outside/secret.txt" } }));
    const provider = new ScriptedProvider([
      { content: null, toolCalls: calls, finishReason: "tool_calls" },
      { content: "done", toolCalls: [], finishReason: "stop" },
    ]);
    const result = await new AgentRunner().run({ provider, model: "m", tools: registry, messages: [{ role: "user", content: "go" }] });
    const tools = result.messages.filter((m) => m.role === "tool");
    expect(tools.map((m) => m.tool_call_id)).toEqual(["w0", "w1", "w2", "w3"]);
    for (const m of tools) expect(m.content).not.toMatch(/^secret/);
    expect(tools[0]?.content).toMatch(OUTSIDE);
  });
});

// ---------------------------------------------------------------------------------------------
// SSRF
// ---------------------------------------------------------------------------------------------

const PRIVATE = /private\/internal address/;

const directForms: string[] = [
  "http://127.0.0.1/",
  "http://127.255.255.254:8080/x",
  "http://localhost/",
  "http://LOCALHOST./",
  "http://api.localhost/",
  "http://10.0.0.1/",
  "http://172.16.0.1/",
  "http://172.31.255.255/",
  "http://192.168.1.1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://100.64.0.1/",
  "http://100.127.255.254/",
  "http://224.0.0.1/",
  "http://239.255.255.250/",
  "http://255.255.255.255/",
  "http://0.0.0.0/",
  "http://0/",
  "http://[::]/",
  "http://[::1]/",
  "http://[0:0:0:0:0:0:0:1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[::ffff:169.254.169.254]/",
  "http://[::ffff:10.0.0.1]/",
  "http://[64:ff9b::127.0.0.1]/",
  "http://[2002:7f00:1::]/",
  "http://[fe80::1]/",
  "http://[fc00::1]/",
  "http://[fd12:3456::1]/",
  "http://[ff02::1]/",
  "http://2130706433/",
  "http://0x7f.1/",
  "http://0x7f000001/",
  "http://0177.0.0.1/",
  "http://0177.1/",
  "http://017700000001/",
  "http://127.1/",
  "http://127.0.1/",
  "http://0x0a.0.0.1/",
  "http://3232235777/",
  "https://127.0.0.1:443/",
  "http://user@127.0.0.1/",
];

const resolvedForms: { url: string; answers: string[] }[] = [
  { url: "http://internal.example/", answers: ["10.0.0.5"] },
  { url: "http://metadata.example/", answers: ["169.254.169.254"] },
  { url: "http://mixed.example/", answers: ["93.184.216.34", "127.0.0.1"] },
  { url: "http://v6.example/", answers: ["::1"] },
  { url: "http://mapped.example/", answers: ["::ffff:192.168.0.1"] },
  { url: "http://cgnat.example/", answers: ["100.64.1.1"] },
  { url: "http://linklocal6.example/", answers: ["fe80::abcd"] },
  { url: "http://zero.example/", answers: ["0.0.0.0"] },
];

function fetchSpy(): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  const fake = (async (input: string | URL | Request) => {
    calls.push(input instanceof Request ? input.url : String(input));
    return new Response("should not be reached", { status: 200 });
  }) as typeof fetch;
  return { fetch: fake, calls };
}

async function fetchWith(tool: WebFetchTool, url: string): Promise<string> {
  const registry = new ToolRegistry();
  registry.register(tool);
  const prepared = registry.prepareCall("web_fetch", { url });
  expect(prepared.error).toBeNull();
  if (prepared.error !== null) return prepared.error.content;
  try {
    const result = await prepared.tool.execute(prepared.params, { signal: new AbortController().signal });
    return isToolErrorResult(result) ? result.content : `OK ${String(result)}`;
  } catch (thrown) {
    return `THREW ${String(thrown)}`;
  }
}

describe("hostile input: SSRF guard: direct address forms", () => {
  it.each(directForms)("%s", async (url) => {
    const spy = fetchSpy();
    const lookups: string[] = [];
    const lookup = async (h: string): Promise<string[]> => {
      lookups.push(h);
      return h === "localhost" || h.endsWith(".localhost") ? ["127.0.0.1", "::1"] : ["93.184.216.34"];
    };
    const tool = new WebFetchTool({ fetch: spy.fetch, lookup });
    const text = await fetchWith(tool, url);
    expect(text).toMatch(/^Error: URL validation failed: Blocked: /);
    expect(text).toMatch(PRIVATE);
    expect(spy.calls).toEqual([]);
  });
});

describe("hostile input: SSRF guard: names that resolve to private addresses (injected lookup)", () => {
  it.each(resolvedForms)("$url → $answers", async ({ url, answers }) => {
    const spy = fetchSpy();
    const tool = new WebFetchTool({ fetch: spy.fetch, lookup: async () => answers });
    expect(await fetchWith(tool, url)).toMatch(PRIVATE);
    expect(spy.calls).toEqual([]);
  });

  it("a lookup that fails is an error, not a fetch", async () => {
    const spy = fetchSpy();
    const tool = new WebFetchTool({
      fetch: spy.fetch,
      lookup: async () => {
        throw new Error("ENOTFOUND");
      },
    });
    expect(await fetchWith(tool, "http://nowhere.example/")).toMatch(/^Error/);
    expect(spy.calls).toEqual([]);
  });

  it("a lookup with no answers is an error, not a fetch", async () => {
    const spy = fetchSpy();
    const tool = new WebFetchTool({ fetch: spy.fetch, lookup: async () => [] });
    expect(await fetchWith(tool, "http://empty.example/")).toMatch(/^Error/);
    expect(spy.calls).toEqual([]);
  });
});

const redirectTargets: string[] = [
  "http://127.0.0.1/admin",
  "http://localhost:8080/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://0x7f.1/",
  "http://2130706433/",
  "http://internal.example/",
  "http://10.1.2.3/",
];

const hits: string[] = [];
const server = setupServer(
  http.get("http://public.example/redirect", ({ request }) => {
    hits.push(request.url);
    const to = new URL(request.url).searchParams.get("to") ?? "/";
    return new HttpResponse(null, { status: 302, headers: { location: to } });
  }),
  http.get("http://public.example/hop", ({ request }) => {
    hits.push(request.url);
    const to = new URL(request.url).searchParams.get("to") ?? "/";
    return new HttpResponse(null, { status: 301, headers: { location: `http://public.example/redirect?to=${encodeURIComponent(to)}` } });
  }),
  http.get("http://public.example/ok", () => HttpResponse.text("public page")),
);

describe("hostile input: SSRF guard: redirects to private addresses (msw)", () => {
  beforeAll(() =>
    server.listen({
      onUnhandledRequest: (req) => {
        hits.push(`UNHANDLED ${req.url}`);
      },
    }),
  );
  afterEach(() => {
    hits.length = 0;
  });
  afterAll(() => server.close());

  const lookup = async (host: string): Promise<string[]> => (host === "public.example" ? ["93.184.216.34"] : host === "localhost" ? ["127.0.0.1"] : ["10.0.0.9"]);

  it.each(
    redirectTargets.flatMap((to) => [
      { to, path: "redirect" },
      { to, path: "hop" },
    ]),
  )("$path → $to", async ({ to, path }) => {
    const tool = new WebFetchTool({ lookup });
    const text = await fetchWith(tool, `http://public.example/${path}?to=${encodeURIComponent(to)}`);
    expect(text).toMatch(PRIVATE);
    expect(text.startsWith("Error: Redirect blocked: Blocked: ")).toBe(true);
    expect(hits.every((h) => h.startsWith("http://public.example/"))).toBe(true);
  });

  it("the public page itself is fetched (msw is reached)", async () => {
    const tool = new WebFetchTool({ lookup });
    expect(await fetchWith(tool, "http://public.example/ok")).toBe("OK public page");
  });

  it("through the runner: the SSRF refusal reaches the model with its note, one message per call", async () => {
    const registry = new ToolRegistry();
    registry.register(new WebFetchTool({ lookup }));
    const calls = ["http://127.0.0.1/", "http://public.example/redirect?to=http%3A%2F%2F0x7f.1%2F", "http://public.example/ok"].map(
      (url, i) => new ToolCallRequest({ id: `s${i}`, name: "web_fetch", arguments: { url } }),
    );
    const provider = new ScriptedProvider([
      { content: null, toolCalls: calls, finishReason: "tool_calls" },
      { content: "done", toolCalls: [], finishReason: "stop" },
    ]);
    const result = await new AgentRunner().run({ provider, model: "m", tools: registry, messages: [{ role: "user", content: "go" }] });
    const tools = result.messages.filter((m) => m.role === "tool");
    expect(tools.map((m) => m.tool_call_id)).toEqual(["s0", "s1", "s2"]);
    expect(tools[0]?.content).toMatch(PRIVATE);
    expect(tools[1]?.content).toMatch(PRIVATE);
    expect(tools[2]?.content).toBe("public page");
    expect(result.finalContent).toBe("done");
  });
});
