"""Addresses in the settings: the reverse proxies trusted to name a client
(``DDZ_TRUSTED_PROXIES``), and the origins a page may connect from (``DDZ_WEBAPP_ORIGINS``)."""

from __future__ import annotations

from ipaddress import IPv4Network, IPv6Network, ip_network
from urllib.parse import urlsplit

__all__ = ["LOCAL_PROXIES", "Network", "networks", "origins", "web_origin"]

Network = IPv4Network | IPv6Network
#: where a reverse proxy on the same host connects from
LOCAL_PROXIES: tuple[Network, ...] = (ip_network("127.0.0.1/32"), ip_network("::1/128"))


def _parts(raw: str) -> list[str]:
    parts = [part.strip() for part in raw.split(",") if part.strip()]
    if not parts:
        raise ValueError("a comma-separated list")
    return parts


def networks(raw: str) -> tuple[Network, ...]:
    """``10.0.0.1, 10.1.0.0/16, ::1``: addresses (one-address networks) and networks."""
    return tuple(ip_network(part, strict=False) for part in _parts(raw))


def origins(raw: str) -> tuple[str, ...]:
    """``https://a.example, http://127.0.0.1:8081``: each as ``web_origin`` writes it."""
    return tuple(web_origin(part) for part in _parts(raw))


def web_origin(url: str) -> str:
    """A page's origin as browsers send it: ``scheme://host[:port]``, lower case, the
    scheme's own port left out; ``ValueError`` for anything but an http(s) address."""
    parts = urlsplit(url.strip())
    port = parts.port  # raises on a port that is no number
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url!r} is no http(s) origin")
    scheme, host = parts.scheme.lower(), parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    default = {"http": 80, "https": 443}[scheme]
    return f"{scheme}://{host}" + ("" if port in (None, default) else f":{port}")
