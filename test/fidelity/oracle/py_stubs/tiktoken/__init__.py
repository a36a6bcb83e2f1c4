"""Stand-in for tiktoken: token counting is not on a compared path, so every call raises."""


def get_encoding(name):
    raise RuntimeError("tiktoken is stubbed by the fidelity oracle; token counting is not compared")


def encoding_for_model(name):
    raise RuntimeError("tiktoken is stubbed by the fidelity oracle; token counting is not compared")
