"""Engine-neutral query options → what engines understand (pure).

``site:`` operators for engines without include/exclude parameters, and the
day/week/month/year bucket for engines whose freshness filter has only those
steps. Buckets round *up* (3 days → week): a looser filter can only let in a few
older pages, a tighter one would hide pages the caller asked for. Above a year
there is no bucket (no filter rather than a wrong one).
"""

from __future__ import annotations

from typing import Literal

__all__ = ["RecencyBucket", "host_allowed", "recency_bucket", "site_matches", "with_site_operators"]

RecencyBucket = Literal["day", "week", "month", "year"]
_BUCKETS: tuple[tuple[int, RecencyBucket], ...] = ((1, "day"), (7, "week"), (31, "month"), (366, "year"))


def recency_bucket(days: int | None) -> RecencyBucket | None:
    if days is None:
        return None
    return next((bucket for limit, bucket in _BUCKETS if days <= limit), None)


def with_site_operators(query: str, include: tuple[str, ...], exclude: tuple[str, ...]) -> str:
    """``query`` with ``site:``/``-site:`` terms (several includes are joined with OR)."""
    terms = [query]
    if len(include) == 1:
        terms.append(f"site:{include[0]}")
    elif include:
        terms.append("(" + " OR ".join(f"site:{site}" for site in include) + ")")
    terms.extend(f"-site:{site}" for site in exclude)
    return " ".join(terms)


def site_matches(domain: str, site: str) -> bool:
    """True when ``domain`` is ``site`` or one of its subdomains (``www.`` ignored on both)."""
    domain = domain.lower().removeprefix("www.")
    site = site.lower().removeprefix("www.").split("/", 1)[0]
    return domain == site or domain.endswith("." + site)


def host_allowed(domain: str, include: tuple[str, ...], exclude: tuple[str, ...]) -> bool:
    """True when ``domain`` passes the site filters (in ``include`` if any is given, in no ``exclude``)."""
    if include and not any(site_matches(domain, site) for site in include):
        return False
    return not any(site_matches(domain, site) for site in exclude)
