"""robots.txt rules, read as RFC 9309 says (pure: the caller fetches; parsing is :mod:`protego`'s).

* a file that was fetched (2xx) → its rules, for our product token (``weblens``), else ``*``;
* "unavailable" (4xx, including 404 and 403) → everything allowed;
* "unreachable" (5xx, 429, connection failure, timeout) → everything disallowed, for now
  (the decision is kept a short while and then asked again).

At most :data:`MAX_BYTES` of a file are parsed (the RFC asks for at least 500 KiB).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from weblens.net.policy import TargetURL

if TYPE_CHECKING:
    from protego import Protego

__all__ = ["MAX_BYTES", "RobotsRules", "Verdict", "agent_token", "robots_url", "verdict_for_status"]

MAX_BYTES = 512 * 1024


class Verdict(StrEnum):
    RULES = "rules"
    ALLOW_ALL = "allow_all"
    DISALLOW_ALL = "disallow_all"


def verdict_for_status(status: int) -> Verdict:
    """What an HTTP status (with no usable body) means for the whole site."""
    if status == 429 or status >= 500:
        return Verdict.DISALLOW_ALL
    return Verdict.ALLOW_ALL


def robots_url(target: TargetURL) -> str:
    """The robots.txt that governs ``target``: same scheme, host and port (RFC 9309 §2.3)."""
    shown = f"[{target.host}]" if ":" in target.host else target.host
    default = {"http": 80, "https": 443}.get(target.scheme)
    netloc = shown if target.port == default else f"{shown}:{target.port}"
    return f"{target.scheme}://{netloc}/robots.txt"


def agent_token(user_agent: str) -> str:
    """The product token robots.txt groups are matched against: ``weblens/0.1 (+…)`` → ``weblens``."""
    first = user_agent.strip().split(" ", 1)[0]
    return first.split("/", 1)[0].lower() or "*"


@dataclass(frozen=True)
class RobotsRules:
    """The rules of one site (a verdict, plus the file's text for :attr:`Verdict.RULES`)."""

    verdict: Verdict
    text: str = ""
    reason: str = ""

    @classmethod
    def parse(cls, body: bytes) -> RobotsRules:
        return cls(Verdict.RULES, body[:MAX_BYTES].decode("utf-8", errors="replace"))

    def compile(self) -> Protego | None:
        if self.verdict is not Verdict.RULES:
            return None
        from protego import Protego

        return Protego.parse(self.text)

    def allows(self, url: str, agent: str, parsed: Protego | None = None) -> bool:
        if self.verdict is not Verdict.RULES:
            return self.verdict is Verdict.ALLOW_ALL
        rules = parsed if parsed is not None else self.compile()
        return rules is None or bool(rules.can_fetch(url, agent))

    def crawl_delay(self, agent: str, parsed: Protego | None = None) -> float | None:
        rules = parsed if parsed is not None else self.compile()
        delay = rules.crawl_delay(agent) if rules is not None else None
        return float(delay) if delay is not None else None

    def dumps(self) -> bytes:
        return json.dumps(
            {"v": 1, "verdict": self.verdict.value, "text": self.text, "reason": self.reason}
        ).encode()

    @classmethod
    def loads(cls, raw: bytes) -> RobotsRules | None:
        try:
            data: Any = json.loads(raw)
            return cls(Verdict(data["verdict"]), str(data.get("text", "")), str(data.get("reason", "")))
        except (ValueError, KeyError, TypeError):
            return None
