"""``alias | … | restore`` as one runnable that releases its run's alias table when the run ends.

The LCEL alias step hands its table to the restore step of the same run (keyed
by the enclosing sequence's run id). If a step between them fails, or a stream
is abandoned, the restore step never runs; :class:`SEAGScope` runs the
sequence under a run id of its own and drops that run's table in ``finally``,
so no original outlives a failed run. A failing step surfaces as a
:class:`~privrag.types.PrivacyError` chained to the step's own error.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any

from langchain_core.runnables import Runnable, RunnableConfig
from langchain_core.runnables.base import coerce_to_runnable
from langchain_core.runnables.config import ensure_config, get_config_list

from privrag.types import PrivacyError

if TYPE_CHECKING:
    from langchain_privrag.seag_lcel import SEAGAliasRunnable

__all__ = ["SEAGScope"]


@contextlib.contextmanager
def _failed_run() -> Iterator[None]:
    """A step's failure as a PrivacyError (the step's error is the cause; nothing was restored)."""
    try:
        yield
    except PrivacyError:
        raise
    except Exception as exc:
        raise PrivacyError(
            f"a step between SEAG's alias and restore steps failed ({type(exc).__name__}); "
            "the run's alias table was released"
        ) from exc


class SEAGScope(Runnable[Any, Any]):
    """The sequence ``alias | … | restore``: it runs under a run id of its own, so
    whatever happens between the two steps (a model error, a cancelled stream) the
    alias table of that run is released when the run ends.

    Built by ``|`` on a :class:`SEAGAliasRunnable`; further ``|`` extend it.
    """

    def __init__(self, sequence: Runnable[Any, Any], alias: SEAGAliasRunnable) -> None:
        self.sequence = sequence
        self.alias = alias

    @property
    def InputType(self) -> Any:  # noqa: N802 (LangChain's name)
        return self.sequence.InputType

    @property
    def OutputType(self) -> Any:  # noqa: N802
        return self.sequence.OutputType

    def __or__(self, other: Any) -> Runnable[Any, Any]:
        return SEAGScope(self.sequence | other, self.alias)

    def __ror__(self, other: Any) -> Runnable[Any, Any]:
        return SEAGScope(coerce_to_runnable(other) | self.sequence, self.alias)

    def _own(self, config: RunnableConfig | None) -> RunnableConfig:
        config = ensure_config(config)
        return {**config, "run_id": config.get("run_id") or uuid.uuid4()}

    @contextlib.contextmanager
    def _scoped(self, *configs: RunnableConfig) -> Iterator[None]:
        """Failures as PrivacyErrors; the tables of these runs dropped at the end, whatever happened."""
        try:
            with _failed_run():
                yield
        finally:
            for c in configs:
                self.alias.discard(str(c["run_id"]))

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        config = self._own(config)
        with self._scoped(config):
            return self.sequence.invoke(input, config, **kwargs)

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        config = self._own(config)
        with self._scoped(config):
            return await self.sequence.ainvoke(input, config, **kwargs)

    def batch(self, inputs: list[Any], config: RunnableConfig | list[RunnableConfig] | None = None, *,
              return_exceptions: bool = False, **kwargs: Any) -> list[Any]:
        configs = [self._own(c) for c in get_config_list(config, len(inputs))]
        with self._scoped(*configs):
            return self.sequence.batch(inputs, configs, return_exceptions=return_exceptions, **kwargs)

    async def abatch(self, inputs: list[Any], config: RunnableConfig | list[RunnableConfig] | None = None, *,
                     return_exceptions: bool = False, **kwargs: Any) -> list[Any]:
        configs = [self._own(c) for c in get_config_list(config, len(inputs))]
        with self._scoped(*configs):
            return await self.sequence.abatch(inputs, configs, return_exceptions=return_exceptions, **kwargs)

    def stream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Iterator[Any]:
        config = self._own(config)
        with self._scoped(config):
            yield from self.sequence.stream(input, config, **kwargs)

    async def astream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> AsyncIterator[Any]:
        config = self._own(config)
        with self._scoped(config):
            async for out in self.sequence.astream(input, config, **kwargs):
                yield out

    def transform(self, input: Iterator[Any], config: RunnableConfig | None = None, **kwargs: Any) -> Iterator[Any]:
        config = self._own(config)
        with self._scoped(config):
            yield from self.sequence.transform(input, config, **kwargs)

    async def atransform(self, input: AsyncIterator[Any], config: RunnableConfig | None = None,
                         **kwargs: Any) -> AsyncIterator[Any]:
        config = self._own(config)
        with self._scoped(config):
            async for out in self.sequence.atransform(input, config, **kwargs):
                yield out
