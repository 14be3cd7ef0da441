"""A session request (from any frontend) as a call on its session."""

from __future__ import annotations

from weblens.browser.session import BrowsingSession
from weblens.models import Snapshot
from weblens.requests import (
    SessionBackRequest,
    SessionClickRequest,
    SessionGotoRequest,
    SessionScrollRequest,
    SessionSelectRequest,
    SessionSnapshotRequest,
    SessionTypeRequest,
)

__all__ = ["SnapshotRequest", "act"]

SnapshotRequest = (
    SessionGotoRequest
    | SessionClickRequest
    | SessionTypeRequest
    | SessionSelectRequest
    | SessionScrollRequest
    | SessionBackRequest
    | SessionSnapshotRequest
)
"""The session requests that answer with a Snapshot."""


async def act(session: BrowsingSession, req: SnapshotRequest) -> Snapshot:
    only, offset = req.changes_only, req.text_offset
    match req:
        case SessionGotoRequest():
            return await session.goto(req.url, changes_only=only, text_offset=offset)
        case SessionClickRequest():
            return await session.click(req.index, changes_only=only, text_offset=offset)
        case SessionTypeRequest():
            return await session.type(req.index, req.text, req.submit, changes_only=only, text_offset=offset)
        case SessionSelectRequest():
            return await session.select(req.index, req.option, changes_only=only, text_offset=offset)
        case SessionScrollRequest():
            return await session.scroll(req.direction, changes_only=only, text_offset=offset)
        case SessionBackRequest():
            return await session.back(changes_only=only, text_offset=offset)
        case SessionSnapshotRequest():
            return await session.snapshot(changes_only=only, text_offset=offset)
