"""weblens.search."""
