"""schemathesis's command line, run by scripts/schemathesis with one workaround.

CPython 3.11 before 3.11.8 (this machine's python3 is 3.11.7) can raise "SystemError: AST
constructor recursion depth mismatch" from `ast.parse` when Hypothesis describes a lambda while it
checks a recursive strategy (arbitrary JSON, as schemathesis draws for invalid bodies), and
schemathesis then reports a runtime error for that operation. The description only serves a
strategy's repr, so on that error it is given as unknown and the run goes on.
"""

import sys

from hypothesis.internal import lambda_sources

_describe = lambda_sources._lambda_description


def _lambda_description(function):
    try:
        return _describe(function)
    except SystemError:
        return "lambda: <unknown>"


lambda_sources._lambda_description = _lambda_description

from schemathesis.cli import schemathesis  # noqa: E402  (after the patch)

if __name__ == "__main__":
    sys.argv[0] = "schemathesis"
    sys.exit(schemathesis())
