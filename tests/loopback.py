"""aiohttp applications served on loopback from a thread of their own, for tests whose
commands run in other processes (the servers must answer while the test waits on them)."""

from __future__ import annotations

import asyncio
import threading

from aiohttp import web


class Loopback:
    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.runners: list[web.AppRunner] = []
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def serve(self, app: web.Application) -> str:
        """Start ``app`` on a free loopback port; its base URL."""

        async def start() -> str:
            runner = web.AppRunner(app)
            await runner.setup()
            site = web.TCPSite(runner, "127.0.0.1", 0)
            await site.start()
            self.runners.append(runner)
            port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
            return f"http://127.0.0.1:{port}"

        return asyncio.run_coroutine_threadsafe(start(), self.loop).result(30)

    def close(self) -> None:
        async def stop() -> None:
            for runner in self.runners:
                await runner.cleanup()

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()
