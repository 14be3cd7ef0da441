"""Public names of a package imported on first use (PEP 562), so importing the package stays cheap.

    __getattr__, __dir__ = lazy_exports(__name__, {"weblens.render.chromium": ("ChromiumRenderer",)})

A command that needs none of a package's heavy parts (``weblens --version``, ``weblens extract``)
then never loads them: Playwright, the search providers' HTTP stack, the embedder's runtime.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, exports: Mapping[str, Sequence[str]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: each name of ``exports[module]`` is imported from
    ``module`` when first asked for (a name equal to the module's last part is the module itself)."""
    where = {name: module for module, names in exports.items() for name in names}

    def getattr_(name: str) -> Any:
        module_name = where.get(name)
        if module_name is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(module_name)
        value = _named(module, name)
        setattr(sys.modules[package], name, value)  # the next lookup is a plain attribute
        return value

    def dir_() -> list[str]:
        return sorted({*vars(sys.modules[package]), *where})

    module = sys.modules[package]
    module.__class__ = _PublicFirst
    module.__dict__["_public_names"] = where
    return getattr_, dir_


class _PublicFirst(types.ModuleType):
    """A package whose public names win over its submodules of the same name: importing
    ``weblens.extract`` (the subpackage) must not turn ``weblens.extract`` (the function) into a module,
    which an eager ``from weblens.extract import extract`` used to guarantee by running last."""

    def __setattr__(self, name: str, value: Any) -> None:
        public: Mapping[str, str] = self.__dict__.get("_public_names", {})
        is_submodule = isinstance(value, types.ModuleType) and value.__name__ == f"{self.__name__}.{name}"
        if is_submodule and name in public and _is_shadowed(value, name, public[name]):
            return  # the submodule stays reachable through sys.modules and ``from … import``
        super().__setattr__(name, value)


def _is_shadowed(submodule: types.ModuleType, name: str, home: str) -> bool:
    """Whether the public ``name`` is something else than ``submodule`` (it lives in another module,
    or is an attribute of the submodule named like it: the function ``weblens.extract.extract``)."""
    return home != submodule.__name__ or not isinstance(getattr(submodule, name, submodule), types.ModuleType)


def _named(module: types.ModuleType, name: str) -> Any:
    """``module.name``, or the module itself when it is what ``name`` names (``weblens.models``)."""
    value = getattr(module, name, None)
    if value is None and module.__name__.rsplit(".", 1)[-1] == name:
        return module
    if value is None:
        raise AttributeError(f"module {module.__name__!r} has no attribute {name!r}")
    return value
