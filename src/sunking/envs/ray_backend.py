"""Tournaments on Ray: every match a Ray task, on this machine or on a cluster.

``sunking tournament GAME --bots … --backend ray`` starts a local Ray with ``--jobs`` CPUs;
with ``--address ADDR`` (``auto`` for the cluster this machine belongs to, or
``ray://head:10001`` for a remote one) it joins a running cluster instead, whose nodes must
have the same version of sunking installed (see ``docs/envs.md``). A match is a pure
function of its seed and seating, so the results equal those of the process backend.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import ray

from ..bots.arena import MatchResult
from ..bots.tournament import Match, Runner, play


def ray_runner(address: str | None = None, jobs: int = 1) -> Runner:
    """A runner that plays each match as a Ray task.

    If Ray is not running in this process yet, it is started — locally with ``jobs`` CPUs,
    or connected to the cluster at ``address`` — and shut down after the tournament; a Ray
    already started (by a notebook, a test) is used as it is.
    """

    def run(matches: Sequence[Match]) -> Iterator[tuple[int, MatchResult]]:
        started = not ray.is_initialized()
        if started:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
        try:
            task: Any = ray.remote(play)
            pending = {task.remote(match): match.index for match in matches}
            waiting = list(pending)
            while waiting:
                done, waiting = ray.wait(waiting, num_returns=1)
                for ref in done:
                    yield pending[ref], ray.get(ref)
        finally:
            if started:
                ray.shutdown()

    return run
