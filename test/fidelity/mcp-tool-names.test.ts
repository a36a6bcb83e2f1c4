/**
 * Fidelity of MCP tool names: `mcp_<server>_<tool>` is cleaned and shortened exactly as upstream
 * does (each run of underscores and characters outside `[A-Za-z0-9_-]` becomes one `_`; a name over
 * 64 characters keeps 55, then `_` and 8 hex characters of the SHA-1 of the cleaned name). Every
 * expected name below is upstream's own output for the same server and tool names. The one
 * difference kept: two tools that clean to one name both stay, the one needing no change under it
 * and the other with a suffix, where upstream lets the later one replace the earlier.
 */
import { describe, expect, it } from "vitest";
import { assignMcpToolNames, limitToolName, mcpToolName, sanitizeToolName, TOOL_NAME_PATTERN } from "../../src/mcp/tool-name.js";

/** [server, tool, upstream's name], computed by upstream's naming on the same inputs. */
const UPSTREAM_NAMES: ReadonlyArray<readonly [string, string, string]> = [
  ["srv", "read_file", "mcp_srv_read_file"],
  ["my server", "read..file", "mcp_my_server_read_file"],
  ["srv", "__private", "mcp_srv_private"],
  ["srv", "trailing__", "mcp_srv_trailing_"],
  ["srv", "_", "mcp_srv_"],
  ["srv", "a.b-c/d e", "mcp_srv_a_b-c_d_e"],
  ["srv", "notes.list", "mcp_srv_notes_list"],
  ["srv", "notes_list", "mcp_srv_notes_list"],
  ["srv", "notes__list", "mcp_srv_notes_list"],
  ["srv", "caf\u00e9", "mcp_srv_caf_"],
  ["srv", "emoji\ud83d\ude00tool", "mcp_srv_emoji_tool"],
  ["srv", "\u65e5\u672c\u8a9e", "mcp_srv_"],
  ["srv", "tab\there", "mcp_srv_tab_here"],
  ["srv", "esc\u001b[31mred", "mcp_srv_esc_31mred"],
  ["srv", "a".repeat(56), "mcp_srv_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"],
  ["srv", "a".repeat(57), "mcp_srv_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_cee62069"],
  ["srv", "b".repeat(200), "mcp_srv_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb_28a70059"],
  ["srv", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..yy", "mcp_srv_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_yy"],
  ["srv", "-dash-", "mcp_srv_-dash-"],
  ["my.server", "t", "mcp_my_server_t"],
  ["srv!@#", "t", "mcp_srv_t"],
  ["__srv__", "__t__", "mcp_srv_t_"],
  ["", "t", "mcp_t"],
  ["srv", "", "mcp_srv_"],
  ["s p a c e", "t o o l", "mcp_s_p_a_c_e_t_o_o_l"],
  ["srv", "get_very_long_segment_very_long_segment_very_long_segment_very_long_segment_tail", "mcp_srv_get_very_long_segment_very_long_segment_very_lo_0aa82e63"],
  ["fs", "get_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "mcp_fs_get_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_f4b0ab5c"],
  ["x".repeat(70), "t", "mcp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_4388840d"],
  ["srv", "\u00dcn\u00efc\u00f6d\u00e9__mixed..Case", "mcp_srv_n_c_d_mixed_Case"],
  ["srv", "line\u2028sep", "mcp_srv_line_sep"],
  ["a-b", "c-d", "mcp_a-b_c-d"],
];

describe("MCP tool names, as upstream makes them", () => {
  it.each(UPSTREAM_NAMES.map(([server, tool, name]) => [JSON.stringify(server).slice(0, 24), JSON.stringify(tool).slice(0, 40), name, server, tool] as const))(
    "server %s, tool %s gives %s",
    (_s, _t, name, server, tool) => {
      expect(mcpToolName(server, tool)).toBe(name);
      expect(name).toMatch(TOOL_NAME_PATTERN);
    },
  );

  it("collapses runs of underscores left by cleaning and already in the name", () => {
    expect(sanitizeToolName("mcp_my server_read..file")).toBe("mcp_my_server_read_file");
    expect(sanitizeToolName("mcp_srv___private")).toBe("mcp_srv_private");
  });

  it("shortens only past 64 characters, with SHA-1 of the cleaned name", () => {
    const at64 = `mcp_srv_${"a".repeat(56)}`;
    expect(limitToolName(at64)).toBe(at64);
    expect(limitToolName(`${at64}a`)).toBe("mcp_srv_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_cee62069");
    // The hash is of the cleaned name, so names that clean alike shorten alike (as upstream).
    expect(mcpToolName("srv", `${"b".repeat(100)}..c`)).toBe(mcpToolName("srv", `${"b".repeat(100)}_c`));
  });
});

describe("names that clean to the same name (kept difference: a suffix, never a replacement)", () => {
  it("upstream would give notes.list, notes_list and notes__list one name; here the one needing no change keeps it, the others get a suffix", () => {
    const assigned = assignMcpToolNames("srv", ["notes.list", "notes_list", "notes__list"]);
    expect(assigned[1]).toEqual({ status: "named", name: "mcp_srv_notes_list" });
    for (const i of [0, 2]) {
      expect(assigned[i]).toMatchObject({ status: "renamed", wouldBe: "mcp_srv_notes_list", othersSharing: 2 });
      expect((assigned[i] as { name: string }).name).toMatch(/^mcp_srv_notes_list_[0-9a-f]{8}$/);
    }
    expect(new Set(assigned.map((a) => (a as { name: string }).name)).size).toBe(3);
  });

  it("two long names that shorten alike are told apart by the suffix, which hashes the tool's own name", () => {
    const long = "c".repeat(100);
    const assigned = assignMcpToolNames("srv", [`${long}.x`, `${long}/x`]);
    expect(assigned.map((a) => a.status)).toEqual(["renamed", "renamed"]);
    const [first, second] = assigned as unknown as [{ name: string }, { name: string }];
    expect(first.name).not.toBe(second.name);
    for (const { name } of [first, second]) expect(name).toMatch(/^[\w-]{64}$/);
  });
});
