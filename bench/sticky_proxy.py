"""nginx in front of several app processes, each browser kept on one of them (sticky sessions).

A Streamlit session lives in one process: its websocket, its uploads (``/_stcore/upload_file``)
and a reconnection must reach that process. The upstream hashes on Streamlit's own XSRF cookie
(``_streamlit_xsrf``, one per browser), so a browser stays on one process whatever its address
(``ip_hash`` would send a whole class behind one NAT to one process). The processes share
``server.cookieSecret`` so a cookie issued by one is valid on all. docs/hosting.md shows the same
configuration for a real server; load_app.py --apps 2 --proxy runs it on loopback."""

from __future__ import annotations

import shutil
import subprocess
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from served_app import stop, wait_healthy  # tests/served_app.py (load_app.py puts tests/ on the path)

__all__ = ["NGINX", "nginx_config", "sticky_proxy", "routes"]

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def nginx_config(app_ports: Sequence[int], listen: int, workdir: Path, address: str = "127.0.0.1") -> str:
    """An nginx.conf that serves on ``address:listen`` and spreads browsers over the app processes
    on ``app_ports`` by the hash of their Streamlit cookie; websockets pass through."""
    servers = "\n".join(f"        server 127.0.0.1:{p};" for p in app_ports)
    temp = "\n".join(f"    {kind}_temp_path {workdir}/{kind};" for kind in ("client_body", "proxy", "fastcgi",
                                                                             "uwsgi", "scgi"))
    return f"""worker_processes 1;
pid {workdir}/nginx.pid;
error_log {workdir}/nginx-error.log;
events {{ worker_connections 1024; }}
http {{
    log_format sticky '$cookie__streamlit_xsrf $upstream_addr "$request" $status';
    access_log {workdir}/nginx-access.log sticky;
{temp}
    client_max_body_size 50m;             # = server.maxUploadSize
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream dscorer {{
        hash $cookie__streamlit_xsrf consistent;   # one browser, one app process
{servers}
    }}
    server {{
        listen {address}:{listen};
        location / {{
            proxy_pass http://dscorer;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_read_timeout 1d;
            proxy_buffering off;
        }}
    }}
}}
"""


@contextmanager
def sticky_proxy(app_ports: Sequence[int], listen: int, workdir: Path) -> Iterator[str]:
    """nginx (``nginx_config``) running in the foreground until the block ends; its URL."""
    workdir.mkdir(parents=True, exist_ok=True)
    conf = workdir / "nginx.conf"
    conf.write_text(nginx_config(app_ports, listen, workdir))
    proc = subprocess.Popen([NGINX, "-p", str(workdir), "-c", str(conf), "-g", "daemon off;"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{listen}"
    try:
        wait_healthy(url, proc, 20, lambda: "nginx did not start: " + (workdir / "nginx-error.log").read_text()[-500:])
        yield url
    finally:
        stop(proc)


def routes(workdir: Path) -> dict[str, set[str]]:
    """From the proxy's log: each cookie (browser) and the app processes its websockets reached."""
    found: dict[str, set[str]] = defaultdict(set)
    log = workdir / "nginx-access.log"
    for line in (log.read_text().splitlines() if log.is_file() else []):
        cookie, upstream, *_ = line.split(" ", 2) + [""]
        if "/_stcore/stream" in line and cookie not in ("", "-"):
            found[cookie].add(upstream)
    return dict(found)
