"""Markers of the AI tests."""


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "no_pyodide: not run inside Pyodide (tests/pyodide), with the reason beside it")
