"""Shared test helpers: real servers on loopback."""
