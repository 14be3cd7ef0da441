"""The Chromium command line: quiet, headless, and with no network path around the proxy. Pure."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["MARKER_SWITCH", "chromium_args"]

MARKER_SWITCH = "--weblens-render-id"
"""An inert switch naming the browser instance, so its processes can be found in /proc."""

_QUIET = (
    "--headless=new",
    "--disable-gpu",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-breakpad",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--metrics-recording-only",
    "--mute-audio",
)

_NO_BYPASS = (
    # No UDP: QUIC would not go through an HTTP proxy, and WebRTC may only use proxied TCP.
    "--disable-quic",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    # Chromium's own resolver answers nothing but the proxy's address: no DNS prefetch, and any
    # connection that somehow skipped the proxy would have no address to go to.
    "--dns-prefetch-disable",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
)


def chromium_args(marker: str, extra: Sequence[str] = ()) -> list[str]:
    """Switches for one browser instance (the proxy itself is passed through Playwright's option)."""
    return [*_QUIET, *_NO_BYPASS, f"{MARKER_SWITCH}={marker}", *extra]
