"""weblens.net."""
