"""ROUGE-LSum over word tokens: the summary-level longest-common-subsequence score.

Both texts are cut into lines (their sentences, as ``rouge_score``'s Lsum does) and into lower-cased
``\\w+`` tokens (the tokens of ``score_extraction.py``). For each reference line, the union of its
tokens hit by an LCS with every candidate line is counted (each token at most as often as it is
still available, as in ROUGE-1.5.5); precision divides the total by the candidate's tokens,
recall by the reference's. The LCS of two lines comes from rapidfuzz (bit-parallel, in C++);
pairs of lines with no token in common are skipped (their LCS is empty), which changes nothing.
"""

from __future__ import annotations

import re
from collections import Counter

from rapidfuzz.distance import LCSseq

__all__ = ["rouge_lsum"]

_WORD = re.compile(r"\w+", re.UNICODE)


def _lines(text: str) -> list[list[str]]:
    return [tokens for line in text.splitlines() if (tokens := _WORD.findall(line.lower()))]


def _hits(reference: list[str], candidate: list[str]) -> list[int]:
    """Positions in ``reference`` of one LCS with ``candidate``."""
    found: list[int] = []
    for block in LCSseq.opcodes(reference, candidate):
        if block.tag == "equal":
            found.extend(range(block.src_start, block.src_end))
    return found


def rouge_lsum(reference: str, candidate: str) -> tuple[float, float, float]:
    """(precision, recall, F1) of ``candidate`` against ``reference``."""
    ref_lines, cand_lines = _lines(reference), _lines(candidate)
    ref_total = sum(len(line) for line in ref_lines)
    cand_total = sum(len(line) for line in cand_lines)
    if not ref_total or not cand_total:
        same = ref_total == cand_total
        return (1.0, 1.0, 1.0) if same else (0.0, 0.0, 0.0)
    index: dict[str, set[int]] = {}
    for number, line in enumerate(cand_lines):
        for token in set(line):
            index.setdefault(token, set()).add(number)
    ref_left = Counter(token for line in ref_lines for token in line)
    cand_left = Counter(token for line in cand_lines for token in line)
    hits = 0
    for line in ref_lines:
        partners: set[int] = set()
        for token in set(line):
            partners |= index.get(token, set())
        union: set[int] = set()
        for number in sorted(partners):
            union.update(_hits(line, cand_lines[number]))
        for position in sorted(union):
            token = line[position]
            if ref_left[token] > 0 and cand_left[token] > 0:
                hits += 1
                ref_left[token] -= 1
                cand_left[token] -= 1
    precision, recall = hits / cand_total, hits / ref_total
    f1 = 2 * precision * recall / (precision + recall) if hits else 0.0
    return precision, recall, f1
