"""Stand-in for httpx: the compared paths make no HTTP request; any name is an empty class."""


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    cls = type(name, (Exception,), {"__module__": "httpx"})
    globals()[name] = cls
    return cls
