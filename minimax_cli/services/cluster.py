"""Batch chunks proven on a Ray cluster (`solve --batch FILE --backend ray`), through Ray's public
API only. Loaded only when that backend is asked for; Ray itself (the optional extra `cluster`)
only when this module starts its workers.

Each chunk is one Ray task. A task whose worker process dies (killed, out of memory, its machine
lost) is run again by Ray (`max_retries`), so every line is answered once: answers are taken only
from a task that finished. Each worker process keeps one prover, with its table within
--table-mb, for all the chunks of a run it is given.
"""

from __future__ import annotations

import logging
import os
import re
import socket
from collections.abc import Callable
from typing import Any

from minimax_cli.core.i18n import _
from minimax_cli.reports.batch import BatchLine
from minimax_cli.services.batch import Answering
from minimax_cli.services.batch_pool import Chunk, Item, WorkersLost

#: Times a chunk is run again after its worker died, before the run gives up (resumable).
RETRIES = 3
#: The extra as installed from the checkout (this project is not on the public index; a package
#: called minimax-cli there is another project's).
INSTALL = "pip install '.[cluster]'"
#: `host:port` (Ray's GCS port, 6379 unless `ray start --port` said otherwise).
_HOST_PORT = re.compile(r"^(?P<host>[A-Za-z0-9._-]+|\[[0-9A-Fa-f:]+\]):(?P<port>[0-9]{1,5})$")
_CONNECT_S = 5.0


class ClusterError(ValueError):
    """Ray cannot be used as asked: not installed, or the address is not one to reach."""


def check_address(address: str | None) -> None:
    """A ClusterError for an address Ray would not reach, before Ray is loaded: it waits minutes
    for a cluster at a closed port and then ends the process, where one line is due now."""
    if address is None or address == "auto":
        return
    match = _HOST_PORT.match(address)
    if match is None or not 0 < int(match["port"]) < 65536:
        raise ClusterError(_("--address {address}: expected HOST:PORT of a Ray cluster's head "
                             "(as `ray start --head` prints it) or auto").format(address=address))
    host = match["host"].strip("[]")
    try:
        socket.create_connection((host, int(match["port"])), timeout=_CONNECT_S).close()
    except OSError as error:
        raise ClusterError(_("--address {address}: no Ray cluster answers there ({reason}); start "
                             "one with `ray start --head`").format(
                                 address=address, reason=error.strerror or error)) from None


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterError(_("--backend ray needs Ray, an optional extra: {command} in the "
                             "project's folder").format(command=INSTALL)) from None
    return ray


_provers: dict[str, Callable[[Item], BatchLine]] = {}


def _prove_chunk(run_id: str, answering: Answering, chunk: Chunk) -> list[BatchLine]:
    """A Ray task: the chunk's answers, by this worker's prover for the run (made once)."""
    prover = _provers.get(run_id)
    if prover is None:
        _provers.clear()  # a worker reused by a later run keeps one table, not one per run
        prover = _provers[run_id] = answering.start()
    return [prover(item) for item in chunk]


class RayWorkers:
    """Chunks as Ray tasks on the cluster at `address` (None: RAY_ADDRESS, else a local Ray of
    `jobs` CPUs, stopped at the end); in a process already connected to Ray, that cluster."""

    def __init__(self, answering: Answering, address: str | None, jobs: int) -> None:
        """`answering`: how each line is answered, the kernel's switches with it, sent with each
        task (a Ray worker does not see this process's environment)."""
        ray = self.ray = _ray()
        self.started = False
        if not ray.is_initialized():
            address = address or os.environ.get("RAY_ADDRESS") or None
            check_address(address)
            options: dict[str, Any] = {"address": address} if address else {"num_cpus": jobs}
            try:
                ray.init(**options, include_dashboard=False, log_to_driver=False,
                         logging_level=logging.WARNING, configure_logging=True)
            except (ConnectionError, ValueError, RuntimeError, SystemExit) as error:
                raise ClusterError(_("--address {address}: Ray cannot connect: {reason}").format(
                    address=address or "auto", reason=str(error).splitlines()[0] if str(error)
                    else type(error).__name__)) from None
            self.started = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.ahead = 2 * max(cpus, 1)
        self.run_id = os.urandom(8).hex()
        self.answering = ray.put(answering)
        self.task = ray.remote(num_cpus=1, max_retries=RETRIES)(_prove_chunk)
        self.out: list[Any] = []  # chunks submitted and not yet taken

    def submit(self, chunk: Chunk) -> Any:
        handle = self.task.remote(self.run_id, self.answering, chunk)
        self.out.append(handle)
        return handle

    def finished(self, handles: list[Any]) -> list[Any]:
        ready, _ = self.ray.wait(handles, num_returns=1)
        return list(ready)

    def result(self, handle: Any) -> list[BatchLine]:
        self.out.remove(handle)
        try:
            lines: list[BatchLine] = self.ray.get(handle)
        except self.ray.exceptions.WorkerCrashedError as error:
            raise WorkersLost(_("a worker died {times} times on one chunk: {reason}").format(
                times=RETRIES + 1, reason=str(error).splitlines()[0])) from None
        return lines

    def close(self, finished: bool) -> None:
        if not finished:  # stopped: a cluster that stays up is not left proving for nobody
            for handle in self.out:
                self.ray.cancel(handle, force=True)
        if self.started:
            self.ray.shutdown()


__all__ = ["INSTALL", "RETRIES", "ClusterError", "RayWorkers", "check_address"]
