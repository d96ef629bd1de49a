"""Shared test settings: hypothesis runs a fixed, derandomised profile in CI."""

import os

os.environ.setdefault("PTB_TIMEDELTA", "1")  # as bot.py: retry_after as a timedelta

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_terminal_summary(terminalreporter: object) -> None:
    """One line, where the PostgreSQL tests were skipped, saying what to start."""
    from tests.postgres import summary_line

    line = summary_line()
    if line is not None:
        terminalreporter.write_line(line)  # type: ignore[attr-defined]
