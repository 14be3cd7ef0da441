"""Run inside a private network namespace (``unshare -n -m``): a crawl whose site links to a host name
that resolves to a private address (10.9.8.7, added to this namespace's loopback device and named in
a bind-mounted /etc/hosts). Prints what happened as JSON: the listener on the private address counts
every connection, so a leak would show, and could reach nothing outside this namespace anyway."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
from pathlib import Path

PRIVATE = "10.9.8.7"


def _namespace(hosts: str) -> None:
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    subprocess.run(["ip", "addr", "add", f"{PRIVATE}/32", "dev", "lo"], check=True)
    path = Path(tempfile.mkdtemp()) / "hosts"
    path.write_text(hosts)
    subprocess.run(["mount", "--bind", str(path), "/etc/hosts"], check=True)


async def main() -> dict[str, object]:
    from tests.support.servers import LoopbackServer, Response
    from weblens.config import Settings
    from weblens.session import Lens

    connections = 0

    async def trap(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal connections
        connections += 1
        writer.close()

    listener = await asyncio.start_server(trap, PRIVATE, 0)
    port = listener.sockets[0].getsockname()[1]
    with LoopbackServer() as site:
        secret = [f"http://intranet.site.test:{port}/admin/{n}" for n in range(3)]
        links = "".join(f'<a href="{url}">internal {n}</a> ' for n, url in enumerate(secret))
        body = f"<html><body><h1>Docs</h1><p>{'Words of the docs page. ' * 30}</p>{links}</body></html>"
        site.route("/docs/", Response(body=body.encode()))
        start = f"http://docs.site.test:{site.port}/docs/"
        settings = Settings(
            allow_hosts=[f"docs.site.test:{site.port}"], cache="none", crawl_rate_limit="off", render="never"
        )
        async with Lens(settings) as lens:
            summary = await lens.crawl(start, scope="domain", sitemaps=False, ignore_robots=True)
    listener.close()
    return {"connections": connections, "summary": summary.model_dump(mode="json")}


if __name__ == "__main__":
    _namespace(f"127.0.0.1 localhost docs.site.test\n{PRIVATE} intranet.site.test\n")
    print(json.dumps(asyncio.run(main())))
    sys.exit(0)
