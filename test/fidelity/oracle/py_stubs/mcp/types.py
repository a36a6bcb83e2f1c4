"""The MCP content classes the tool wrapper checks with isinstance; only text is built by the driver."""


class _Block:
    def __init__(self, **fields):
        self.__dict__.update(fields)


class TextContent(_Block):
    pass


class ImageContent(_Block):
    pass


class AudioContent(_Block):
    pass


class EmbeddedResource(_Block):
    pass


class BlobResourceContents(_Block):
    pass


class TextResourceContents(_Block):
    pass


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    cls = type(name, (_Block,), {"__module__": "mcp.types"})
    globals()[name] = cls
    return cls
