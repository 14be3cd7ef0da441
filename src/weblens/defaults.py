"""Defaults that code running without the settings needs too (the settings take them from here)."""

from __future__ import annotations

__all__ = ["MAX_DOWNLOAD_BYTES"]

MAX_DOWNLOAD_BYTES = 10 * 1024 * 1024
"""The largest document read (decoded), in bytes: a fetched page, a document given to extract."""
