"""weblens inside the agent frameworks people already use, as optional extras.

* ``weblens.integrations.langchain`` (``pip install 'weblens[langchain]'``): ``WeblensLoader``,
  ``WeblensRetriever``, ``weblens_tools()``.
* ``weblens.integrations.llamaindex`` (``pip install 'weblens[llamaindex]'``): ``WeblensReader``.

Function calling without a framework: :mod:`weblens.tools`. Every adapter is thin: it maps the
request models and :data:`weblens.operations.OPERATIONS` and re-implements nothing. Nothing here
imports a framework until its module is imported.
"""
