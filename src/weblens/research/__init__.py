"""Research: passages with exact offsets, ranking, cited answers (see DESIGN.md §3 and docs/research.md).

``chunk``, ``cite``, ``extractive``, ``prompts`` and ``replies`` are pure; ``rank`` runs BM25 and an
embedder; ``embed`` and ``llm`` are the adapters to the models; ``answer`` and ``respond`` compose them.
"""
