"""weblens: search, fetch safely, extract, render and cite the web for AI agents."""

from __future__ import annotations

from weblens import errors, models
from weblens.extract import extract

__all__ = ["errors", "extract", "models"]
__version__ = "0.1.0"
