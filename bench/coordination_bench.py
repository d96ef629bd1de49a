"""How workers could talk to each other: PostgreSQL LISTEN/NOTIFY, Redis pub/sub, NATS core.

Two workers, each its own process (multiprocessing, spawn), on the same local services:
  - "caller": a worker that got a Telegram update for a table it does not hold; it hands the
    update (JSON) to the holder and waits for the holder's reply (request/reply);
  - "holder": the worker holding the table; it parses the update and replies (a small JSON).
  - fan-out: the holder publishes a table change (~100 bytes) to the table's topic, the caller
    watches that topic.

Measured per engine: the round trip (one in flight) for 1 KB, 6 KB and 12 KB updates
(p50/p99/max ms), requests/s with --inflight requests in flight (1 KB), fan-out latency
(publish to delivery, both timestamps on the same monotonic clock), and the CPU seconds each
worker and the service spent per 1000 requests (from /proc/<pid>/stat; for PostgreSQL the
workers' own backends, for Redis and NATS the server's one process, which nothing else here
uses). The service runs on the same 2 cores: its CPU is part of the cost.

PostgreSQL: NOTIFY's payload must be shorter than 8000 bytes, so an update whose envelope is
longer goes through a row: the caller inserts it into an UNLOGGED table and notifies the row's
id in the same statement (one transaction), the holder takes it with DELETE ... RETURNING. The
connections that notify run with synchronous_commit=off: a NOTIFY gives its transaction an id
and a commit record, and with synchronous_commit=on every notification would wait for a WAL
flush (--pg-sync-commit measures that).

Run (from the repository root; the services on their default local ports):
  nice -n 5 python bench/coordination_bench.py --engines postgresql,redis,nats --requests 2000
An engine whose service does not answer is skipped with one line. The PostgreSQL run creates
the UNLOGGED table coord_bench_msg in the database and drops it at the end.
"""

from __future__ import annotations

import abc
import argparse
import asyncio
import contextlib
import itertools
import json
import multiprocessing as mp
import os
import statistics
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

import asyncpg
import nats
import redis.asyncio as aioredis
from nats.aio.client import Client as NatsClient
from nats.aio.msg import Msg as NatsMsg

PG_DSN = "postgresql://postgres@127.0.0.1:5432/test"
REDIS_URL = "redis://127.0.0.1:6379/0"
NATS_HOST, NATS_PORT = "127.0.0.1", 4222

PG_NOTIFY_LIMIT = 8000  # bytes; NOTIFY's payload must be shorter than this
PG_TABLE = "coord_bench_msg"
PG_POOL = 8  # default connections per worker that send (the listening one is one more)
REDIS_POOL = 32  # connections per worker that send (each subscription has one more)
REQUEST_TIMEOUT = 10.0
WARMUP = 50
SIZES = (1024, 6144, 12288)
THROUGHPUT_SIZE = 1024
FANOUT_SIZE = 100


def nats_url() -> str:
    return f"nats://{NATS_HOST}:{NATS_PORT}"


Handler = Callable[[bytes], bytes]
Callback = Callable[[bytes], None]


# --- the work on either side -------------------------------------------------------------


def make_update(update_id: int, size: int) -> bytes:
    """A callback-query update like Telegram's, padded to about size bytes of JSON."""
    update: dict[str, Any] = {
        "update_id": update_id,
        "callback_query": {
            "id": str(4_300_000_000_000_000_000 + update_id),
            "from": {
                "id": 123456789,
                "is_bot": False,
                "first_name": "Wang",
                "username": "wang_player",
                "language_code": "zh-hans",
            },
            "message": {
                "message_id": 5821,
                "chat": {"id": -1001234567890, "title": "斗地主 tables", "type": "supergroup"},
                "date": 1_796_000_000,
                "text": "",
            },
            "chat_instance": "-8123456789012345678",
            "data": "play:3c3d4h5s6s",
        },
    }
    base = len(json.dumps(update).encode())
    update["callback_query"]["message"]["text"] = "x" * max(0, size - base)
    return json.dumps(update).encode()


def handle_update(body: bytes) -> bytes:
    """The holder's part: read the update, answer with a small JSON."""
    update = json.loads(body)
    return json.dumps({"ok": True, "update_id": update["update_id"], "handled": "play"}).encode()


def table_change(seq: int) -> bytes:
    """A ~100-byte table-change notice carrying the monotonic time it was sent."""
    change: dict[str, Any] = {"table": 42, "version": seq, "sent_ns": time.monotonic_ns(), "k": ""}
    change["k"] = "m" * max(0, FANOUT_SIZE - len(json.dumps(change)))
    return json.dumps(change).encode()


