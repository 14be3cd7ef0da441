"""Crawling a whole site: canonical URLs, scope, traps, the frontier on disk, duplicates, outputs.

The pure parts (:mod:`.canonical`, :mod:`.scope`, :mod:`.traps`, :mod:`.links`, :mod:`.sitemaps` parsing,
:mod:`.fingerprint`, :mod:`.learn`, :mod:`.lines`) do no I/O; :mod:`.engine` orchestrates over callables
the Lens hands it (:mod:`weblens.crawling`), and :mod:`.sqlite_state` keeps the frontier on disk.
"""
