"""Runs generated inputs through nanobot's own code and writes what it did.

Started once per `npm run fidelity` run by `upstream.ts`:

    python3 upstream_driver.py <path to a nanobot checkout>

Protocol (JSON lines, ASCII only):

- first line out: {"hello": {...}} once upstream's modules are imported, or
  {"setup_error": "<what is missing and what to do>"} and exit status 3;
- then, for each line in: {"batch": [{"kind": ..., "input": ...}, ...]}
  one line out: {"outs": [{"ok": true, "out": ...} | {"ok": false, "crash": "<traceback>"}, ...]}

Values that JSON cannot carry travel tagged (see `protocol.ts`): {"$t": "int", "v": "<digits>"} for an
integer beyond +-(2**53 - 1), {"$t": "float", "v": "<repr>"} for a non-finite or integral float,
{"$t": "dict", "v": [[key, value], ...]} for a dict with a "$t" key, {"$t": "repr", ...} for anything else.

Nothing from nanobot is copied here: its modules are imported from the given checkout at run time.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import sys
import traceback
from copy import deepcopy
import types
from pathlib import Path
from types import SimpleNamespace
from typing import Any

HERE = Path(__file__).resolve().parent
STUBS = HERE / "py_stubs"
SAFE_INTEGER = 2**53 - 1

# Packages whose __init__ imports far more than the compared modules need (sessions, providers,
# the agent loop's product layer). They are entered as bare packages: their submodules import
# normally, their __init__ is not run.
SHELL_PACKAGES = ("nanobot", "nanobot.agent", "nanobot.agent.tools", "nanobot.session", "nanobot.providers")

COMPARED_MODULES = (
    "nanobot.agent.tools.base",
    "nanobot.agent.tools.schema",
    "nanobot.agent.tools.registry",
    "nanobot.agent.runner",
    "nanobot.agent.context_governance",
    "nanobot.utils.helpers",
    "nanobot.utils.runtime",
    "nanobot.agent.tools.mcp",
    "nanobot.providers.base",
    "nanobot.utils.llm_runtime",
)


def emit(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=True, allow_nan=False) + "\n")
    sys.stdout.flush()


def setup_error(message: str) -> None:
    emit({"setup_error": message})
    sys.exit(3)


# --- values across the wire -------------------------------------------------------------------


def enc(value: Any) -> Any:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if -SAFE_INTEGER <= value <= SAFE_INTEGER else {"$t": "int", "v": str(value)}
    if isinstance(value, float):
        if math.isnan(value):
            return {"$t": "float", "v": "nan"}
        if math.isinf(value):
            return {"$t": "float", "v": "inf" if value > 0 else "-inf"}
        if value.is_integer():
            return {"$t": "float", "v": repr(value)}
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [enc(item) for item in value]
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value) and "$t" not in value:
            return {k: enc(v) for k, v in value.items()}
        return {"$t": "dict", "v": [[enc(k), enc(v)] for k, v in value.items()]}
    return {"$t": "repr", "type": type(value).__name__, "v": repr(value)}


def dec(value: Any) -> Any:
    if isinstance(value, list):
        return [dec(item) for item in value]
    if isinstance(value, dict):
        tag = value.get("$t")
        if tag is None:
            return {k: dec(v) for k, v in value.items()}
        if tag == "int":
            return int(value["v"])
        if tag == "float":
            return float(value["v"])
        if tag == "dict":
            return {dec(k): dec(v) for k, v in value["v"]}
        if tag == "undefined":
            return None
        raise ValueError(f"unknown tag {tag!r}")
    return value


# --- importing upstream -----------------------------------------------------------------------


def import_upstream(root: Path) -> dict[str, Any]:
    if not (root / "nanobot" / "agent" / "tools" / "registry.py").is_file():
        setup_error(
            f"{root} is not a nanobot checkout (no nanobot/agent/tools/registry.py). "
            "Give the folder that holds the `nanobot` package, e.g. `npm run fidelity -- /path/to/nanobot`."
        )
    sys.path.insert(0, str(root))
    # Stand-ins go last: an installed package always wins over its stand-in.
    sys.path.append(str(STUBS))
    for name in SHELL_PACKAGES:
        shell = types.ModuleType(name)
        shell.__path__ = [str(root / name.replace(".", "/"))]
        shell.__package__ = name
        sys.modules[name] = shell
    import importlib

    modules: dict[str, Any] = {}
    for name in COMPARED_MODULES:
        try:
            modules[name] = importlib.import_module(name)
        except ModuleNotFoundError as error:
            missing = error.name or str(error)
            setup_error(
                f"upstream's {name} needs the Python module '{missing}', which is not installed and has no "
                f"stand-in in {STUBS}. Install it (`pip install {missing}` or `apt install python3-{missing}`), "
                "or, if the compared paths never call it, add a stand-in package there."
            )
        except Exception as error:  # noqa: BLE001 - any import failure is a setup problem
            setup_error(f"importing upstream's {name} failed: {type(error).__name__}: {error}")
    return modules


def stubs_in_use() -> list[str]:
    used = []
    for entry in sorted(STUBS.iterdir()):
        module = sys.modules.get(entry.name)
        # vars(): some of upstream's modules are lazy proxies that import on attribute access.
        path = vars(module).get("__file__") or "" if module is not None else ""
        if entry.is_dir() and path.startswith(str(STUBS)):
            used.append(entry.name)
    return used


# --- the operations ---------------------------------------------------------------------------


class Ops:
    def __init__(self, modules: dict[str, Any]) -> None:
        base = modules["nanobot.agent.tools.base"]
        self.Tool = base.Tool
        self.ToolResult = base.ToolResult
        self.ToolRegistry = modules["nanobot.agent.tools.registry"].ToolRegistry
        runner = modules["nanobot.agent.runner"]
        self.AgentRunner = runner.AgentRunner
        self.AgentRunSpec = runner.AgentRunSpec
        governance = modules["nanobot.agent.context_governance"]
        self.ContextGovernor = governance.ContextGovernor
        self.ContextGovernanceConfig = governance.ContextGovernanceConfig
        providers = modules["nanobot.providers.base"]
        self.ToolCallRequest = providers.ToolCallRequest
        self.LLMResponse = providers.LLMResponse
        self.LLMProvider = providers.LLMProvider
        self.LLMRuntime = modules["nanobot.utils.llm_runtime"].LLMRuntime
        self.mcp = modules["nanobot.agent.tools.mcp"]
        # The MCP wrapper waits a second before retrying a transient failure; the wait is
        # skipped (the retry itself still happens).
        fast_asyncio = types.ModuleType("asyncio")
        fast_asyncio.__dict__.update(asyncio.__dict__)

        async def no_wait(delay: float, result: Any = None) -> Any:
            return result

        fast_asyncio.sleep = no_wait  # type: ignore[attr-defined]
        self.mcp.asyncio = fast_asyncio
        import mcp.types as mcp_types  # the SDK, or its stand-in

        self.mcp_types = mcp_types
        self.loop = asyncio.new_event_loop()

    # A tool with the given name and schema that behaves as told.
    def make_tool(self, name: str, schema: Any, behaviour: dict[str, Any] | None = None) -> Any:
        ToolResult = self.ToolResult

        class ProbeTool(self.Tool):  # type: ignore[name-defined, misc]
            @property
            def name(self) -> str:
                return name

            @property
            def description(self) -> str:
                return f"probe {name}"

            @property
            def parameters(self) -> Any:
                return schema

            async def execute(self, **kwargs: Any) -> Any:
                if behaviour is None:
                    return "ok"
                kind = behaviour["kind"]
                if kind == "return":
                    return dec(behaviour["value"])
                if kind == "error":
                    return ToolResult.error(behaviour["text"])
                if kind == "raise":
                    raise exception_of(behaviour["cls"], behaviour["message"])
                raise ValueError(f"unknown behaviour {kind!r}")

        return ProbeTool()

    def registry_of(self, tools: list[dict[str, Any]], behaviour: dict[str, Any] | None = None) -> Any:
        registry = self.ToolRegistry()
        for spec in tools:
            registry.register(self.make_tool(spec["name"], dec(spec["schema"]), behaviour))
        return registry

    def prepare(self, inp: dict[str, Any]) -> dict[str, Any]:
        registry = self.registry_of(inp["tools"])
        try:
            _tool, params, error = registry.prepare_call(inp["name"], dec(inp["args"]))
        except Exception as exc:  # noqa: BLE001 - upstream lets it escape; that is the output
            return {"outcome": "raised", "error": f"{type(exc).__name__}: {exc}"}
        if error:
            return {"outcome": "error", "error": str(error), "params": enc(params)}
        return {"outcome": "ok", "params": enc(params)}

    def governance(self, inp: dict[str, Any], registry: Any) -> Any:
        workspace = inp.get("workspace")
        return self.ContextGovernanceConfig(
            provider=None,
            model="oracle",
            tools=registry,
            workspace=Path(workspace) if workspace else None,
            session_key=inp.get("session"),
            max_tool_result_chars=inp["maxChars"],
        )

    async def run_one_call(self, inp: dict[str, Any], registry: Any) -> dict[str, Any]:
        workspace = inp.get("workspace")
        spec = self.AgentRunSpec(
            initial_messages=[],
            tools=registry,
            runtime=None,
            max_iterations=1,
            max_tool_result_chars=inp["maxChars"],
            workspace=Path(workspace) if workspace else None,
            session_key=inp.get("session"),
        )
        runner = self.AgentRunner()
        call = self.ToolCallRequest(id=inp["callId"], name=inp["name"], arguments=dec(inp["args"]))
        result, event, _fatal = await runner._run_tool(spec, call, {}, {})
        # What the loop appends for each call: the result through the governor's normalisation.
        content = runner.context_governor.normalize_tool_result(
            self.governance(inp, registry), call.id, call.name, result
        )
        return {"content": enc(content), "event": enc(dict(event))}

    def result(self, inp: dict[str, Any]) -> dict[str, Any]:
        registry = self.registry_of([{"name": inp["name"], "schema": inp["schema"]}], inp["behaviour"])
        return self.loop.run_until_complete(self.run_one_call(inp, registry))

    def history(self, inp: dict[str, Any]) -> dict[str, Any]:
        config = self.governance(inp, self.ToolRegistry())
        messages = self.ContextGovernor().prepare_for_model(config, dec(inp["messages"]), set())
        return {"messages": enc(messages)}

    def mcp_name(self, inp: dict[str, Any]) -> dict[str, Any]:
        return {"name": self.mcp._sanitize_mcp_tool_name(f"mcp_{inp['server']}_{inp['tool']}")}

    def mcp_definition(self, inp: dict[str, Any]) -> Any:
        fields = {"name": inp["tool"], "description": inp.get("description"), "inputSchema": None}
        if "inputSchema" in inp:
            fields["inputSchema"] = dec(inp["inputSchema"])
        return SimpleNamespace(**fields)

    def mcp_schema(self, inp: dict[str, Any]) -> dict[str, Any]:
        wrapper = self.mcp.MCPToolWrapper(None, inp["server"], self.mcp_definition(inp))
        return {"name": wrapper.name, "description": wrapper.description, "parameters": enc(wrapper.parameters)}

    def mcp_result(self, inp: dict[str, Any]) -> dict[str, Any]:
        reply = inp["reply"]
        TextContent = self.mcp_types.TextContent

        class Session:
            async def call_tool(self, name: str, arguments: Any = None) -> Any:
                if reply["kind"] == "raise":
                    raise exception_of(reply["cls"], reply["message"])
                if reply["kind"] == "malformed":
                    return SimpleNamespace(content=reply["content"], isError=False)
                blocks = [TextContent(type="text", text=text) for text in reply["texts"]]
                return SimpleNamespace(content=blocks, isError=reply.get("isError", False))

        definition = SimpleNamespace(name=inp["tool"], description="probe", inputSchema={"type": "object", "properties": {}})
        wrapper = self.mcp.MCPToolWrapper(Session(), inp["server"], definition)
        registry = self.ToolRegistry()
        registry.register(wrapper)
        call = {"name": wrapper.name, "args": "{}", "callId": "call_mcp", "maxChars": inp["maxChars"]}
        out = self.loop.run_until_complete(self.run_one_call(call, registry))
        return {**out, "name": wrapper.name}


    # --- whole turns ---------------------------------------------------------------------------

    def scripted_provider(self, replies: list[dict[str, Any]]) -> Any:
        """A provider that answers each request with the next scripted reply and records what was sent."""
        ops = self

        class ScriptedProvider(self.LLMProvider):  # type: ignore[name-defined, misc]
            def __init__(self) -> None:
                super().__init__()
                self.left = list(replies)
                self.sent: list[dict[str, Any]] = []

            async def chat(self, **kwargs: Any) -> Any:
                raise RuntimeError("the runner calls chat_with_retry")

            def get_default_model(self) -> str:
                return "oracle"

            async def chat_with_retry(self, messages: Any, tools: Any = None, **kwargs: Any) -> Any:
                self.sent.append({"messages": enc(deepcopy(messages)), "tools": bool(tools)})
                if not self.left:
                    return ops.LLMResponse(content=TURN_SCRIPT_END, finish_reason="stop")
                return ops.reply_of(self.left.pop(0))

        return ScriptedProvider()

    def reply_of(self, reply: dict[str, Any]) -> Any:
        calls = [
            self.ToolCallRequest(id=call["id"], name=call["name"], arguments=dec(call["args"]))
            for call in reply["calls"]
        ]
        fields: dict[str, Any] = {"content": reply["content"], "tool_calls": calls}
        if "finish" in reply:
            fields["finish_reason"] = reply["finish"]
        if "usage" in reply:
            fields["usage"] = dec(reply["usage"])
        if "reasoning" in reply:
            fields["reasoning_content"] = reply["reasoning"]
        return self.LLMResponse(**fields)

    def turn(self, inp: dict[str, Any]) -> dict[str, Any]:
        schema = {"type": "object", "properties": {}}
        registry = self.ToolRegistry()
        registry.register(self.make_tool("echo", schema, None))
        registry.register(self.make_tool("fail", schema, {"kind": "error", "text": TURN_FAIL_TEXT}))
        provider = self.scripted_provider(inp["replies"])
        spec = self.AgentRunSpec(
            initial_messages=[{"role": "user", "content": "go"}],
            tools=registry,
            runtime=self.LLMRuntime.capture(provider, "oracle", context_window_tokens=0),
            max_iterations=inp["maxIterations"],
            max_tool_result_chars=16_000,
        )
        result = self.loop.run_until_complete(self.AgentRunner().run(spec))
        return {
            "sent": provider.sent,
            "final": enc(result.final_content),
            "stop": result.stop_reason,
            "toolsUsed": enc(list(result.tools_used)),
            "usage": enc(dict(result.usage)),
        }


# What the scripted provider answers once its script is used up, and the text of the failing tool.
TURN_SCRIPT_END = "(script ended)"
TURN_FAIL_TEXT = "Error: the probe failed"

_EXCEPTIONS: dict[str, type[BaseException]] = {}


def exception_of(cls: str, message: str) -> BaseException:
    """An exception of the named class: a builtin when one has the name, else a new Exception subclass."""
    import builtins

    builtin = getattr(builtins, cls, None)
    if isinstance(builtin, type) and issubclass(builtin, Exception):
        return builtin(message)
    made = _EXCEPTIONS.get(cls)
    if made is None:
        made = type(cls, (Exception,), {})
        _EXCEPTIONS[cls] = made
    return made(message)


def main() -> None:
    if len(sys.argv) != 2:
        setup_error("usage: upstream_driver.py <path to a nanobot checkout>")
    if sys.version_info < (3, 11):
        setup_error(f"upstream needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    modules = import_upstream(Path(sys.argv[1]).resolve())
    ops = Ops(modules)
    handlers = {
        "args": ops.prepare,
        "schema": ops.prepare,
        "result": ops.result,
        "history": ops.history,
        "mcp-name": ops.mcp_name,
        "mcp-schema": ops.mcp_schema,
        "mcp-result": ops.mcp_result,
        "turn": ops.turn,
    }
    emit(
        {
            "hello": {
                "python": sys.version.split()[0],
                "upstream": str(Path(sys.argv[1]).resolve()),
                "stubs": stubs_in_use(),
                "shells": list(SHELL_PACKAGES),
                "pid": os.getpid(),
            }
        }
    )
    sys.setrecursionlimit(10_000)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        outs = []
        for item in request["batch"]:
            try:
                outs.append({"ok": True, "out": handlers[item["kind"]](item["input"])})
            except BaseException:  # noqa: BLE001 - reported as a driver crash for this input
                outs.append({"ok": False, "crash": traceback.format_exc(limit=6)})
        emit({"outs": outs})


if __name__ == "__main__":
    main()