# --- the transports ------------------------------------------------------------------------


class Transport(abc.ABC):
    """What a worker needs: answer requests sent to it, send requests, publish, subscribe."""

    @abc.abstractmethod
    async def start(self, me: str) -> None: ...

    @abc.abstractmethod
    async def serve(self, handler: Handler) -> None: ...

    @abc.abstractmethod
    async def request(self, to: str, body: bytes) -> bytes: ...

    @abc.abstractmethod
    async def publish(self, topic: str, body: bytes) -> None: ...

    @abc.abstractmethod
    async def subscribe(self, topic: str, callback: Callback) -> None: ...

    @abc.abstractmethod
    async def close(self) -> None: ...

    async def server_pids(self) -> list[int]:
        """The service's processes that serve this worker alone, if it has such (PostgreSQL's
        backends); none where the service is one process shared by all."""
        return []


class PgTransport(Transport):
    """LISTEN/NOTIFY: each worker listens on one connection, sends through a small pool."""

    def __init__(self, sync_commit: bool, pool_size: int) -> None:
        self.sync_commit = sync_commit
        self.pool_size = pool_size
        self.me = ""
        self.listener: Any = None
        self.pool: Any = None
        self.ids = itertools.count()
        self.pending: dict[str, asyncio.Future[bytes]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.handler: Handler | None = None

    async def _init(self, conn: Any) -> None:
        if not self.sync_commit:
            await conn.execute("SET synchronous_commit = off")

    async def start(self, me: str) -> None:
        self.me = me
        self.listener = await asyncpg.connect(PG_DSN)
        self.pool = await asyncpg.create_pool(
            PG_DSN, min_size=self.pool_size, max_size=self.pool_size, init=self._init
        )
        await self.listener.add_listener(f"coord_rep_{me}", self._on_reply)

    async def server_pids(self) -> list[int]:
        conns = [await self.pool.acquire() for _ in range(self.pool_size)]
        pids = [int(c.get_server_pid()) for c in conns]
        for c in conns:
            await self.pool.release(c)
        return [int(self.listener.get_server_pid()), *pids]

    def _on_reply(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        rid, _, data = payload.partition("|")
        fut = self.pending.pop(rid, None)
        if fut is not None and not fut.done():
            fut.set_result(data.encode())

    async def serve(self, handler: Handler) -> None:
        self.handler = handler
        await self.listener.add_listener(f"coord_req_{self.me}", self._on_request)

    def _on_request(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        task = asyncio.get_running_loop().create_task(self._answer(payload))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _answer(self, payload: str) -> None:
        assert self.handler is not None
        rid, reply_to, kind, data = payload.split("|", 3)
        if kind == "r":  # the update is in a row: take it
            body = await self.pool.fetchval(
                f"DELETE FROM {PG_TABLE} WHERE id = $1 RETURNING body", int(data)
            )
        else:
            body = data
        reply = self.handler(body.encode()).decode()
        await self.pool.execute("SELECT pg_notify($1, $2)", reply_to, f"{rid}|{reply}")

    async def request(self, to: str, body: bytes) -> bytes:
        rid = f"{self.me}-{next(self.ids)}"
        fut: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self.pending[rid] = fut
        head = f"{rid}|coord_rep_{self.me}|"
        text = body.decode()
        try:
            if len(head.encode()) + 2 + len(body) < PG_NOTIFY_LIMIT:
                await self.pool.execute(
                    "SELECT pg_notify($1, $2)", f"coord_req_{to}", f"{head}i|{text}"
                )
            else:  # too long for NOTIFY: a row, and its id notified in the same transaction
                await self.pool.execute(
                    f"WITH m AS (INSERT INTO {PG_TABLE} (body) VALUES ($1) RETURNING id) "
                    "SELECT pg_notify($2, $3 || m.id::text) FROM m",
                    text,
                    f"coord_req_{to}",
                    f"{head}r|",
                )
            return await asyncio.wait_for(fut, REQUEST_TIMEOUT)
        finally:
            self.pending.pop(rid, None)

    async def publish(self, topic: str, body: bytes) -> None:
        await self.pool.execute("SELECT pg_notify($1, $2)", f"coord_tbl_{topic}", body.decode())

    async def subscribe(self, topic: str, callback: Callback) -> None:
        def on_notify(_conn: Any, _pid: int, _channel: str, payload: str) -> None:
            callback(payload.encode())

        await self.listener.add_listener(f"coord_tbl_{topic}", on_notify)

    async def close(self) -> None:
        await self.listener.close()
        await self.pool.close()


class RedisTransport(Transport):
    """Redis pub/sub: a channel per worker for requests, one per worker for replies."""

    def __init__(self) -> None:
        self.me = ""
        self.client: aioredis.Redis | None = None
        self.ids = itertools.count()
        self.pending: dict[bytes, asyncio.Future[bytes]] = {}
        self.readers: list[asyncio.Task[None]] = []
        self.pubsubs: list[Any] = []
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self, me: str) -> None:
        self.me = me
        # a pool that makes a command wait for a connection rather than fail when all are busy
        pool = aioredis.BlockingConnectionPool.from_url(REDIS_URL, max_connections=REDIS_POOL)
        self.client = aioredis.Redis(connection_pool=pool)
        await self._listen(f"coord:rep:{me}", self._on_reply)

    async def _listen(self, channel: str, callback: Callback) -> None:
        """Its own connection per subscription, its confirmation read before going on."""
        assert self.client is not None
        ps = self.client.pubsub()
        await ps.subscribe(channel)
        while True:
            msg = await ps.get_message(timeout=5.0)
            if msg is not None and msg["type"] == "subscribe":
                break

        async def read() -> None:
            async for msg in ps.listen():
                if msg["type"] == "message":
                    callback(msg["data"])

        self.pubsubs.append(ps)
        self.readers.append(asyncio.get_running_loop().create_task(read()))

    def _on_reply(self, data: bytes) -> None:
        rid, _, reply = data.partition(b"|")
        fut = self.pending.pop(rid, None)
        if fut is not None and not fut.done():
            fut.set_result(reply)

    async def serve(self, handler: Handler) -> None:
        client = self.client
        assert client is not None

        async def answer(data: bytes) -> None:
            rid, reply_to, body = data.split(b"|", 2)
            await client.publish(reply_to, rid + b"|" + handler(body))

        def on_request(data: bytes) -> None:
            task = asyncio.get_running_loop().create_task(answer(data))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

        await self._listen(f"coord:req:{self.me}", on_request)

    async def request(self, to: str, body: bytes) -> bytes:
        assert self.client is not None
        rid = f"{next(self.ids)}".encode()
        fut: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self.pending[rid] = fut
        try:
            message = rid + b"|" + f"coord:rep:{self.me}".encode() + b"|" + body
            if await self.client.publish(f"coord:req:{to}", message) == 0:
                raise RuntimeError(f"nobody listens for {to}")
            return await asyncio.wait_for(fut, REQUEST_TIMEOUT)
        finally:
            self.pending.pop(rid, None)

    async def publish(self, topic: str, body: bytes) -> None:
        assert self.client is not None
        await self.client.publish(f"coord:tbl:{topic}", body)

    async def subscribe(self, topic: str, callback: Callback) -> None:
        await self._listen(f"coord:tbl:{topic}", callback)

    async def close(self) -> None:
        for reader in self.readers:
            reader.cancel()
        for ps in self.pubsubs:
            await ps.aclose()
        if self.client is not None:
            await self.client.aclose()


class NatsTransport(Transport):
    """NATS core: request/reply on a subject per worker, fan-out on a subject per table."""

    def __init__(self) -> None:
        self.me = ""
        self.nc: NatsClient | None = None

    async def start(self, me: str) -> None:
        self.me = me
        self.nc = await nats.connect(nats_url())

    async def serve(self, handler: Handler) -> None:
        assert self.nc is not None

        async def on_request(msg: NatsMsg) -> None:
            await msg.respond(handler(msg.data))

        await self.nc.subscribe(f"coord.req.{self.me}", cb=on_request)
        await self.nc.flush()

    async def request(self, to: str, body: bytes) -> bytes:
        assert self.nc is not None
        msg = await self.nc.request(f"coord.req.{to}", body, timeout=REQUEST_TIMEOUT)
        return msg.data

    async def publish(self, topic: str, body: bytes) -> None:
        assert self.nc is not None
        await self.nc.publish(f"coord.tbl.{topic}", body)

    async def subscribe(self, topic: str, callback: Callback) -> None:
        assert self.nc is not None

        async def on_msg(msg: NatsMsg) -> None:
            callback(msg.data)

        await self.nc.subscribe(f"coord.tbl.{topic}", cb=on_msg)
        await self.nc.flush()

    async def close(self) -> None:
        if self.nc is not None:
            await self.nc.drain()


def make_transport(engine: str, pg_sync_commit: bool, pg_pool: int) -> Transport:
    if engine == "postgresql":
        return PgTransport(pg_sync_commit, pg_pool)
    if engine == "redis":
        return RedisTransport()
    if engine == "nats":
        return NatsTransport()
    raise ValueError(engine)


# --- a worker process ----------------------------------------------------------------------


async def run_latency(t: Transport, to: str, size: int, n: int) -> dict[str, Any]:
    bodies = [make_update(i, size) for i in range(8)]
    for i in range(WARMUP):
        await t.request(to, bodies[i % 8])
    times: list[float] = []
    for i in range(n):
        start = time.perf_counter()
        await t.request(to, bodies[i % 8])
        times.append((time.perf_counter() - start) * 1000)
    return {"ms": times, "done": n + WARMUP, "bytes": len(bodies[0])}


async def run_throughput(t: Transport, to: str, n: int, inflight: int) -> dict[str, Any]:
    bodies = [make_update(i, THROUGHPUT_SIZE) for i in range(8)]
    errors = 0

    async def one_slot(left: itertools.count[int], until: int) -> None:
        nonlocal errors
        while (i := next(left)) < until:
            try:
                await t.request(to, bodies[i % 8])
            except Exception:
                errors += 1

    # warm-up with as many in flight, so the pools have opened their connections
    warm = inflight * 4
    left = itertools.count()
    await asyncio.gather(*(one_slot(left, warm) for _ in range(inflight)))
    errors = 0
    left = itertools.count()
    start = time.perf_counter()
    await asyncio.gather(*(one_slot(left, n) for _ in range(inflight)))
    seconds = time.perf_counter() - start
    return {
        "rps": n / seconds,
        "seconds": seconds,
        "done": n + warm,
        "warm": warm,
        "errors": errors,
    }


async def run_watch(t: Transport, conn: Connection, topic: str, n: int) -> dict[str, Any]:
    delays: list[float] = []
    all_in = asyncio.Event()

    def on_change(body: bytes) -> None:
        now = time.monotonic_ns()
        delays.append((now - json.loads(body)["sent_ns"]) / 1e6)
        if len(delays) >= n:
            all_in.set()

    await t.subscribe(topic, on_change)
    conn.send("subscribed")
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(all_in.wait(), 30 + n * 0.01)
    return {"ms": delays, "expected": n}


async def run_publish(t: Transport, topic: str, n: int, every: float) -> dict[str, Any]:
    start = time.perf_counter()
    for i in range(n):
        await t.publish(topic, table_change(i))
        await asyncio.sleep(max(0.0, start + (i + 1) * every - time.perf_counter()))
    return {"published": n}


async def worker(
    engine: str, me: str, pg_sync_commit: bool, pg_pool: int, conn: Connection
) -> None:
    t = make_transport(engine, pg_sync_commit, pg_pool)
    await t.start(me)
    await t.serve(handle_update)
    conn.send(("ready", os.getpid(), await t.server_pids()))
    loop = asyncio.get_running_loop()
    while True:
        cmd: tuple[Any, ...] = await loop.run_in_executor(None, conn.recv)
        try:
            if cmd[0] == "stop":
                break
            if cmd[0] == "latency":
                result = await run_latency(t, cmd[1], cmd[2], cmd[3])
            elif cmd[0] == "throughput":
                result = await run_throughput(t, cmd[1], cmd[2], cmd[3])
            elif cmd[0] == "watch":
                result = await run_watch(t, conn, cmd[1], cmd[2])
            elif cmd[0] == "publish":
                result = await run_publish(t, cmd[1], cmd[2], cmd[3])
            else:
                result = {"error": f"unknown command {cmd[0]}"}
        except Exception as exc:
            result = {"error": f"{type(exc).__name__}: {exc}"}
        conn.send(result)
    await t.close()
    conn.send("stopped")


def worker_main(engine: str, me: str, pg_sync_commit: bool, pg_pool: int, conn: Connection) -> None:
    asyncio.run(worker(engine, me, pg_sync_commit, pg_pool, conn))


# --- the parent: CPU accounting, orchestration, report -------------------------------------

SERVICE_COMM = {"postgresql": "postgres", "redis": "redis-server", "nats": "nats-server"}
TICK = os.sysconf("SC_CLK_TCK")


def cpu_of(pid: int) -> float:
    """user + system CPU seconds of a process (0 if it is gone or unreadable)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def service_cpu(comm: str) -> dict[int, float]:
    """CPU seconds of every process named comm (the service's processes on this machine)."""
    found: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/comm") as f:
                if f.read().strip() != comm:
                    continue
        except OSError:
            continue
        found[int(entry)] = cpu_of(int(entry))
    return found


class Meter:
    """CPU spent by the two workers and by the service between start() and stop()."""

    def __init__(self, pids: dict[str, int], comm: str, server_pids: list[int]) -> None:
        self.pids = pids
        self.comm = comm
        self.server_pids = server_pids
        self.before: dict[str, float] = {}
        self.service_before: dict[int, float] = {}

    def _service(self) -> dict[int, float]:
        """The workers' own backends where the service has them (other clients of the same
        PostgreSQL are not counted), else every process of the service."""
        if self.server_pids:
            return {pid: cpu_of(pid) for pid in self.server_pids}
        return service_cpu(self.comm)

    def start(self) -> None:
        self.before = {name: cpu_of(pid) for name, pid in self.pids.items()}
        self.service_before = self._service()

    def stop(self) -> dict[str, float]:
        spent = {name: cpu_of(pid) - self.before[name] for name, pid in self.pids.items()}
        after = self._service()
        spent["service"] = sum(v - self.service_before.get(pid, 0.0) for pid, v in after.items())
        return spent


async def _ping(engine: str) -> None:
    if engine == "postgresql":
        conn = await asyncpg.connect(PG_DSN, timeout=3)
        await conn.execute(
            f"CREATE UNLOGGED TABLE IF NOT EXISTS {PG_TABLE} "
            "(id bigserial PRIMARY KEY, body text NOT NULL)"
        )
        await conn.execute(f"TRUNCATE {PG_TABLE}")
        await conn.close()
    elif engine == "redis":
        client = aioredis.Redis.from_url(REDIS_URL, socket_connect_timeout=3)
        try:
            await client.ping()
        finally:
            await client.aclose()
    else:
        # a socket first: nats-py's connect prints its failures and tries again
        _, writer = await asyncio.wait_for(asyncio.open_connection(NATS_HOST, NATS_PORT), 3)
        writer.close()

        async def quiet(_exc: Exception) -> None:
            return None

        nc = await nats.connect(
            nats_url(), connect_timeout=3, allow_reconnect=False, error_cb=quiet
        )
        await nc.close()


async def _drop_table() -> None:
    conn = await asyncpg.connect(PG_DSN, timeout=3)
    await conn.execute(f"DROP TABLE IF EXISTS {PG_TABLE}")
    await conn.close()


def answers(engine: str) -> str | None:
    """None if the engine's service answers, else why not."""
    try:
        asyncio.run(asyncio.wait_for(_ping(engine), 8))
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}".strip()
    return None


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ask(conn: Connection, cmd: tuple[Any, ...], timeout: float = 600) -> Any:
    conn.send(cmd)
    if not conn.poll(timeout):
        raise RuntimeError(f"no answer to {cmd[0]} in {timeout} s")
    return conn.recv()


def bench_engine(engine: str, args: argparse.Namespace) -> dict[str, Any]:
    ctx = mp.get_context("spawn")
    ends: dict[str, Connection] = {}
    procs: dict[str, Any] = {}
    pids: dict[str, int] = {}
    server_pids: list[int] = []
    for name in ("caller", "holder"):
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(
            target=worker_main, args=(engine, name, args.pg_sync_commit, args.pg_pool, theirs)
        )
        proc.start()
        ends[name], procs[name] = mine, proc
    try:
        for name in ("caller", "holder"):
            if not ends[name].poll(30):
                raise RuntimeError(f"{name} did not start")
            _, pids[name], backends = ends[name].recv()
            server_pids.extend(backends)
        meter = Meter(pids, SERVICE_COMM[engine], server_pids)
        out: dict[str, Any] = {"latency": {}, "cpu": {}}
        caller = ends["caller"]
        for size in SIZES:
            meter.start()
            res = ask(caller, ("latency", "holder", size, args.requests))
            spent = meter.stop()
            if "error" in res:
                out["latency"][size] = {"error": res["error"]}
                continue
            ms = res["ms"]
            out["latency"][size] = {
                "bytes": res["bytes"],
                "p50": statistics.median(ms),
                "p99": pct(ms, 0.99),
                "max": max(ms),
                "n": len(ms),
            }
            out["cpu"][f"sequential {size}"] = {k: v * 1000 / res["done"] for k, v in spent.items()}
        meter.start()
        res = ask(
            caller, ("throughput", "holder", args.requests * args.throughput_factor, args.inflight)
        )
        spent = meter.stop()
        out["throughput"] = res
        if "error" not in res:
            out["cpu"]["throughput"] = {k: v * 1000 / res["done"] for k, v in spent.items()}
        # fan-out: the caller watches table 42, the holder publishes a change every --every s
        ends["caller"].send(("watch", "42", args.requests))
        if ends["caller"].poll(30) and ends["caller"].recv() == "subscribed":
            ask(ends["holder"], ("publish", "42", args.requests, args.every))
            res = ends["caller"].recv() if ends["caller"].poll(60) else {"error": "no result"}
        else:
            res = {"error": "watcher did not subscribe"}
        if "error" in res or not res["ms"]:
            out["fanout"] = {"error": res.get("error", "nothing delivered")}
        else:
            ms = res["ms"]
            out["fanout"] = {
                "p50": statistics.median(ms),
                "p99": pct(ms, 0.99),
                "max": max(ms),
                "got": len(ms),
                "expected": res["expected"],
            }
        for name in ("caller", "holder"):
            ask(ends[name], ("stop",), 30)
        return out
    finally:
        for proc in procs.values():
            proc.join(10)
            if proc.is_alive():
                proc.kill()


def report(engine: str, out: dict[str, Any], args: argparse.Namespace) -> None:
    print(f"\n## {engine}")
    print("| update | bytes | p50 ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    for size, row in out["latency"].items():
        if "error" in row:
            print(f"| {size // 1024} KB | error: {row['error']} | | | |")
        else:
            print(
                f"| {size // 1024} KB | {row['bytes']} | {row['p50']:.2f} | {row['p99']:.2f} "
                f"| {row['max']:.2f} |"
            )
    tp = out["throughput"]
    if "error" in tp:
        print(f"throughput: error: {tp['error']}")
    else:
        print(
            f"\nthroughput: {tp['rps']:.0f} requests/s ({THROUGHPUT_SIZE} B updates, "
            f"{args.inflight} in flight, {tp['done'] - tp['warm']} requests "
            f"in {tp['seconds']:.2f} s, "
            f"{tp['errors']} errors)"
        )
    fo = out["fanout"]
    if "error" in fo:
        print(f"fan-out: error: {fo['error']}")
    else:
        print(
            f"fan-out ({FANOUT_SIZE} B every {args.every * 1000:.0f} ms): p50 {fo['p50']:.2f} ms, "
            f"p99 {fo['p99']:.2f} ms, max {fo['max']:.2f} ms "
            f"({fo['got']}/{fo['expected']} delivered)"
        )
    print("\n| CPU s per 1000 requests | caller | holder | service |")
    print("|---|---:|---:|---:|")
    for phase, cpu in out["cpu"].items():
        print(f"| {phase} | {cpu['caller']:.3f} | {cpu['holder']:.3f} | {cpu['service']:.3f} |")
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--engines", default="postgresql,redis,nats")
    parser.add_argument("--requests", type=int, default=2000, help="per latency phase")
    parser.add_argument(
        "--throughput-factor", type=int, default=5, help="throughput phase: requests x this"
    )
    parser.add_argument("--inflight", type=int, default=64)
    parser.add_argument("--every", type=float, default=0.002, help="fan-out: s between changes")
    parser.add_argument(
        "--pg-sync-commit",
        action="store_true",
        help="PostgreSQL: leave synchronous_commit on for the notifying connections",
    )
    parser.add_argument(
        "--pg-pool", type=int, default=PG_POOL, help="PostgreSQL: sending connections per worker"
    )
    args = parser.parse_args()
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    print(
        f"# coordination bench: {os.cpu_count()} cores, --requests {args.requests}, "
        f"throughput {args.requests * args.throughput_factor} requests, "
        f"--inflight {args.inflight}, "
        f"pg synchronous_commit {'on' if args.pg_sync_commit else 'off'}, "
        f"pg pool {args.pg_pool} per worker"
    )
    for engine in engines:
        if engine not in SERVICE_COMM:
            print(f"{engine}: unknown engine, skipped")
            continue
        why = answers(engine)
        if why is not None:
            print(f"{engine}: skipped, its service does not answer ({why})")
            continue
        try:
            report(engine, bench_engine(engine, args), args)
        finally:
            if engine == "postgresql":
                asyncio.run(_drop_table())


if __name__ == "__main__":
    main()
