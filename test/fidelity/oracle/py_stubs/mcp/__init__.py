"""Stand-in for the MCP SDK: no session is ever opened; `mcp.types` has the content classes."""

from . import types  # noqa: F401


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    cls = type(name, (), {"__module__": "mcp"})
    globals()[name] = cls
    return cls
