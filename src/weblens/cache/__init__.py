"""weblens.cache."""
