"""weblens.render."""
