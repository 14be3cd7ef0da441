"""weblens.search.providers."""
