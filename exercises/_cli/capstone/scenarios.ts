/**
 * The capstone's scripted scenarios: what the user asks, what the mocked model answers turn by
 * turn, and the files each run starts with. Each one puts a few parts to work: lesson 10's
 * missing file; safe and unsafe calls in one turn; a malformed call and a near-miss name; a tool
 * that throws beside one that returns an error; a long result saved, and one cut; and tools of the
 * real filesystem MCP server.
 *
 * @module
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { PartNumber } from "./parts.js";

/** One call as the mocked model writes it: the argument text goes over the wire as it is. */
export interface ScriptedCall {
  /** The call's id. */
  id: string;
  /** The name exactly as the model writes it. */
  name: string;
  /** `function.arguments`, as text. */
  arguments: string;
}

/** One reply of the mocked model: calls, or an answer in words. */
export type ScriptedReply = { calls: ScriptedCall[] } | { text: string };

/** Where a scenario's run takes place. */
export interface ScenarioPlace {
  /** The run's own workspace (the file tools' folder). */
  workspace: string;
  /** The folder the MCP server may read (shared by both runs of a scenario). */
  mcpFolder: string;
}

/** One scripted scenario. */
export interface Scenario {
  /** A short id: also the model name the runs send, so the mocked model knows the script. */
  id: string;
  /** What it shows, in a few words. */
  title: string;
  /** The user's request. */
  prompt: string;
  /** The mocked model's replies, turn by turn (the last one answers in words). */
  replies(place: ScenarioPlace): ScriptedReply[];
  /** Long results are saved under the workspace (true) or cut (false). */
  saves: boolean;
  /** The MCP server's tools the agent keeps; none for a scenario without MCP. */
  mcpTools: readonly string[];
  /** The exercises whose parts the scenario puts to work, for the report (the tools are loaded, offered, prepared, run and answered in every one). */
  parts: readonly PartNumber[];
  /** The run starts with the long `archive/` folder too. */
  archive?: boolean;
}

/** Results longer than this are saved or cut in every scenario. */
export const MAX_TOOL_RESULT_CHARS = 2_000;

/** Writes the files a run starts with: notes, and (with `archive`) the long folder of the long-result scenarios. */
export async function seedWorkspace(workspace: string, archive = false): Promise<void> {
  await mkdir(join(workspace, "notes"), { recursive: true });
  await writeFile(join(workspace, "notes", "todo.md"), "- read the lesson\n- write the tool\n");
  if (!archive) return;
  const folder = join(workspace, "archive");
  await mkdir(folder, { recursive: true });
  await Promise.all(Array.from({ length: 90 }, (_, i) => writeFile(join(folder, `chapter-${String(i + 1).padStart(3, "0")}-notes-from-the-workshop.md`), "")));
}

/** Writes the file the MCP server is asked for. */
export async function seedMcpFolder(folder: string): Promise<void> {
  await writeFile(join(folder, "CHANGES.md"), "- add the MCP adapter\n- fix the timeout message\n");
}

/** A call with its arguments written as JSON. */
function call(id: string, name: string, args: unknown): ScriptedCall {
  return { id, name, arguments: JSON.stringify(args) };
}

/** The scenarios, in the order they are reported. */
export const SCENARIOS: readonly Scenario[] = [
  {
    id: "missing-file",
    title: "lesson 10's missing file",
    prompt: "Use the read_file tool to read notes/missing.md and tell me what it says. If it cannot be read, say why.",
    replies: () => [
      { calls: [{ id: "call_read_1", name: "read_file", arguments: '{"path": "notes/missing.md"}' }] },
      { text: "I could not read notes/missing.md: it does not exist." },
    ],
    saves: true,
    mcpTools: [],
    parts: [1, 2, 3, 5, 6, 7, 8],
  },
  {
    id: "mixed-batch",
    title: "safe and unsafe calls in one turn",
    prompt: "Count the words of my todo list, add a plan next to it, and read the plan back.",
    replies: () => [
      {
        calls: [
          call("call_todo", "read_file", { path: "notes/todo.md" }),
          call("call_list", "list_dir", { path: "notes" }),
          call("call_count", "word_count", { text: "read the lesson, then write the tool" }),
          call("call_plan", "write_file", { path: "notes/plan.md", content: "1. lesson\n2. tool\n" }),
          call("call_check", "read_file", { path: "notes/plan.md" }),
          call("call_again", "list_dir", { path: "notes" }),
        ],
      },
      { text: "Your list has 7 words; the plan is written and reads back as expected." },
    ],
    saves: true,
    mcpTools: [],
    parts: [1, 2, 3, 5, 6, 7, 8],
  },
  {
    id: "malformed-and-near-miss",
    title: "a malformed call and a near-miss name",
    prompt: "Read notes/todo.md, and count its words.",
    replies: () => [
      {
        calls: [
          { id: "call_broken", name: "read_file", arguments: '{"path": "notes/todo.md"' },
          call("call_case", "Read_File", { path: "notes/todo.md" }),
          call("call_wrapped", "read_file", { arguments: { path: "notes/todo.md" } }),
          { id: "call_text", name: "word_count", arguments: JSON.stringify(JSON.stringify({ text: "read the lesson" })) },
          call("call_number", "word_count", { text: 42 }),
          call("call_list", "list_dir", "notes"),
        ],
      },
      { text: "notes/todo.md lists two things to do." },
    ],
    saves: true,
    mcpTools: [],
    parts: [1, 2, 3, 4, 5, 6, 7, 8],
  },
  {
    id: "throws-and-errors",
    title: "a tool that throws and tools that return an error",
    prompt: "What time is it, and what is in notes/old.md? Count the words of an empty note too.",
    replies: () => [
      { calls: [call("call_clock", "clock", {}), call("call_old", "read_file", { path: "notes/old.md" }), call("call_blank", "word_count", { text: "   " })] },
      { text: "The clock is broken, notes/old.md does not exist, and an empty note has no words." },
    ],
    saves: true,
    mcpTools: [],
    parts: [1, 2, 3, 5, 6, 7, 8],
  },
  {
    id: "long-saved",
    title: "a long result, saved",
    prompt: "List the archive.",
    replies: () => [{ calls: [call("call_archive", "list_dir", { path: "archive" })] }, { text: "The archive holds 90 chapters." }],
    saves: true,
    mcpTools: [],
    parts: [1, 2, 3, 5, 6, 7, 8],
    archive: true,
  },
  {
    id: "long-cut",
    title: "a long result, cut (no folder to save it in)",
    prompt: "List the archive.",
    replies: () => [{ calls: [call("call_archive", "list_dir", { path: "archive" })] }, { text: "The archive holds at least 40 chapters." }],
    saves: false,
    mcpTools: [],
    parts: [1, 2, 3, 5, 6, 7, 8],
    archive: true,
  },
  {
    id: "mcp",
    title: "tools of the real filesystem MCP server",
    prompt: "Read CHANGES.md from the shared folder, list that folder, and try /etc/hostname too.",
    replies: (place) => [
      {
        calls: [
          call("call_changes", "mcp_fs_read_text_file", { path: join(place.mcpFolder, "CHANGES.md") }),
          call("call_folder", "mcp_fs_list_directory", { path: place.mcpFolder }),
          call("call_outside", "mcp_fs_read_text_file", { path: "/etc/hostname" }),
        ],
      },
      { text: "CHANGES.md lists two changes; /etc/hostname is outside the folder I may read." },
    ],
    saves: true,
    mcpTools: ["mcp_fs_list_directory", "mcp_fs_read_text_file"],
    parts: [1, 2, 3, 5, 6, 7, 8, 9],
  },
];
